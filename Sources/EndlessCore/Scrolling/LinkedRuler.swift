/// Seed 003 §4's linked scrolling: a follower ruler whose offset is computed from the leader's on every
/// scroll, through a unit conversion (kilograms to pounds).
public struct LinkedRuler: Sendable, Hashable {
    public var leader: Ruler
    public var follower: Ruler
    /// Follower units per leader unit.
    public var factor: Double

    public init(leader: Ruler, follower: Ruler, factor: Double) {
        self.leader = leader
        self.follower = follower
        self.factor = factor
    }

    /// Pounds in a kilogram (exact by definition: 1 lb = 0.45359237 kg).
    public static let poundsPerKilogram = 1 / 0.45359237

    /// The seed's weight ruler in kilograms with a pounds ruler under it.
    public static func kilogramsAndPounds() -> LinkedRuler {
        // Both configurations are constants that validate.
        LinkedRuler(leader: try! Ruler(.weight), follower: try! Ruler(.pounds), factor: poundsPerKilogram)
    }

    /// The follower's offset while the leader's pointer is at `leaderOffset`.
    public func followerOffset(forLeaderOffset leaderOffset: Double) -> Double {
        follower.offset(forContinuousValue: leader.continuousValue(atOffset: leaderOffset) * factor)
    }
}
