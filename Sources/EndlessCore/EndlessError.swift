/// Every way a request for geometry can be wrong, with a message a person can act on.
///
/// One concrete type, as SwiftNIO does: the server maps it to a 4xx and the CLI to one line on stderr.
public struct EndlessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter at fault, as the user wrote it (`value`, `width`, …).
    public var parameter: String
    /// What the parameter accepts, or what went wrong with it.
    public var reason: String
    public var kind: Kind

    public init(_ parameter: String, _ reason: String, kind: Kind = .invalid) {
        self.parameter = parameter
        self.reason = reason
        self.kind = kind
    }

    public var description: String { "\(parameter): \(reason)" }

    /// Sorts errors for status codes: a malformed parameter (400) or a thing that does not exist (404).
    public struct Kind: Sendable, Hashable {
        let name: String
        public static let invalid = Kind(name: "invalid")
        public static let notFound = Kind(name: "notFound")
    }
}
