import HTTPTypes
import Hummingbird
import Metrics

extension RouterMethods {
    /// Routes each of `table`'s endpoints to itself: the router matches, and hands the endpoint what it matched, so
    /// nothing matches a path twice. Every method goes there, not GET and HEAD alone, so that a POST is the table's
    /// 405 with `Allow`, not the host router's bare 404. Where the mount is comes from the route the router matched,
    /// so a host may mount it inside a group or a `RouteCollection`. An answer that waits its turn is awaited here;
    /// a 4xx or 5xx is thrown, so that `MetricsMiddleware` counts it as an error, as `RequestMetrics` does on the
    /// event loop.
    func add(_ table: EndpointTable, gate: RenderGate, bytesSent: [String: Counter]) {
        for endpoint in table.endpoints {
            let handler: @Sendable (Request, Context) async throws -> Response = { request, context in
                let matched = (context.endpointPath ?? "").split(separator: "/")
                let mountPath = EndpointTable.mountPath(matched: matched, endpoint: endpoint)
                let captures = endpoint.captureNames.map { Substring(context.parameters.get($0) ?? "") }
                let target = EndpointTable.local(request.head.path ?? request.uri.string, below: mountPath)
                let answer = await table.answer(
                    endpoint, request.head, target: target, captures: captures, mountPath: mountPath, gate: gate,
                    bytesSent: bytesSent)
                guard answer.status.code < 400 else { throw AnswerError(answer: answer.answer) }
                return Response(answer)
            }
            for method in [HTTPRequest.Method.get, .head, .post, .put, .delete, .patch, .options] {
                on(RouterPath(endpoint.pattern), method: method, use: handler)
            }
        }
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
