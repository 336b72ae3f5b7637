import EndlessCore
import EndlessSVG

/// One kind of live view: the configuration it reads (the same names and checks as its `/svg` endpoint) and its
/// answer to a page's report. The page's script is the same for every view, so adding a view is adding one of these
/// and listing it in `frameViews`.
protocol FrameView: Sendable {
    /// Every name its frames read: the report's, then its configuration and its own (`ParameterTable`).
    static var names: [String] { get }

    static func answer(_ request: FrameRequest) throws(EndlessError) -> FrameAnswer
}

/// The live views, by the name of their endpoint `/frame/{name}` and element `<endless-{name}>`.
let frameViews: [(name: String, view: any FrameView.Type)] = [
    ("ruler", RulerFrameView.self), ("loop", LoopFrameView.self), ("grid", GridFrameView.self),
    ("timeline", TimelineFrameView.self),
]
