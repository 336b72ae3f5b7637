import EndlessCore
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Metrics
import NIOCore

/// Answers `/frame/{view}`: the one place a frame is made, its body and headers, whether the router sends it or the
/// event loop (`EventLoopResponder`). The answer is JSON, never cached, gzipped when the page accepts it (the SVG in a
/// frame shrinks about twentyfold). Any origin may ask: an element works on any page.
struct FrameResponder: Sendable {
    let tiles: TileCache
    let compressors: CompressorPool
    /// The large windows' turns, which the heaviest frames share.
    let gate: RenderGate
    /// Bytes of tiles a frame may draw on the event loop or outside the gate's turns: one that draws more is drawn
    /// in its turn.
    let eventLoopBytes: Int
    /// The item sets timelines draw (`items=`).
    let items: TimelineItemSets?
    private let layout = AxisLayout()

    init(
        tiles: TileCache, compressors: CompressorPool, gate: RenderGate, eventLoopBytes: Int,
        items: TimelineItemSets? = nil
    ) {
        self.tiles = tiles
        self.compressors = compressors
        self.gate = gate
        self.eventLoopBytes = eventLoopBytes
        self.items = items
    }

    /// The frames beside `svg`'s windows: its tiles, compressors and large windows' turns.
    init(beside svg: SVGResponder, options: EndlessOptions) {
        self.init(
            tiles: svg.tiles, compressors: svg.compressors, gate: svg.largeWindows,
            eventLoopBytes: options.maximumFrameBytesOnEventLoop, items: options.items)
    }

    /// The answer to a GET of `view`'s frame (`route`, its pattern), drawing at most `budget` bytes of tiles: `nil`
    /// when it would draw more. Throws for a bad parameter. Its `took` counts from when the request was first taken
    /// up; its `image` URLs start where the request found the mount.
    func answer(
        _ request: EndpointRequest, view: any FrameView.Type, route: String, budget: Int
    ) throws(EndlessError) -> HTTPAnswer? {
        let query = request.queryPairs
        let parameters = try Parameters(query, accepted: view.names)
        let answer = try view.answer(
            FrameRequest(
                parameters: parameters, report: try FrameReport(parameters), query: query, tiles: tiles,
                layout: layout, mountPath: request.mountPath, drawingBudget: budget, items: items))
        guard !answer.overBudget else { return nil }
        var body = answer.json(since: request.start)
        var headers = Self.headers
        if let language = answer.language { headers[.contentLanguage] = language.identifier }
        // A body that fits in a packet either way goes as it is: compressing it would cost more than it saves.
        if body.readableBytes > Self.smallestGzipped, request.head.headerFields.acceptsGzip,
            let gzipped = compressors.wholes.gzip(body) ?? compressors.gzip(body)
        {
            (body, headers[.contentEncoding]) = (gzipped, "gzip")
        }
        var reply = HTTPAnswer(status: .ok, headers: headers, route: route)
        reply.chunks = [body]
        reply.drawn = true
        return reply
    }

    /// Bytes of JSON below which a frame is not gzipped: a frame with no new tile is about 700.
    static let smallestGzipped = 1_200

    private static let headers: HTTPFields = [
        .contentType: "application/json", .cacheControl: "no-store", .accessControlAllowOrigin: "*",
        .vary: "Accept-Encoding",
    ]

}
