import Foundation

/// How much Endless keeps and draws at once, wherever it is mounted; every field has the default `endless` uses.
/// `validate()` checks them, and building an app or a mount calls it: an option out of range is an error naming it.
public struct EndlessOptions: Sendable {
    /// Rendered tile drawings kept (a ruler block is about 350 bytes, a grid tile about 200, a page's block of 16 grid
    /// tiles about 2,500).
    public var tileCacheCapacity = 8_192
    /// Bytes the kept tile drawings may keep alive, keys included.
    public var tileCacheBytes = 16 << 20
    /// Whole responses kept, so that a repeated URL is sent, not drawn.
    public var responseCacheCapacity = 1_024
    /// Bytes the kept responses may keep alive, their keys (URLs) included.
    public var responseCacheBytes = 32 << 20
    /// Largest response kept.
    public var maximumCachedResponseBytes = 32_768
    /// Bytes of SVG per HTTP chunk, at least (a chunk ends on a whole tile): each chunk is one gzip sync flush, so that
    /// it decodes as it arrives, and each flush costs some compression.
    public var bytesPerChunk = 8_192
    /// Windows of more tiles than this are large: they take turns (`concurrentLargeWindows`), and `endless` draws
    /// them off the event loop. A 1200-point ruler places 13 tiles, an 800 × 600 grid window 63.
    public var maximumTilesOnEventLoop = 128
    /// Most bytes of tiles a frame draws on the event loop, or outside the large windows' turns: a scrolling ruler's
    /// report draws a few kilobytes; one that draws more waits for its turn.
    public var maximumFrameBytesOnEventLoop = 32 << 10
    /// Large windows drawn at once; the rest wait their turn, so that drawing cannot take every core from the light
    /// requests. One core is left to them.
    public var concurrentLargeWindows = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    /// Large windows that may wait their turn; one more is answered 503 with `Retry-After`, at once.
    public var queuedLargeWindows = 32
    /// Bytes of answers drawn and not yet written to a socket, server-wide: past it, new windows wait for slow
    /// readers to take theirs (or for their connections to close).
    public var maximumUnsentBytes = 64 << 20
    /// Whether the mount serves the demonstration page at its root (`/endless/` for a mount at `/endless`).
    public var servesPage = true
    /// A folder to serve the elements' script and styles from instead of the copies built in, re-read when a file
    /// changes: for working on `public/` without rebuilding. `nil` serves the built-in files.
    public var publicDirectory: String? = nil
    /// The item sets timelines draw, by name (`items=launches`): keep it, and replace a set when its data changes.
    public var items = TimelineItemSets()

    public init() {}
}
