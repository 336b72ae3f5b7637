import EndlessCore
import Hummingbird

/// The table's guards (`EndpointTable.refusal`) for the requests no route of the table takes: another method, a path
/// nothing answers. The table's own routes run them again, as the event loop does.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let table: EndpointTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let refusal = EndpointTable.refusal(
            request.head, target: table.local(request.head.path ?? request.uri.string))
        {
            throw refusal
        }
        return try await next(request, context)
    }
}
