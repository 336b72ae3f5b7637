import EndlessCore
import EndlessSVG

/// What the page shows before any script runs: each element's first window, drawn by the server, inside it.
/// `/?value=72.4` opens the weight ruler there, `/?x=…&y=…` the grid, and `/?height=172.5` is the form's submission:
/// the height ruler opens there and the page says what was submitted.
struct IndexPage {
    let value: String
    let valueText: String
    let poundsText: String
    let height: String
    let heightText: String
    let submitted: String?
    let x: String
    let y: String
    let gridCentre: String
    let rulerSVG: String
    let poundsSVG: String
    let heightSVG: String
    let loopSVG: String
    let gridSVG: String
    /// Where the page is (its form submits there), and the versioned URLs of `public/` files (`StaticAssets`).
    var pagePath = "/"
    var elementsScript = "/endless.js"
    var pageScript = "/page.js"
    var styleSheet = "/endless.css"

    /// The height ruler of the page's form: 100…250 cm in half centimetres.
    static let heightRuler = try! Ruler(
        RulerConfiguration(minimum: 100, maximum: 250, step: DecimalNumber("0.5")!, ends: .clamp, unit: "cm"))

    /// The page's own parameters, checked; any other is left alone: a page's address carries what links add to it
    /// (`utm_source`, `fbclid`), and a shared link should open the page, not an error.
    static let parameterNames = ["value", "x", "y", "height"]

    init(query: [(String, String)]) throws(EndlessError) {
        let parameters = try Parameters(
            query.filter { Self.parameterNames.contains($0.0) }, accepted: Self.parameterNames)
        let ruler = try Ruler(.weight)
        let offset = try ruler.offset(for: try parameters.decimal("value") ?? ruler.configuration.initialValue!)
        let rulerWindow = try RulerWindow(ruler: ruler, offset: offset, width: 1200, height: 120)
        let pounds = LinkedRuler.pounds()
        let poundsWindow = try RulerWindow(
            ruler: pounds.follower, offset: pounds.followerOffset(forLeaderOffset: offset, of: ruler), width: 1200,
            height: 80)
        let heightValue = try parameters.decimal("height")
        let heightOffset: Double
        do {
            heightOffset = try Self.heightRuler.offset(for: heightValue ?? DecimalNumber("172.5")!)
        } catch {
            throw EndlessError("height", error.reason)  // the ruler says `value`; here the parameter is `height`
        }
        // 120 × 360, the size endless.css gives `#height`: the picture fits before the script runs, or without it.
        let heightWindow = try RulerWindow(
            ruler: Self.heightRuler, offset: heightOffset, width: 120, height: 360, orientation: .vertical)
        let x = try parameters.number("x", accepts: Limits.Accepts.coordinate) ?? 0
        let y = try parameters.number("y", accepts: Limits.Accepts.coordinate) ?? 0
        let gridWindow = try GridWindow(grid: .standard, centerX: x, centerY: y, width: 1200, height: 500)
        value = ruler.format(rulerWindow.value)
        valueText = "\(value) \(ruler.configuration.unit)"
        poundsText = "\(pounds.follower.format(poundsWindow.value)) \(pounds.follower.configuration.unit)"
        let height = Self.heightRuler.format(heightWindow.value)
        (self.height, heightText) = (height, "\(height) cm")
        submitted = heightValue == nil ? nil : height
        (self.x, self.y) = (readoutNumber(x), readoutNumber(y))
        gridCentre = "(\(self.x), \(self.y))"
        rulerSVG = Self.inline(RulerRenderer(ruler: ruler, height: 120).render(rulerWindow).document)
        poundsSVG = Self.inline(RulerRenderer(ruler: pounds.follower, height: 80).render(poundsWindow).document)
        heightSVG = Self.inline(
            RulerRenderer(ruler: Self.heightRuler, height: 120, orientation: .vertical).render(heightWindow).document)
        let loop = Loop.standard
        loopSVG = Self.inline(
            LoopRenderer(loop: loop, height: 120).render(
                try LoopWindow(loop: loop, offset: loop.leading(centring: 0, width: 1200), width: 1200, height: 120)
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
