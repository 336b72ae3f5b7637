import EndlessCore
import Hummingbird

/// Refuses what no route may answer, before any route runs: over-long URLs (414), methods other than
/// GET and HEAD (405: Endless only reads), and `..` anywhere in a path (404: nothing lives above `public/`).
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard request.uri.string.utf8.count <= Limits.maximumURLBytes else {
            throw PlainTextError(.uriTooLong, "url: longer than \(Limits.maximumURLBytes) bytes; shorten the query")
        }
        guard request.method == .get || request.method == .head else {
            throw PlainTextError(
                .methodNotAllowed, "method: \(request.method.rawValue) is not allowed; use GET or HEAD",
                headers: [.allow: "GET, HEAD"])
        }
        guard !request.uri.path.contains("..") && !request.uri.path.lowercased().contains("%2e%2e") else {
            throw PlainTextError.notHere(request.uri.path)
        }
        return try await next(request, context)
    }
}
