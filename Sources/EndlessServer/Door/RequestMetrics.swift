import Dispatch
import HTTPTypes
import Hummingbird
import Metrics
import NIOCore
import Synchronization

/// The series Hummingbird's `MetricsMiddleware` records for each request the router answers (`hb.requests`,
/// `http.server.request.duration`, `hb.request.errors`, by route, method and status), recorded for the answers the
/// event loop makes: every answer counts in every metric, whichever path made it. (`http.server.active_requests`
/// would rise and fall within one call here: no scrape can see it, so it is left alone.)
final class RequestMetrics: Sendable {
    struct Series: Hashable, Sendable {
        var route: String
        var method: String
        var status: Int
    }

    /// A series' recorders, made once: a connection keeps its last (a reference, no copy of the series).
    final class Recorders: Sendable {
        let series: Series
        let requests: Counter
        let duration: Timer
        let errors: Counter?

        init(_ series: Series, factory: any MetricsFactory) {
            self.series = series
            let dimensions = [
                ("http.route", series.route), ("http.request.method", series.method),
                ("http.response.status_code", String(series.status)),
            ]
            requests = Counter(label: "hb.requests", dimensions: dimensions, factory: factory)
            duration = Timer(label: "http.server.request.duration", dimensions: dimensions, factory: factory)
            errors =
                series.status >= 400
                ? Counter(
                    label: "hb.request.errors",
                    dimensions: [
                        ("http.route", series.route), ("http.request.method", series.method),
                        ("error.type", String(series.status)),
                    ], factory: factory) : nil
        }
    }

    /// Made the first time each series is recorded, as `MetricsMiddleware` makes them: a series no request has had
    /// is not printed. Routes are the table's, methods as `label` says, and statuses three digits: a bounded set.
    private let made = Mutex<[Series: Recorders]>([:])

    /// The factory in force when the server was built: series made later, on an event loop's thread, go where the
    /// rest of its metrics go (a test's own registry among them).
    private let factory = MetricsSystem.factory

    /// Each event loop's batch of durations, made the first time a connection on it asks.
    private let loops = Mutex<[ObjectIdentifier: NIOLoopBound<LoopDurations>]>([:])

    init() {}

    /// The batch of durations of the answers made on `loop`: the loop hands it to the timers every second.
    func durations(on loop: any EventLoop) -> LoopDurations {
        loops.withLock { loops in
            if let made = loops[ObjectIdentifier(loop)] { return made.value }
            let made = NIOLoopBound(LoopDurations(), eventLoop: loop)
            loops[ObjectIdentifier(loop)] = made
            loop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { _ in made.value.flush() }
            return made.value
        }
    }

    /// Records one answer, begun at `start` (`DispatchTime`'s nanoseconds), in `last`'s recorders if it is of the
    /// same series (a connection's answers mostly are): no lock then. Returns the series recorded in.
    @discardableResult
    func record(
        route: String, method: HTTPRequest.Method, status: Int, start: UInt64, last: Recorders? = nil,
        batch: LoopDurations? = nil
    ) -> Recorders {
        let series = Series(route: route, method: Self.label(method), status: status)
        let recorders =
            last.flatMap { $0.series == series ? $0 : nil }
            ?? made.withLock { made in
                if let recorders = made[series] { return recorders }
                let recorders = Recorders(series, factory: factory)
                made[series] = recorders
                return recorders
            }
        recorders.requests.increment()
        let nanoseconds = Int64(DispatchTime.now().uptimeNanoseconds - start)
        if let batch {
            batch.add(nanoseconds, to: recorders.duration)
        } else {
            recorders.duration.recordNanoseconds(nanoseconds)
        }
        recorders.errors?.increment()
        return recorders
    }

    /// A method as OpenTelemetry's conventions label it: one it does not know is `_OTHER`, so that a client cannot
    /// make a series for every word it sends.
    static func label(_ method: HTTPRequest.Method) -> String {
        switch method {
        case .get, .head, .post, .put, .delete, .connect, .options, .trace, .patch: method.rawValue
        default: "_OTHER"
        }
    }
}

/// The router's side of `RequestMetrics`, in place of Hummingbird's `MetricsMiddleware` (whose series it records):
/// the same recorder for both paths, and methods labelled as OpenTelemetry says.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: RequestMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            var response = try await next(request, context)
            let status = Int(response.status.code)
            let (body, route) = (response.body, context.endpointPath ?? EndpointTable.unmatchedRoute)
            // Counted once the body is written, as `MetricsMiddleware` counts.
            response.body = ResponseBody(contentLength: body.contentLength) { [metrics] writer in
                defer { metrics.record(route: route, method: request.method, status: status, start: start) }
                try await body.write(writer)
            }
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            metrics.record(
                route: context.endpointPath ?? EndpointTable.unmatchedRoute, method: request.method,
                status: Int(status.code), start: start)
            throw error
        }
    }
}
