extension ResponseCache {
    /// The response cache the options bound: the application's, the fuzzer's event loop and the tests' alike.
    convenience init(options: EndlessOptions) {
        self.init(
            capacity: options.responseCacheCapacity, maximumBytes: options.responseCacheBytes,
            maximumEntryBytes: options.maximumCachedResponseBytes)
    }
}
