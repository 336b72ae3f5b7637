import EndlessServer
import EndlessVapor
import Vapor

/// A tea shop's order form with a weight picker: a Vapor app's own routes, and Endless mounted at `/endless`.
/// `swift run HelloVapor [port]` (8082 by default; 0 picks a free one, which the log's "Server started on" names).
@main
struct HelloVapor {
    static func main() async throws {
        let port = CommandLine.arguments.dropFirst().first ?? "8082"
        let app = try await Application.make(
            Environment(
                name: "production", arguments: ["HelloVapor", "serve", "--hostname", "127.0.0.1", "--port", port])
        )
        app.get { _ in html(orderPage) }
        app.get("order") { request in
            // The form's value is exactly what the ruler showed: a decimal, never a float's rounding.
            guard let weight = request.query[String.self, at: "weight"], weight.wholeMatch(of: /\d{1,2}\.\d/) != nil
            else {
                return html("<p>Pick a weight first.</p>", status: .badRequest)
            }
            return html("<p id=\"ordered\">You ordered \(weight) kg.</p>")
        }
        var endless = EndlessOptions()
        endless.servesPage = false  // this app has a page of its own
        try app.endless(at: "/endless", options: endless)
        try await app.execute()
        try await app.asyncShutdown()
    }

    /// The elements' script comes from the mount; its rulers then ask `/endless/frame/ruler` as they scroll.
    static let orderPage = """
        <h1>Order tea</h1>
        <script src="/endless/endless.js" defer></script>
        <form action="/order">
          <label id="weight-label">Weight (kg)</label>
          <endless-ruler id="weight" name="weight" min="0.5" max="20" step="0.1" value="1.5" unit="kg" ends="clamp"
            aria-labelledby="weight-label"></endless-ruler>
          <button type="submit">Order</button>
        </form>
        """

    static func html(_ main: String, status: HTTPResponseStatus = .ok) -> Response {
        let page =
            "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>Tea</title><link rel=\"icon\" href=\"data:,\">"
            + "<main>\(main)</main></html>"
        return Response(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .init(string: page))
    }
}
