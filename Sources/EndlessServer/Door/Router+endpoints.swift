import HTTPTypes
import Hummingbird
import Metrics

extension RouterGroup {
    /// Routes each of `table`'s patterns to the table: the router's door to the same answers the event loop gives.
    /// Every method goes there, not GET and HEAD alone, so that a POST is the table's 405 with `Allow`, not the
    /// host router's bare 404. An answer that waits its turn is awaited here; a 4xx or 5xx is thrown, so that
    /// `MetricsMiddleware` counts it as an error, as `RequestMetrics` does on the event loop.
    func add(_ table: EndpointTable, gate: RenderGate, bytesSent: [String: Counter]) {
        for endpoint in table.endpoints {
            let handler: @Sendable (Request, Context) async throws -> Response = { request, _ in
                var head = request.head
                head.path = head.path ?? request.uri.string
                let answer = await table.answer(head, gate: gate, bytesSent: bytesSent)
                guard answer.status.code < 400 else { throw AnswerError(answer: answer.answer) }
                return Response(answer)
            }
            for method in [HTTPRequest.Method.get, .head, .post, .put, .delete, .patch, .options] {
                on(RouterPath(endpoint.pattern), method: method, use: handler)
            }
        }
    }
}

extension EndpointTable {
    /// A full path as the table reads it: without the mount's prefix.
    func local(_ full: String) -> String {
        guard !mountPath.isEmpty, full.hasPrefix(mountPath) else { return full }
        let rest = String(full.dropFirst(mountPath.count))
        return rest.isEmpty || rest.hasPrefix("?") ? "/" + rest : rest
    }
}

/// A 4xx or 5xx answer from the table, thrown so that the router's middleware sees an error.
struct AnswerError: HTTPResponseError {
    let answer: HTTPAnswer
    var status: HTTPResponse.Status { answer.status }
    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(EndlessAnswer(answer))
    }
}
