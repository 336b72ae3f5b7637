import EndlessCore
import EndlessSVG
import EndlessServer
import Foundation
import Hummingbird

/// A coffee roastery's app: an order form with a weight picker, and a timeline of its roasts and deliveries kept in
/// SQLite (`events.sqlite` in the working directory), where a form adds one; the app's own routes, and Endless
/// mounted at `/endless`. `swift run HelloEndless [port]` (8081 by default; 0 picks a free one).
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
        // The app keeps `endless.items` and hands it its events again whenever they change.
        let roastery = try Roastery(path: "events.sqlite", items: endless.items)
        router.get("/events") { _, _ in html(eventsPage) }
        router.post("/events") { request, _ in
            let form = try await request.body.collect(upTo: 16_384)
            do {
                try roastery.add(try event(from: String(buffer: form)))
                return Response(status: .created)
            } catch {
                return Response(
                    status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: "\(error)\n")))
            }
        }
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

    /// The roastery's timeline, its items the events table's, and a form that adds one: the page posts it and stays,
    /// and the timeline shows the new event by itself.
    static let eventsPage = """
        <!doctype html>
        <html lang="en">
        <meta charset="utf-8">
        <title>Roastery events</title>
        <link rel="icon" href="data:,">
        <script src="/endless/endless.js" defer></script>
        <main>
          <h1>Roastery events</h1>
          <endless-timeline id="events" items="events" tz="UTC" scale="1h" zoomable aria-label="Roastery events">
          </endless-timeline>
          <form id="add" action="/events" method="post">
            <label>What <input name="title" required maxlength="200"></label>
            <label>When <input name="start" type="datetime-local" required></label>
            <label>Hours <input name="hours" type="number" min="0" max="48" value="0"></label>
            <label>Lane <select name="lane"><option>Roasts</option><option>Deliveries</option><option>Tastings</option>
            </select></label>
            <button>Add</button>
            <output id="added"></output>
          </form>
          <script type="module">
            const form = document.getElementById('add'), added = document.getElementById('added');
            form.addEventListener('submit', async (event) => {
              event.preventDefault();
              const data = new FormData(form);
              data.set('start', new Date(data.get('start')).toISOString().replace(/\\.\\d+Z$/, 'Z'));
              const response = await fetch('/events', { method: 'POST', body: new URLSearchParams(data) });
              added.textContent = response.ok ? `Added ${data.get('title')}.` : await response.text();
              if (response.ok) form.reset();
            });
          </script>
        </main>
        """

    /// An event from the page's form (`title`, `start` as RFC 3339, `hours` long, `lane`); checked when added.
    static func event(from form: String) throws -> Roastery.Event {
        var fields: [String: String] = [:]
        // A form's `+` is a space; a `+` typed is `%2B`.
        for item in URLComponents(string: "?" + form.replacingOccurrences(of: "+", with: "%20"))?.queryItems ?? [] {
            fields[item.name] = item.value
        }
        let start = try Instant(rfc3339: fields["start"] ?? "", "start").secondsSinceEpoch
        let hours = Int64(fields["hours"] ?? "") ?? 0
        guard (0...48).contains(hours) else { throw FormError(description: "hours: must be 0 to 48") }
        return Roastery.Event(
            id: nil, title: fields["title"] ?? "", start: start, end: hours > 0 ? start + hours * 3_600 : nil,
            lane: fields["lane"] ?? "")
    }

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

/// A form field the app refuses, as one line.
struct FormError: Error, CustomStringConvertible {
    var description: String
}
