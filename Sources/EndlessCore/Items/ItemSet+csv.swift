extension ItemSet {
    /// Reads CSV as RFC 4180 writes it: a header row naming the columns (`id`, `start`, `end`, `title`, `lane`,
    /// `class`, `url`, in any order; others skipped), then a record a line; a field in double quotes may hold commas,
    /// line breaks and doubled quotes. An empty optional field is absent. The first fault names `file:line`.
    public convenience init(csv bytes: consuming [UInt8], file: String) throws(ItemError) {
        try self.init(bytes, file: file, reading: CSVReader.self)
    }
}

/// Reads CSV records into `ItemFields`, by the columns its header row names.
struct CSVReader: ItemRecords {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    private var line = 1
    private(set) var fields: ItemFields
    /// Each column's field, `nil` for one skipped; the record being read's fields.
    private var columns: [ItemFields.Name?] = []
    private var ranges: [Range<Int>] = []

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        fields = ItemFields(place: .init(file: file, number: 1))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }  // a byte order mark, as spreadsheets write
    }

    private mutating func readHeader() throws(ItemError) {
        fields.clear(number: line)
        try record()
        columns = ranges.map { range in
            let name = String(decoding: fields.scratch[range], as: UTF8.self).lowercased()
            return ItemFields.Name.allCases.first { $0.key == name }
        }
        for required in [ItemFields.Name.id, .start, .title] where !columns.contains(required) {
            throw ItemError(fields.place, required.key, "has no column: the header row names id, start and title")
        }
    }

    /// Reads the next record that is not blank into `fields` (the header row first); `false` at the end.
    mutating func next() throws(ItemError) -> Bool {
        if columns.isEmpty { try readHeader() }
        while at < bytes.count {
            fields.clear(number: line)
            try record()
            if ranges.count == 1 && ranges[0].isEmpty { continue }  // a blank line
            for (column, range) in zip(columns, ranges) where !range.isEmpty {
                if let column { fields[column] = range }
            }
            return true
        }
        return false
    }

    /// One record's fields, each unquoted into the scratch buffer, their ranges there into `ranges`.
    private mutating func record() throws(ItemError) {
        ranges.removeAll(keepingCapacity: true)
        while true {
            let start = fields.scratch.count
            if at < bytes.count, bytes[at] == UInt8(ascii: "\"") {
                at += 1
                while true {
                    guard at < bytes.count else {
                        throw ItemError(fields.place, "line", "has a quoted field without its closing quote")
                    }
                    let byte = bytes[at]
                    at += 1
                    if byte == UInt8(ascii: "\"") {
                        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { break }
                        at += 1
                    }
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    fields.scratch.append(byte)
                }
            } else {
                while at < bytes.count, bytes[at] != UInt8(ascii: ","), bytes[at] != UInt8(ascii: "\n") {
                    if bytes[at] == UInt8(ascii: "\"") {
                        throw ItemError(fields.place, "line", "has a quote inside an unquoted field")
                    }
                    fields.scratch.append(bytes[at])
                    at += 1
                }
                // A record's last field before a CRLF: its own `\r`, never the field before's (the fuzzer's find).
                if fields.scratch.count > start, fields.scratch.last == UInt8(ascii: "\r"),
                    at >= bytes.count || bytes[at] == UInt8(ascii: "\n")
                {
                    fields.scratch.removeLast()
                }
            }
            ranges.append(start..<fields.scratch.count)
            if at < bytes.count, bytes[at] == UInt8(ascii: "\r") { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else {
                if at < bytes.count {
                    guard bytes[at] == UInt8(ascii: "\n") else {
                        throw ItemError(fields.place, "line", "must have a comma or a line break after a quoted field")
                    }
                    at += 1
                }
                line += 1
                return
            }
            at += 1
        }
    }
}
