extension ItemSet {
    /// Reads JSON Lines: on each line an object with `id` (a string or a whole number), `start`, `end` (RFC 3339, as
    /// the timeline reads `at`), `title`, `lane`, `class` and `url` (strings; the optional ones may be `null`), other
    /// members skipped; blank lines skipped. The first fault is an `ItemError` naming `file:line`, its field and why.
    ///
    /// Its own reader rather than Foundation's `JSONDecoder`, which takes 2.4 s and 900 MB for the million lines
    /// `scripts/make-items` writes (docs/architecture.md); this one reads them in a fraction of a second, in place.
    public convenience init(jsonLines bytes: consuming [UInt8], file: String) throws(ItemError) {
        try self.init(bytes, file: file, reading: JSONLineReader.self)
    }

    /// Items from a file's `bytes`, read by `Records`, each checked and kept, then arranged once the file's bytes are
    /// let go.
    convenience init<Records: ItemRecords>(
        _ bytes: consuming [UInt8], file: String, reading: Records.Type
    ) throws(ItemError) {
        guard bytes.count <= Limits.maximumItemsFileBytes else {
            throw ItemError(file, "file", "must be at most \(Limits.maximumItemsFileBytes) bytes")
        }
        var builder = Builder()
        var failure: ItemError?
        bytes.withUnsafeBufferPointer { all in
            var records = Records(bytes: all, file: file)
            do throws(ItemError) {
                while try records.next() { try records.fields.add(to: &builder) }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        bytes = []  // let the file's bytes go before the items are arranged
        self.init(builder)
    }
}

/// A file's items, record by record: JSON Lines or CSV.
protocol ItemRecords {
    init(bytes: UnsafeBufferPointer<UInt8>, file: String)
    /// The record `next()` read.
    var fields: ItemFields { get }
    /// Reads the next record into `fields`; `false` at the end.
    mutating func next() throws(ItemError) -> Bool
}

/// An item's fields as a line or a record gives them, as ranges of a scratch buffer, and where it is.
struct ItemFields {
    enum Name: Int, CaseIterable {
        case id, start, end, title, lane, itemClass, url

        /// As a file names it.
        var key: String { Self.keys[rawValue] }
        static let keys = ["id", "start", "end", "title", "lane", "class", "url"]
        static let keyBytes = keys.map { Array($0.utf8) }

        /// The field a member's name names, if any.
        static func named(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Name? {
            guard (2...5).contains(bytes.count) else { return nil }
            return keyBytes.firstIndex { $0.elementsEqual(bytes) }.flatMap(Name.init(rawValue:))
        }
    }

    var values: [Range<Int>?] = Array(repeating: nil, count: Name.allCases.count)
    var scratch: [UInt8] = []
    var place = ItemSet.Builder.Place(number: 0)

    subscript(name: Name) -> Range<Int>? {
        get { values[name.rawValue] }
        set { values[name.rawValue] = newValue }
    }

    mutating func clear(number: Int) {
        for index in values.indices { values[index] = nil }
        scratch.removeAll(keepingCapacity: true)
        place.number = number
    }

    /// Checks the fields a line gave and adds the item to `builder`.
    func add(to builder: inout ItemSet.Builder) throws(ItemError) {
        guard let id = self[.id] else { throw ItemError(place, "id", "is missing: every item has an id") }
        guard let title = self[.title] else { throw ItemError(place, "title", "is missing: every item has a title") }
        let start = try instant(.start)
        guard let start else { throw ItemError(place, "start", "is missing: every item has a start") }
        let end = try instant(.end)
        var itemClass = ItemClass.blue
        if let range = self[.itemClass] {
            let name = String(decoding: scratch[range], as: UTF8.self)
            guard let known = ItemClass(rawValue: name) else {
                throw ItemError(
                    place, "class", "must be one of \(ItemClass.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            itemClass = known
        }
        try scratch.withUnsafeBufferPointer { scratch throws(ItemError) in
            let text = { (range: Range<Int>?) in UnsafeBufferPointer(rebasing: scratch[range ?? 0..<0]) }
            try builder.add(
                id: text(id), start: start, end: end, title: text(title), lane: text(self[.lane]),
                itemClass: itemClass, url: text(self[.url]), place: place)
        }
    }

    private func instant(_ name: Name) throws(ItemError) -> Int64? {
        guard let range = self[name] else { return nil }
        let instant = scratch.withUnsafeBufferPointer { Instant(rfc3339: UnsafeBufferPointer(rebasing: $0[range])) }
        guard let instant else {
            throw ItemError(place, name.key, "must be \(Limits.Accepts.instant)")
        }
        return instant.secondsSinceEpoch
    }
}

/// Reads a JSON Lines file line by line, each line's object's members into `ItemFields`.
struct JSONLineReader: ItemRecords {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where reading is, the end of its line, and the next line's start.
    private var at = 0
    private var end = 0
    private var following = 0
    private var line = 0
    private(set) var fields: ItemFields

    /// Nested arrays and objects a skipped member may hold.
    static let maximumDepth = 64

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        fields = ItemFields(place: .init(file: file, number: 0))
    }

    /// Reads the next line that is not blank into `fields`; `false` at the end of the file.
    mutating func next() throws(ItemError) -> Bool {
        while following < bytes.count {
            at = following
            end = bytes[at...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            following = end + 1
            line += 1
            fields.clear(number: line)
            skipSpace()
            if at == end { continue }
            try object()
            return true
        }
        return false
    }

    private mutating func object() throws(ItemError) {
        try expect(UInt8(ascii: "{"), "an object, { … }")
        skipSpace()
        if peek == UInt8(ascii: "}") {
            at += 1
        } else {
            while true {
                skipSpace()
                let key = try string(keeping: false)
                skipSpace()
                try expect(UInt8(ascii: ":"), "':' after a member's name")
                skipSpace()
                let name = ItemFields.Name.named(bytes[key])
                if let name {
                    guard fields[name] == nil else { throw fault(name.key, "is given twice") }
                    try value(of: name)
                } else {
                    try skipValue(depth: 0)
                }
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    at += 1
                } else {
                    try expect(UInt8(ascii: "}"), "',' or '}' after a member")
                    break
                }
            }
        }
        skipSpace()
        guard at == end else { throw fault("line", "must hold one JSON object and nothing after it") }
    }

    /// A known member's value: a string; `null` for an optional one; a whole number for `id`.
    private mutating func value(of name: ItemFields.Name) throws(ItemError) {
        switch peek {
        case UInt8(ascii: "\""):
            let from = fields.scratch.count
            _ = try string(keeping: true)
            fields[name] = from..<fields.scratch.count
        case UInt8(ascii: "n") where ![.id, .start, .title].contains(name):
            try literal("null")
        case UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9") where name == .id:
            let from = at
            try skipNumber()
            guard bytes[from..<at].allSatisfy({ $0 != UInt8(ascii: ".") && $0 | 0x20 != UInt8(ascii: "e") }) else {
                throw fault("id", "must be a string or a whole number")
            }
            let start = fields.scratch.count
            fields.scratch.append(contentsOf: bytes[from..<at])
            fields[name] = start..<fields.scratch.count
        default:
            throw fault(name.key, name == .id ? "must be a string or a whole number" : "must be a string")
        }
    }

    /// A string's bytes, unescaped: into the scratch buffer when `keeping`, else their range in place (a member's
    /// name: one with an escape is no name known here, and reads as an empty one).
    private mutating func string(keeping: Bool) throws(ItemError) -> Range<Int> {
        try expect(UInt8(ascii: "\""), "a string in double quotes")
        let start = at
        var escaped = false
        while true {
            guard at < end else { throw fault("line", "has a string without its closing quote") }
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw fault("line", "has a control character in a string (JSON escapes them)") }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                at += 1
                guard at < end else { throw fault("line", "has a string without its closing quote") }
                let scalar = try escape()
                if keeping { fields.scratch.append(contentsOf: String(Character(scalar)).utf8) }
                continue
            }
            if keeping { fields.scratch.append(byte) }
            at += 1
        }
        at += 1
        return escaped && !keeping ? start..<start : start..<at - 1
    }

    /// The escape after a backslash (`\n`, `\u00e9`, a surrogate pair), `at` past it.
    private mutating func escape() throws(ItemError) -> Unicode.Scalar {
        let byte = bytes[at]
        at += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex()
            if (0xD800..<0xDC00).contains(high) {
                guard at + 1 < end, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                    throw fault("line", "has half a surrogate pair in a \\u escape")
                }
                at += 2
                let low = try hex()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw fault("line", "has half a surrogate pair in a \\u escape")
                }
                return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw fault("line", "has half a surrogate pair in a \\u escape")
            }
            return scalar
        default: throw fault("line", "has an unknown escape in a string")
        }
    }

    private mutating func hex() throws(ItemError) -> UInt32 {
        guard at + 4 <= end else { throw fault("line", "has a \\u escape without four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[at..<at + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fault("line", "has a \\u escape without four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        at += 4
        return value
    }

    /// Any JSON value, unread: a member an item does not have.
    private mutating func skipValue(depth: Int) throws(ItemError) {
        guard depth < Self.maximumDepth else {
            throw fault("line", "nests more than \(Self.maximumDepth) arrays and objects")
        }
        switch peek {
        case UInt8(ascii: "\""): _ = try string(keeping: false)
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let isObject = peek == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            at += 1
            skipSpace()
            if peek == close {
                at += 1
                return
            }
            while true {
                skipSpace()
                if isObject {
                    _ = try string(keeping: false)
                    skipSpace()
                    try expect(UInt8(ascii: ":"), "':' after a member's name")
                    skipSpace()
                }
                try skipValue(depth: depth + 1)
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                try expect(close, isObject ? "',' or '}'" : "',' or ']'")
                return
            }
        default: throw fault("line", "has something that is not a JSON value")
        }
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, as JSON writes a number.
    private mutating func skipNumber() throws(ItemError) {
        func digits() -> Int {
            let from = at
            while at < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
            return at - from
        }
        if peek == UInt8(ascii: "-") { at += 1 }
        let leadingZero = peek == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0, !leadingZero || whole == 1 else { throw fault("line", "has a malformed number") }
        if peek == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw fault("line", "has a malformed number") }
        }
        if peek | 0x20 == UInt8(ascii: "e") {
            at += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw fault("line", "has a malformed number") }
        }
    }

    private mutating func literal(_ word: StaticString) throws(ItemError) {
        let count = word.utf8CodeUnitCount
        guard at + count <= end,
            UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[at..<at + count])
        else { throw fault("line", "has something that is not a JSON value") }
        at += count
    }

    private var peek: UInt8 { at < end ? bytes[at] : 0 }

    private mutating func skipSpace() {
        while at < end, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(ItemError) {
        guard peek == byte else { throw fault("line", "must be JSON: expected \(what) at column \(column)") }
        at += 1
    }

    /// The column, in bytes from 1, where reading stopped.
    private var column: Int {
        at - (bytes[..<min(at, bytes.count)].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
    }

    private func fault(_ field: String, _ reason: String) -> ItemError {
        ItemError(fields.place, field, reason)
    }
}
