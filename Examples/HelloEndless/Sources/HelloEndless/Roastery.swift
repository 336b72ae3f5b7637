import EndlessCore
import EndlessServer
import Foundation
import GRDB

/// The roastery's events (roasts, deliveries, tastings), kept in SQLite, and the timeline's item set made from them:
/// each change to the table hands Endless the whole set again (`TimelineItemSets.replace`), which the page's
/// `<endless-timeline items="events">` shows within a second or two, without a reload.
struct Roastery: Sendable {
    let database: DatabaseQueue
    let items: TimelineItemSets

    /// One row of the `event` table: times are seconds since 1970.
    struct Event: Codable, FetchableRecord, PersistableRecord {
        var id: Int64?
        var title: String
        var start: Int64
        var end: Int64?
        var lane: String

        /// The row as the timeline draws it; throws for a time past the timeline's.
        func item() throws -> TimelineItem {
            TimelineItem(
                id: String(id ?? 0), start: try Instant(secondsSinceEpoch: start, "start"),
                end: try end.map { try Instant(secondsSinceEpoch: $0, "end") }, title: title, lane: lane,
                itemClass: lane == "Roasts" ? .orange : lane == "Deliveries" ? .green : .blue)
        }
    }

    /// Opens (or makes) the database at `path`, with a few events around `now` in a new one, and serves its events
    /// as `events`.
    init(path: String, items: TimelineItemSets, now: Date = Date()) throws {
        database = try DatabaseQueue(path: path)
        self.items = items
        try database.write { db in
            try db.create(table: "event", ifNotExists: true) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("title", .text).notNull()
                table.column("start", .integer).notNull()
                table.column("end", .integer)
                table.column("lane", .text).notNull()
            }
            guard try Event.fetchCount(db) == 0 else { return }
            let day = Int64(now.timeIntervalSince1970) / 86_400 * 86_400
            for (title, hours, length, lane) in [
                ("Ethiopia Yirgacheffe", -20, 2, "Roasts"), ("Colombia Huila", 4, 3, "Roasts"),
                ("Green beans from Santos", -6, nil, "Deliveries"), ("Café order: 40 kg", 10, nil, "Deliveries"),
                ("Cupping", 15, 1, "Tastings"),
            ] as [(String, Int64, Int64?, String)] {
                let start = day + hours * 3_600
                try Event(id: nil, title: title, start: start, end: length.map { start + $0 * 3_600 }, lane: lane)
                    .insert(db)
            }
        }
        try publish()
    }

    /// Adds `event` once it reads as an item (else the item's one-line fault, naming the field), then hands Endless
    /// the table's events again.
    func add(_ event: Event) throws {
        _ = try ItemSet([try event.item()])
        try database.write { db in try event.insert(db) }
        try publish()
    }

    /// The table's events as the set `events`.
    func publish() throws {
        let events = try database.read { db in try Event.fetchAll(db) }
        try items.replace("events", with: try ItemSet(try events.map { try $0.item() }))
    }
}
