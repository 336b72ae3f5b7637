/// How to run the server; every field has the default `swift run endless` uses.
public struct ServerOptions: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Static files, served at `/`.
    public var publicDirectory = "public"
    /// Mustache templates for the pages.
    public var templatesDirectory = "templates"
    /// Rendered tile drawings kept (a ruler block is about 350 bytes, a grid tile about 200, a page's block of 16 grid
    /// tiles about 2,500: at most about 20 MB).
    public var tileCacheCapacity = 8_192
    /// Whole responses kept, each at most `maximumCachedResponseBytes`.
    public var responseCacheCapacity = 1_024
    public var maximumCachedResponseBytes = 32_768
    /// Bytes of SVG per HTTP chunk, at least (a chunk ends on a whole tile): each chunk is one gzip sync flush, so that
    /// it decodes as it arrives, and each flush costs some compression.
    public var bytesPerChunk = 8_192
    /// Largest new SVG, in tiles, drawn on the event loop rather than handed to the router: a 1200-point ruler places
    /// 13, an 800 × 600 grid window 63; the largest grid windows (4,096 tiles) would hold the loop for milliseconds.
    public var maximumTilesOnEventLoop = 128

    public init() {}
}
