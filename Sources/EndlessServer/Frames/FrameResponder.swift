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
    /// Where Endless is mounted (`""`, `/endless`): the frames' `image` URLs start with it.
    let mountPath: String
    /// The item sets timelines draw (`items=`).
    let items: TimelineItemSets?
    private let layout = AxisLayout()

    init(
        tiles: TileCache, compressors: CompressorPool, gate: RenderGate, eventLoopBytes: Int, mountPath: String = "",
        items: TimelineItemSets? = nil
    ) {
        self.tiles = tiles
        self.compressors = compressors
        self.gate = gate
        self.eventLoopBytes = eventLoopBytes
        self.mountPath = mountPath
        self.items = items
    }

    /// The frames beside `svg`'s windows: its tiles, compressors and large windows' turns.
    init(beside svg: SVGResponder, options: EndlessOptions, mountPath: String = "") {
        self.init(
            tiles: svg.tiles, compressors: svg.compressors, gate: svg.largeWindows,
            eventLoopBytes: options.maximumFrameBytesOnEventLoop, mountPath: mountPath, items: options.items)
    }

    /// The views by their path, `/frame/{name}`.
    static let views = Dictionary(uniqueKeysWithValues: frameViews.map { ("/frame/\($0.name)", $0.view) })

    /// The answer to a GET of a `/frame/{view}` URL, drawing at most `budget` bytes of tiles: `nil` when it would draw
    /// more. Throws for a view that does not exist or a bad parameter. Its `took` counts from `start`, when the
    /// request was first taken up.
    func answer(
        _ request: HTTPRequest, target: String? = nil, budget: Int, start: ContinuousClock.Instant = .now
    ) throws(EndlessError) -> HTTPAnswer? {
        let uri = URI(target ?? request.path ?? "/")
        guard let view = Self.views[uri.path] else {
            throw EndlessError("path", "\(uri.path) is not here; see / for what is", kind: .notFound)
        }
        let query = uri.queryPairs
        let parameters = try Parameters(query, accepted: view.queryNames)
        let answer = try view.answer(
            FrameRequest(
                parameters: parameters, report: try FrameReport(parameters), query: query, tiles: tiles,
                layout: layout, mountPath: mountPath, drawingBudget: budget, items: items))
        guard !answer.overBudget else { return nil }
        var body = answer.json(since: start)
        var headers = Self.headers
        if let language = answer.language { headers[.contentLanguage] = language.identifier }
        // A body that fits in a packet either way goes as it is: compressing it would cost more than it saves.
        if body.readableBytes > Self.smallestGzipped, request.headerFields.acceptsGzip,
            let gzipped = compressors.wholes.gzip(body) ?? compressors.gzip(body)
        {
            (body, headers[.contentEncoding]) = (gzipped, "gzip")
        }
        var reply = HTTPAnswer(status: .ok, headers: headers, route: uri.path)
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
