import EndlessCore
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
    /// The mount's rows of the one door (`EndpointTable`).
    private(set) var table: EndpointTable

    /// Throws naming an option out of its range, or a prefix that is not a plain path.
    init(at prefix: String, options: EndlessOptions) throws(EndlessError) {
        try options.validate()
        path = try Self.mountPath(prefix)
        self.options = options
        let compressors = CompressorPool(capacity: 64)
        metrics = ServerMetrics()
        svg = SVGResponder(
            options: options, responses: ResponseCache(options: options), metrics: metrics, compressors: compressors)
        frames = FrameResponder(beside: svg, options: options)
        assets = StaticAssets(directory: options.publicDirectory, compressors: compressors)
        // Built in, and read by the tests: a template that does not parse cannot ship.
        templates = MustacheLibrary(templates: ["index": try! MustacheTemplate(string: StaticAssets.indexTemplate)])
        _ = (SVGResource.renderingVersion, SVGResource.itemsRenderingVersion)  // drawn now, not by the first request
        table = EndpointTable(mountPath: path, endpoints: [])
        table = EndpointTable(mountPath: path, endpoints: endpoints())
    }

    /// `prefix` as a path with a slash before it and none after: `"endless/"` is `"/endless"`, `"/"` is `""`.
    static func mountPath(_ prefix: String) throws(EndlessError) -> String {
        let parts = prefix.split(separator: "/")
        guard !parts.contains(where: { $0.hasPrefix(":") || $0.contains("*") || $0.hasPrefix("{") || $0 == ".." })
        else {
            throw EndlessError("prefix", "\(prefix) must be a plain path, with no parameter or wildcard")
        }
        return parts.map { "/" + $0 }.joined()
    }

    /// Every route of the mount, through the endpoint table, with its errors as one line of text, in `router` (a
    /// router, a group of one, a `RouteCollection`).
    func addRoutes<Routes: RouterMethods>(to router: Routes) {
        let group = router.group(RouterPath(path.isEmpty ? "/" : path))
        group.add(middleware: PlainTextErrorMiddleware())
        group.add(table, gate: svg.largeWindows, bytesSent: metrics.bytesSent)
    }
}
