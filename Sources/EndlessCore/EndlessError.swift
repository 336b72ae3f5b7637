/// Every way a request for geometry can be wrong, with a message a person can act on: what a ruler, loop, grid or
/// window refuses to be made from throws this.
///
/// One concrete type, as SwiftNIO does: the server maps it to a 4xx and the CLI to one line on stderr.
public struct EndlessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter at fault, as a query string names it (`value`, `width`, …).
    public var parameter: String
    /// What the parameter accepts, or what went wrong with it.
    public var reason: String
    package var kind: Kind

    package init(_ parameter: String, _ reason: String, kind: Kind = .invalid) {
        self.parameter = parameter
        self.reason = reason
        self.kind = kind
    }

    /// `parameter: reason`, the one line to show.
    public var description: String { "\(parameter): \(reason)" }

    /// Sorts errors for status codes: a malformed parameter (400) or a thing that does not exist (404).
    package struct Kind: Sendable, Hashable {
        let name: String
        package static let invalid = Kind(name: "invalid")
        package static let notFound = Kind(name: "notFound")
    }
}
