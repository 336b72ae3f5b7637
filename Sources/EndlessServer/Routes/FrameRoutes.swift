import EndlessCore
import Hummingbird

extension Router {
    /// `/frame/{view}`: what an element asks once per animation frame at most (see `FrameResponder`).
    func addFrameRoutes(_ frames: FrameResponder, metrics: ServerMetrics) {
        for path in FrameResponder.views.keys {
            let bytesSent = metrics.bytesSent[path]
            let handler: @Sendable (Request, Context) async throws -> Response = { request, _ in
                do {
                    return try await frames.respond(to: request, bytesSent: bytesSent)
                } catch let error as EndlessError {
                    throw PlainTextError(error)
                } catch is RenderGate.Busy {
                    throw PlainTextError.busy
                }
            }
            get(RouterPath(path), use: handler)
            head(RouterPath(path), use: handler)
        }
    }
}
