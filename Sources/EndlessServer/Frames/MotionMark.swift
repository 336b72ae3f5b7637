import EndlessCore

/// `mark`: each axis's leading edge in the world and its velocity, and the page's clock, as `x:vx@t` or
/// `x:vx,y:vy@t`, then `@bare` if the tiles it holds are drawn bare (`Detail`). A frame carries one and the page
/// sends it back with its next request and the time `t`, so the server can tell how fast each axis scrolls, and
/// which tiles to draw again, without keeping any state.
struct MotionMark: Sendable, Hashable {
    var samples: [ScrollSample]
    /// The detail of the tiles the page holds once it applied the frame.
    var holding: Detail

    init(_ samples: [ScrollSample], holding: Detail = .full) {
        self.samples = samples
        self.holding = holding
    }

    /// Reads a mark with `axes` axes; `nil` text is no mark.
    init?(_ text: String?, axes: Int) throws(EndlessError) {
        guard let text, !text.isEmpty else { return nil }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        let pairs = (parts.first?.split(separator: ",", omittingEmptySubsequences: false) ?? []).map {
            $0.split(separator: ":", omittingEmptySubsequences: false).compactMap { Double($0) }.filter(\.isFinite)
        }
        guard text.utf8.count <= 200, parts.count == 2 || (parts.count == 3 && parts[2] == "bare"),
            let time = Double(parts[1]), time.isFinite, pairs.count == axes,
            // A velocity past the fastest a sample measures is none a frame said: bounded, its smoothing stays finite.
            pairs.allSatisfy({ $0.count == 2 && abs($0[1]) <= ScrollSample.maximumSpeed })
        else {
            throw EndlessError("mark", "must be \(Limits.Accepts.mark)")
        }
        self.init(
            pairs.map { ScrollSample(position: $0[0], time: time, velocity: $0[1]) },
            holding: parts.count == 3 ? .bare : .full)
    }

    var text: String {
        samples.map { "\($0.position):\($0.velocity)" }.joined(separator: ",") + "@\(samples.first?.time ?? 0)"
            + (holding == .bare ? "@bare" : "")
    }
}

extension MotionMark {
    /// Sets each report's velocity, acceleration and cycle from this mark and the page's clock `time`, and the
    /// direction of a view that set off from rest (its speed since the mark averages in the rest).
    func setMotion(of reports: inout [AxisReport], at time: Double, layout: AxisLayout) {
        for index in reports.indices {
            guard let origin = reports[index].origin else { continue }
            let position = origin + reports[index].scroll
            let sample = samples[index].following(position: position, time: time)
            reports[index].velocity = sample.velocity
            reports[index].acceleration = samples[index].acceleration(to: sample)
            reports[index].cycle = sample.velocity == 0 ? 0 : time - samples[index].time
            reports[index].startingDirection = layout.startingDirection(from: samples[index], to: position)
        }
    }

    /// The mark a frame carries for the page's clock `time`: each axis's settled leading edge in the world and its
    /// report's velocity (none for content placed anew), and the detail of the tiles it leaves the page holding.
    /// `nil` when the page gave no clock.
    init?(time: Double?, reports: [AxisReport], frames: [AxisFrame], holding: Detail = .full) {
        guard let time else { return nil }
        self.init(
            zip(reports, frames).map { report, frame in
                ScrollSample(
                    position: frame.origin + frame.settledScroll, time: time,
                    velocity: frame.isNewPlacement ? 0 : report.velocity)
            }, holding: holding)
    }
}
