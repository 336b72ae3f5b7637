import EndlessCore
import Hummingbird

/// The table's guards (`EndpointTable.refusal`) for the requests no route of the table takes: a path nothing
/// answers, too long or climbing. The table's own routes run them again, as the event loop does.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let refusal = EndpointTable.refusal(request.head, target: request.head.path ?? request.uri.string) {
            throw refusal
        }
        return try await next(request, context)
    }
}
