import EndlessCore
import EndlessSVG

/// What the page shows before any script runs: each element's first window, drawn by the server, inside it.
/// `/?value=72.4` opens the weight ruler there, `/?x=…&y=…` the grid, and `/?height=172.5` and `/?time=450` are the
/// forms' submissions: their rulers open there and the page says what was submitted.
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
    /// The height's follower in feet and inches, the inch ruler in 16ths and the time of day: their pictures are
    /// images (`…Query` on `svgPath`), which cost the page's first frame nothing, where the others are inlined.
    let feetText: String
    let feetQuery: String
    /// The inch ruler's value, in the element's attribute and its picture's URL alike.
    let inchValue: String
    let inchText: String
    let inchQuery: String
    let time: String
    let timeText: String
    let timeQuery: String
    let submittedTime: String?
    let loopSVG: String
    let gridSVG: String
    /// The meeting in London (an image until its script runs) and its New York follower's text.
    let meeting: String
    let meetingText: String
    let meetingNewYorkText: String
    let meetingQuery: String
    let submittedMeeting: String?
    /// Where the page is (its form submits there), and the versioned URLs of `public/` files (`StaticAssets`).
    var pagePath = "/"
    var svgPath = "/svg"
    var elementsScript = "/endless.js"
    var pageScript = "/page.js"
    var styleSheet = "/endless.css"

    /// The page's own policy, as strict as a careful site's: nothing inline, nothing from elsewhere, and HTML and
    /// script addresses set only through the Trusted Types policies of its two scripts (endless.js, page.js).
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; "
        + "form-action 'self'; base-uri 'none'; require-trusted-types-for 'script'; trusted-types endless endless-page"

    /// The height ruler of the page's form: 100…250 cm in half centimetres.
    static let heightRuler = try! Ruler(
        RulerConfiguration(minimum: 100, maximum: 250, step: DecimalNumber("0.5")!, ends: .clamp, unit: "cm"))

    /// The page's own parameters, checked; any other is left alone: a page's address carries what links add to it
    /// (`utm_source`, `fbclid`), and a shared link should open the page, not an error.
    static let parameterNames = ["value", "x", "y", "height", "time", "meeting"]

    /// The meeting's timeline: London's hours, in quarter hours; it opens the night London's clocks go back.
    static let meetingTimeline = try! Timeline(
        zone: try! ZoneRules.named("Europe/London"), scale: .hour, step: .fifteenMinutes)
    static let newYork = try! ZoneRules.named("America/New_York")

    /// The formats' rulers, as each format measures unless told otherwise (`RulerConfiguration.standard`).
    static let feetRuler = try! Ruler(.standard(for: .feetAndInches))
    static let inchRuler = try! Ruler(.standard(for: .fraction))
    static let timeRuler = try! Ruler(.standard(for: .time))
    /// Inches in a centimetre, as the page's follower has it (`factor`).
    static let inchesPerCentimetre = 1 / 2.54

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
        let feet = try LinkedRuler(follower: Self.feetRuler, factor: Self.inchesPerCentimetre)
        let feetWindow = try RulerWindow(
            ruler: Self.feetRuler, offset: feet.followerOffset(forLeaderOffset: heightOffset, of: Self.heightRuler),
            width: 100, height: 360, orientation: .vertical)
        feetText = Self.feetRuler.text(feetWindow.value)
        feetQuery =
            "format=feet-inches&orientation=vertical&value=\(Self.feetRuler.format(feetWindow.value))&width=100&height=360"
        let inch = DecimalNumber("3.3125")!
        (inchValue, inchText) = (Self.inchRuler.format(inch), Self.inchRuler.text(inch))
        inchQuery = "format=fraction&value=\(inchValue)&width=1200&height=120"
        let timeValue = try parameters.decimal("time")
        let timeOffset: Double
        do {
            timeOffset = try Self.timeRuler.offset(for: timeValue ?? Self.timeRuler.configuration.initialValue!)
        } catch {
            throw EndlessError("time", error.reason)
        }
        let timeWindow = try RulerWindow(ruler: Self.timeRuler, offset: timeOffset, width: 1200, height: 120)
        time = Self.timeRuler.format(timeWindow.value)
        timeText = Self.timeRuler.text(timeWindow.value)
        submittedTime = timeValue == nil ? nil : time
        timeQuery = "format=time&value=\(time)&width=1200&height=120"
        let meetingValue = try parameters.instant("meeting")
        let meetingAt = Self.meetingTimeline.snapped(meetingValue ?? Instant(unchecked: 1_792_888_200))  // 00:30Z
        meeting = Self.meetingTimeline.text(meetingAt)
        meetingText = Self.meetingTimeline.spokenText(meetingAt)
        meetingNewYorkText = try Timeline(zone: Self.newYork).spokenText(meetingAt)
        submittedMeeting = meetingValue == nil ? nil : meeting
        meetingQuery = "tz=Europe/London&step=15min&at=\(meeting.replacing("+", with: "%2B"))&width=1200&height=120"
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
