/// Seed 003 §4's linked scrolling: a follower ruler whose offset is computed from its leader's value on every
/// scroll, through a linear mapping (kilograms to pounds: × 2.20462262185).
///
/// It needs only the leader's continuous value, not the leader itself, so a follower on a page can follow any ruler
/// whose frames report that value.
package struct LinkedRuler: Sendable, Hashable {
    package var follower: Ruler
    /// Follower units per leader unit.
    package var factor: Double

    package init(follower: Ruler, factor: Double) throws(EndlessError) {
        guard Limits.factorMagnitudeRange.contains(abs(factor)) else {
            throw EndlessError("factor", "must be \(Limits.Accepts.factor)")
        }
        self.follower = follower
        self.factor = factor
    }

    /// Pounds in a kilogram (exact by definition: 1 lb = 0.45359237 kg).
    package static let poundsPerKilogram = 1 / 0.45359237

    /// A pounds ruler that follows seed 000's weight ruler in kilograms.
    package static func pounds() -> LinkedRuler {
        // Constants that validate.
        try! LinkedRuler(follower: try! Ruler(.pounds), factor: poundsPerKilogram)
    }

    /// The follower's offset while the leader shows the continuous value `value`.
    package func followerOffset(forLeaderValue value: Double) -> Double {
        follower.offset(forContinuousValue: value * factor)
    }

    /// The follower's offset while `leader`'s pointer is at `leaderOffset`.
    package func followerOffset(forLeaderOffset leaderOffset: Double, of leader: Ruler) -> Double {
        followerOffset(forLeaderValue: leader.continuousValue(atOffset: leaderOffset))
    }
}
