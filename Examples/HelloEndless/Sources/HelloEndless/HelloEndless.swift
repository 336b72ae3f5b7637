import EndlessCore
import EndlessSVG
import EndlessServer
import Foundation
import Hummingbird

/// A shop's order form with a weight picker: the app's own routes, and Endless mounted at `/endless`.
/// `swift run HelloEndless [port]` (8081 by default; 0 picks a free one).
@main
struct HelloEndless {
    static func main() async throws {
        let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8081
        let router = Router()
        router.get("/") { _, _ in html(orderPage) }
        router.get("/order") { request, _ in
            // The receipt draws the weight ordered with the core and the renderer, no server round trip.
            let weight = request.uri.queryParameters["weight"].map(String.init) ?? ""
            guard let value = DecimalNumber(weight), let picture = try? receipt(for: value) else {
                return html(page("Order", "<p>Pick a weight first.</p>"), status: .badRequest)
            }
            return html(page("Ordered", "<p id=\"ordered\">You ordered \(beans.format(value)) kg.</p>\(picture)"))
        }
        var endless = EndlessOptions()
        endless.servesPage = false  // this app has a page of its own
        try router.addEndless(at: "/endless", options: endless)

        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                let url = "http://127.0.0.1:\(channel.localAddress?.port ?? port)/"
                FileHandle.standardOutput.write(Data("HelloEndless is serving on \(url)\n".utf8))
            })
        try await app.runService()
    }

    /// The elements' script comes from the mount; its rulers then ask `/endless/frame/ruler` as they scroll.
    static let orderPage = """
        <!doctype html>
        <html lang="en">
        <meta charset="utf-8">
        <title>Order coffee beans</title>
        <link rel="icon" href="data:,">
        <script src="/endless/endless.js" defer></script>
        <main>
          <h1>Order coffee beans</h1>
          <form action="/order">
            <label id="weight-label">Weight (kg)</label>
            <endless-ruler id="weight" name="weight" min="0.5" max="20" step="0.1" value="1.5" unit="kg" ends="clamp"
              aria-labelledby="weight-label"></endless-ruler>
            <button type="submit">Order</button>
          </form>
        </main>
        """

    /// The order form's ruler, as its attributes say: 0.5 to 20 kg in steps of 0.1, clamped at both ends.
    static let beans = try! Ruler(
        RulerConfiguration(
            minimum: DecimalNumber("0.5")!, maximum: 20, step: DecimalNumber("0.1")!, ends: .clamp, unit: "kg"))

    /// A 600-point picture of the ruler at `value`, as an `<svg>` to put in HTML; throws for a value off the ruler.
    static func receipt(for value: DecimalNumber) throws -> String {
        let window = try RulerWindow(ruler: beans, offset: try beans.offset(for: value), width: 600, height: 80)
        let document = String(decoding: RulerRenderer(ruler: beans, height: 80).render(window).document, as: UTF8.self)
        return String(document.drop { $0 != "\n" })  // the document without its XML declaration
    }

    /// A small page of the app's, its content in a `main` landmark.
    static func page(_ title: String, _ content: String) -> String {
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>\(title)</title><link rel=\"icon\" href=\"data:,\">"
            + "<main>\(content)</main></html>"
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
