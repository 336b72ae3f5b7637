import EndlessCore
import Synchronization

/// The item sets a mount's timelines draw, by name (`/svg/timeline?items=launches`). An app that mounts Endless keeps
/// this (it is `EndlessOptions.items`) and replaces a set whenever its data changes; `endless serve --items` fills it
/// from files and replaces a set when its file changes. A replacement is whole and at once: a request draws the set
/// it found, old or new, never a mixture.
public final class TimelineItemSets: Sendable {
    private let state = Mutex<(sets: [String: ItemSet], generation: UInt64)>(([:], 0))

    public init() {}

    /// Serves `set` as `name` (1 to 32 of `a-z`, `0-9`, `-` and `_`), in place of the set of that name if any.
    /// Throws for another name, or for a set past `Limits.maximumItemSets`.
    public func replace(_ name: String, with set: ItemSet) throws(EndlessError) {
        guard Self.isName(name) else {
            throw EndlessError("items", "\(name) must be 1 to 32 of a-z, 0-9, - and _")
        }
        try state.withLock { state throws(EndlessError) in
            guard state.sets[name] != nil || state.sets.count < Limits.maximumItemSets else {
                throw EndlessError("items", "a mount serves at most \(Limits.maximumItemSets) item sets")
            }
            state.sets[name] = set
            state.generation += 1
        }
    }

    /// Stops serving `name`: a timeline asking for it is then a 404.
    public func remove(_ name: String) {
        state.withLock { state in
            if state.sets.removeValue(forKey: name) != nil { state.generation += 1 }
        }
    }

    /// The names served.
    public var names: [String] { state.withLock { $0.sets.keys.sorted() } }

    /// The set `name` names, for a request's parameter: a one-line 404 naming it if there is none.
    package func named(_ name: String) throws(EndlessError) -> ItemSet {
        // Not a name a set may have: refused without being echoed (a line break in it would make two lines).
        guard Self.isName(name) else {
            throw EndlessError("items", "must be a set's name: 1 to 32 of a-z, 0-9, - and _")
        }
        guard let set = state.withLock({ $0.sets[name] }) else {
            let served = names
            throw EndlessError(
                "items",
                "\(name) is not an item set here; "
                    + (served.isEmpty ? "this server has none" : "it has \(served.joined(separator: ", "))"),
                kind: .notFound)
        }
        return set
    }

    /// Bumped by every change: part of every cached response's key, so that none drawn before a change answers
    /// after it.
    package var generation: UInt64 { state.withLock { $0.generation } }

    static func isName(_ name: String) -> Bool {
        (1...32).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }
}

extension TimelineItemSets? {
    /// The set a request's `items` names, `nil` when it names none: a 404 (or a 400) as `named` says.
    func set(named name: String?) throws(EndlessError) -> ItemSet? {
        guard let name else { return nil }
        return try (self ?? TimelineItemSets()).named(name)
    }
}
