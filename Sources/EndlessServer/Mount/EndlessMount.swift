import HTTPTypes
import Hummingbird
import Mustache

/// What one mount serves, made once: the responders and their caches, the files and the page.
struct EndlessMount: Sendable {
    /// Where it is mounted: `""` at the root, else `/endless`, with no slash at the end.
    let path: String
    let options: EndlessOptions
    let svg: SVGResponder
    let frames: FrameResponder
    let assets: StaticAssets
    let metrics: ServerMetrics
    let templates: MustacheLibrary

    init(at prefix: String, options: EndlessOptions) {
        path = Self.mountPath(prefix)
        self.options = options
        let compressors = CompressorPool(capacity: 64)
        metrics = ServerMetrics()
        svg = SVGResponder(
            options: options, responses: ResponseCache(options: options), metrics: metrics, compressors: compressors)
        frames = FrameResponder(beside: svg, options: options, mountPath: path)
        assets = StaticAssets(directory: options.publicDirectory, compressors: compressors)
        // Built in, and read by the tests: a template that does not parse cannot ship.
        templates = MustacheLibrary(templates: ["index": try! MustacheTemplate(string: StaticAssets.indexTemplate)])
        _ = SVGResource.renderingVersion  // drawn now, not by the first request
    }

    /// `prefix` as a path with a slash before it and none after: `"endless/"` is `"/endless"`, `"/"` is `""`.
    static func mountPath(_ prefix: String) -> String {
        let parts = prefix.split(separator: "/")
        precondition(
            !parts.contains { $0.hasPrefix(":") || $0.contains("*") || $0.hasPrefix("{") },
            "addEndless(at:): \(prefix) must be a plain path, with no parameter or wildcard")
        return parts.map { "/" + $0 }.joined()
    }

    /// Every route of the mount, with its errors as one line of text and over-long URLs and `..` refused; `guarded:
    /// false` leaves that to the router (`endless` does it for every route, ahead of any).
    func addRoutes<Context: RequestContext>(to router: Router<Context>, guarded: Bool = true) {
        let group = router.group(RouterPath(path.isEmpty ? "/" : path))
        if guarded {
            group.add(middleware: PlainTextErrorMiddleware())
            group.add(middleware: RequestGuardMiddleware())
        }
        addSVGRoutes(to: group)
        addFrameRoutes(to: group)
        addAssetRoutes(to: group)
        if options.servesPage { addPageRoute(to: group) }
    }

    /// The request as the mount sees it: its path without the mount's prefix.
    func local(_ request: Request) -> HTTPRequest {
        var head = request.head
        if !path.isEmpty, let full = head.path, full.hasPrefix(path) { head.path = String(full.dropFirst(path.count)) }
        return head
    }
}
