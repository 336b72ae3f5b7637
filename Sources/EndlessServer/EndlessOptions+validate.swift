import EndlessCore

extension EndlessOptions {
    /// Throws naming the first option out of its range: an app is built with options that cannot trap, or not at
    /// all. The ranges keep every sum on them in range (`maximumTilesOnEventLoop + 1` among them).
    public func validate() throws(EndlessError) {
        let counts: [(String, Int, ClosedRange<Int>)] = [
            ("tileCacheCapacity", tileCacheCapacity, 1...(1 << 24)),
            ("tileCacheBytes", tileCacheBytes, 0...(1 << 40)),
            ("responseCacheCapacity", responseCacheCapacity, 0...(1 << 24)),
            ("responseCacheBytes", responseCacheBytes, 0...(1 << 40)),
            ("maximumCachedResponseBytes", maximumCachedResponseBytes, 0...(1 << 30)),
            ("bytesPerChunk", bytesPerChunk, 1...(1 << 30)),
            ("maximumTilesOnEventLoop", maximumTilesOnEventLoop, 0...Limits.maximumTilesPerWindow),
            ("maximumFrameBytesOnEventLoop", maximumFrameBytesOnEventLoop, 0...(1 << 30)),
            ("concurrentLargeWindows", concurrentLargeWindows, 1...1024),
            ("queuedLargeWindows", queuedLargeWindows, 0...100_000),
            ("maximumUnsentBytes", maximumUnsentBytes, 1...(1 << 40)),
        ]
        for (name, value, range) in counts where !range.contains(value) {
            throw EndlessError(name, "is \(value); it must be from \(range.lowerBound) to \(range.upperBound)")
        }
    }
}

extension ServerOptions {
    /// Throws naming the first option out of its range, `endless`'s own included.
    public func validate() throws(EndlessError) {
        try endless.validate()
        guard (0...65535).contains(port) else { throw EndlessError("port", "is \(port); it must be from 0 to 65535") }
        for (name, duration) in [("requestHeadTimeout", requestHeadTimeout), ("idleTimeout", idleTimeout)]
        where !(duration >= .milliseconds(100) && duration <= .seconds(86_400)) {
            throw EndlessError(name, "is \(duration); it must be from 0.1 s to 86400 s")
        }
        for (name, value, range) in [
            ("maximumConnections", maximumConnections, 1...1_000_000), ("listenBacklog", listenBacklog, 1...65535),
        ] where !range.contains(value) {
            throw EndlessError(name, "is \(value); it must be from \(range.lowerBound) to \(range.upperBound)")
        }
    }
}
