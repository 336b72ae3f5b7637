import EndlessCore
import EndlessSVG

/// What the page shows before any script runs: each view's first window, drawn by the server.
/// `/?value=72.4` opens the ruler there, `/?x=…&y=…` the grid.
struct IndexPage {
    let value: String
    let valueText: String
    let poundsText: String
    let minimum: String
    let maximum: String
    let gridCentre: String
    let contentLength: String
    let rulerSVG: String
    let poundsSVG: String
    let loopSVG: String
    let gridSVG: String

    init(query: [(String, String)]) throws(EndlessError) {
        let parameters = try Parameters(query, accepted: ["value", "x", "y"])
        let link = LinkedRuler.kilogramsAndPounds()
        let ruler = link.leader
        let offset = try ruler.offset(for: try parameters.decimal("value") ?? ruler.configuration.initialValue!)
        let rulerWindow = try RulerWindow(ruler: ruler, offset: offset, width: 1200, height: 120)
        let poundsWindow = try RulerWindow(
            ruler: link.follower, offset: link.followerOffset(forLeaderOffset: offset), width: 1200, height: 80)
        let x = try parameters.number("x", accepts: "a number between -1e15 and 1e15") ?? 0
        let y = try parameters.number("y", accepts: "a number between -1e15 and 1e15") ?? 0
        let gridWindow = try GridWindow(grid: .standard, centerX: x, centerY: y, width: 1200, height: 500)
        value = ruler.format(rulerWindow.value)
        valueText = "\(value) \(ruler.configuration.unit)"
        poundsText = "\(link.follower.format(poundsWindow.value)) \(link.follower.configuration.unit)"
        minimum = ruler.configuration.minimum.description
        maximum = ruler.configuration.maximum.description
        gridCentre = "(\(GridFrameJSON.number(x)), \(GridFrameJSON.number(y)))"
        contentLength = GridFrameJSON.number(AxisLayout().contentLength)
        rulerSVG = Self.inline(RulerRenderer(ruler: ruler, height: 120).render(rulerWindow).document)
        poundsSVG = Self.inline(RulerRenderer(ruler: link.follower, height: 80).render(poundsWindow).document)
        loopSVG = Self.inline(
            LoopRenderer(loop: .standard, height: 120).render(
                try LoopWindow(loop: .standard, offset: 0, width: 1200, height: 120)
            ).document)
        gridSVG = Self.inline(GridRenderer(grid: .standard).render(gridWindow).document)
    }

    /// A standalone document without its XML declaration, to sit inside HTML.
    static func inline(_ document: [UInt8]) -> String {
        let text = String(decoding: document, as: UTF8.self)
        guard text.hasPrefix("<?xml"), let end = text.firstIndex(of: "\n") else { return text }
        return String(text[text.index(after: end)...])
    }
}
