/// Named text parameters (a query string, or a command line's options), read once each with
/// one clear error per mistake. The server and the `render` command share it, so both accept the
/// same names and say the same things about bad input.
package struct Parameters: Sendable {
    /// In the order given: a dozen names at most, which a look along finds sooner than hashing each name would.
    private var pairs: [(name: String, value: String)] = []

    /// Fails on a name given twice or a name `accepted` does not list. An array, not a generic sequence: read without
    /// a generic sequence's run-time lookups (another module's generic code is not specialized for its callers).
    package init(_ pairs: [(String, String)], accepted: [String]) throws(EndlessError) {
        self.pairs.reserveCapacity(pairs.underestimatedCount)
        for (name, value) in pairs {
            // `&&`, a leading `&` or `=5` make a pair without a name: there is no name to say what is wrong with.
            guard !name.isEmpty else {
                throw EndlessError("query", "has a pair with no name (as `&&` or `=5` make); give each as name=value")
            }
            guard accepted.contains(name) else {
                throw EndlessError(name, "is not a parameter here; use \(accepted.joined(separator: ", "))")
            }
            guard !contains(name) else { throw EndlessError(name, "is given twice; give it once") }
            // Every value, whatever it is for: none may carry what an SVG or a frame's XML cannot hold.
            try Limits.checkXMLText(value, name)
            self.pairs.append((name, value))
        }
    }

    package func contains(_ name: String) -> Bool { value(name) != nil }

    private func value(_ name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// An exact decimal such as `72.4`.
    package func decimal(_ name: String) throws(EndlessError) -> DecimalNumber? {
        guard let text = value(name) else { return nil }
        guard let number = DecimalNumber(text) else {
            throw EndlessError(
                name, "must be \(Limits.Accepts.decimal)")
        }
        return number
    }

    /// A finite number, in plain or exponent notation.
    package func number(_ name: String, accepts: String) throws(EndlessError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Self.decimal(text[...]) else { throw EndlessError(name, "must be \(accepts)") }
        return number
    }

    /// A position along a view `length` long, 0 to its length (a zoom's `zoom-at` on a ruler or a timeline).
    package func position(_ name: String, along length: Double) throws(EndlessError) -> Double? {
        let accepts = Limits.Accepts.position
        guard let at = try number(name, accepts: accepts) else { return nil }
        guard (0...length).contains(at) else { throw EndlessError(name, "must be \(accepts)") }
        return at
    }

    /// A point in a view `width` × `height`, as `x,y` from its top left, each a number as `number` reads it (a
    /// click's `pick`, a grid zoom's `zoom-at`).
    package func point(_ name: String, within width: Double, _ height: Double) throws(EndlessError) -> (
        x: Double, y: Double
    )? {
        guard let text = value(name) else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Self.decimal(parts[0]), let y = Self.decimal(parts[1]),
            (0...width).contains(x), (0...height).contains(y)
        else { throw EndlessError(name, "must be \(Limits.Accepts.point)") }
        return (x, y)
    }

    /// `text` as a finite number in plain or exponent notation, else `nil`.
    private static func decimal(_ text: Substring) -> Double? {
        // A whole number below 2^53 is that double exactly, read without `strtod` (most are: sizes, offsets); `-0`
        // is left to it, a negative zero.
        if text.utf8.count <= 32, let whole = Int(text), whole.magnitude <= 1 << 53,
            whole != 0 || text.utf8.first != UInt8(ascii: "-")
        {
            return Double(whole)
        }
        // Only decimal notation: `Double(_:)` would also take `nan`, `inf` and hexadecimal.
        guard text.utf8.count <= 32, text.utf8.allSatisfy(isNumberCharacter), let number = Double(text),
            number.isFinite
        else { return nil }
        return number
    }

    /// A whole number.
    package func integer(_ name: String, accepts: String) throws(EndlessError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else { throw EndlessError(name, "must be \(accepts)") }
        return number
    }

    package func text(_ name: String) -> String? { value(name) }

    /// `zoom-by`, a zoom gesture's factor since the scale last changed (`Limits.zoomFactorRange`).
    private func zoomFactor() throws(EndlessError) -> Double? {
        guard let by = try number("zoom-by", accepts: Limits.Accepts.zoomFactor) else { return nil }
        guard Limits.zoomFactorRange.contains(by) else {
            throw EndlessError("zoom-by", "must be \(Limits.Accepts.zoomFactor)")
        }
        return by
    }

    /// A zoom gesture along a view `length` long: `zoom-by`, and `zoom-at` (its middle when not given). Read
    /// whether or not the view zooms now, so that a bad one is a 400 whatever else the frame says.
    package func zoomGesture(along length: Double) throws(EndlessError) -> (by: Double, at: Double)? {
        let at = try position("zoom-at", along: length) ?? length / 2
        return try zoomFactor().map { ($0, at) }
    }

    /// A zoom gesture in a view `width` × `height`: `zoom-by`, and `zoom-at` (its centre when not given).
    package func zoomGesture(within width: Double, _ height: Double) throws(EndlessError) -> (
        by: Double, at: (x: Double, y: Double)
    )? {
        let at = try point("zoom-at", within: width, height) ?? (width / 2, height / 2)
        return try zoomFactor().map { ($0, at) }
    }

    /// A digit, a sign, a point or an exponent's `e`: compared, not hashed, as every number's bytes are.
    private static func isNumberCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }
}
