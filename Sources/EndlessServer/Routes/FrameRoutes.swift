import EndlessCore
import Foundation
import Hummingbird

extension Router {
    /// `/frame/{view}`: what an element asks once per animation frame at most. Its report and its view's
    /// configuration travel in the query; the answer is JSON, never cached, gzipped when the page accepts it (the SVG
    /// in a frame shrinks about twentyfold). Any origin may ask: an element works on any page.
    func addFrameRoutes(tiles: TileCache, compressors: CompressorPool) {
        let layout = AxisLayout()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        for (name, view) in frameViews {
            let handler: @Sendable (Request, Context) async throws -> Response = { request, _ in
                do {
                    let start = ContinuousClock.now
                    let query = request.queryPairs
                    let parameters = try Parameters(query, accepted: FrameReport.names + view.names)
                    var answer = try view.answer(
                        FrameRequest(
                            parameters: parameters, report: try FrameReport(parameters), query: query, tiles: tiles,
                            layout: layout))
                    answer.took = ((ContinuousClock.now - start) / .microseconds(100)).rounded(.up) / 10
                    return compressors.response(
                        ByteBuffer(bytes: try encoder.encode(answer)),
                        headers: [
                            .contentType: "application/json", .cacheControl: "no-store",
                            .accessControlAllowOrigin: "*",
                        ],
                        to: request)
                } catch let error as EndlessError {
                    throw PlainTextError(error)
                }
            }
            get(RouterPath("/frame/\(name)"), use: handler)
            head(RouterPath("/frame/\(name)"), use: handler)
        }
    }
}
