import EndlessCore
import Hummingbird

/// A 4xx or 5xx whose body is one line of plain text that says what was wrong and what is accepted.
struct PlainTextError: HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// A 404 for a path nothing answers.
    static func notHere(_ path: String) -> PlainTextError {
        PlainTextError(.notFound, "path: \(path) is not here; see / for what is")
    }

    /// A 503 for a large window that found too many waiting: the client may ask again in a second.
    static let busy = PlainTextError(
        .serviceUnavailable, "busy: too many large windows are being drawn; retry after 1 s, or ask for a smaller one",
        headers: [.retryAfter: "1"])

    /// A core error: a malformed parameter is a 400, something that does not exist a 404.
    init(_ error: EndlessError) {
        self.init(error.kind == .notFound ? .notFound : .badRequest, error.description)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(EndlessAnswer(answer(route: "")))
    }

    /// The error as an answer, counted under `route`: one line of text, never kept by a cache.
    func answer(route: String) -> HTTPAnswer {
        var headers = self.headers
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.accessControlAllowOrigin] = "*"
        // A page of another origin reads `Retry-After` only when it is exposed: its elements wait as long as it says.
        if headers[.retryAfter] != nil { headers[.accessControlExposeHeaders] = "Retry-After" }
        var answer = HTTPAnswer(status: status, headers: headers, route: route)
        answer.chunks = [ByteBuffer(string: message + "\n")]
        return answer
    }
}

/// Turns the framework's own errors (an unmatched route's 404, a static file's 400) into one-line text too.
struct PlainTextErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            if error.status == .notFound && error.body == nil { throw PlainTextError.notHere(request.uri.path) }
            throw PlainTextError(error.status, error.body ?? error.status.reasonPhrase, headers: error.headers)
        } catch let error as EndlessError {
            throw PlainTextError(error)
        }
    }
}
