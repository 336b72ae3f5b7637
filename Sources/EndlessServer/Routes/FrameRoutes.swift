import EndlessCore
import Hummingbird

extension EndlessMount {
    /// `frame/{view}`: what an element asks once per animation frame at most (see `FrameResponder`).
    func addFrameRoutes<Context: RequestContext>(to group: RouterGroup<Context>) {
        for path in FrameResponder.views.keys {
            let bytesSent = metrics.bytesSent[path]
            let handler: @Sendable (Request, Context) async throws -> Response = { [frames] request, _ in
                do {
                    return try await frames.respond(to: local(request), bytesSent: bytesSent)
                } catch let error as EndlessError {
                    throw PlainTextError(error)
                } catch is RenderGate.Busy {
                    throw PlainTextError.busy
                }
            }
            group.get(RouterPath(path), use: handler)
            group.head(RouterPath(path), use: handler)
        }
    }
}
