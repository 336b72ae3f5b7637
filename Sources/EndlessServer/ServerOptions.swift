import Foundation

/// How to run the server; every field has the default `swift run endless` uses.
public struct ServerOptions: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Static files, served at `/`.
    public var publicDirectory = "public"
    /// Mustache templates for the pages.
    public var templatesDirectory = "templates"
    /// Rendered tile drawings kept (a ruler block is about 350 bytes, a grid tile about 200, a page's block of 16 grid
    /// tiles about 2,500), and the bytes they may keep alive, keys included.
    public var tileCacheCapacity = 8_192
    public var tileCacheBytes = 16 << 20
    /// Whole responses kept, each keeping at most `maximumCachedResponseBytes` alive: 32 MiB, and their URLs.
    public var responseCacheCapacity = 1_024
    public var maximumCachedResponseBytes = 32_768
    /// Bytes of SVG per HTTP chunk, at least (a chunk ends on a whole tile): each chunk is one gzip sync flush, so that
    /// it decodes as it arrives, and each flush costs some compression.
    public var bytesPerChunk = 8_192
    /// Largest new SVG, in tiles, drawn on the event loop rather than handed to the router: a 1200-point ruler places
    /// 13, an 800 × 600 grid window 63; the largest grid windows (4,096 tiles) would hold the loop for milliseconds.
    public var maximumTilesOnEventLoop = 128
    /// Most bytes of tiles a frame draws on the event loop, where it holds up the other connections of that loop (a
    /// scrolling ruler's report draws a few kilobytes); a frame that draws more goes to the router, and one that
    /// draws more still to the large windows' turns.
    public var maximumFrameBytesOnEventLoop = 32 << 10
    /// Larger windows drawn at once; the rest wait their turn, so that drawing cannot take every core from the light
    /// requests. One core is left to them.
    public var concurrentLargeWindows = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    /// Larger windows that may wait their turn; one more is answered 503 with `Retry-After`, at once.
    public var queuedLargeWindows = 32
    /// Bytes of answers drawn and not yet written to a socket, server-wide: past it, new windows wait for slow
    /// readers to take theirs (or for their connections to close).
    public var maximumUnsentBytes = 64 << 20

    /// Time a client has to send a whole request (its head, and any body) once its first byte has arrived; then it
    /// gets 408 and the connection is closed.
    public var requestHeadTimeout: Duration = .seconds(10)
    /// Time a kept-alive connection may stay silent between requests before it is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// Open connections kept. One more closes the one that has kept the server waiting longest (an unfinished request
    /// gets 408) to take its place; if every other has a response flowing, new ones wait in the listen queue until one
    /// closes.
    public var maximumConnections = 4_096
    /// Connections the kernel may hold for the server to accept: room for a burst of connects while the server makes
    /// room at the bound (past it, a client's SYN is dropped and it retries a second later).
    public var listenBacklog = 1_024

    public init() {}
}
