extension SVGResponder {
    /// The responder the options describe, with fresh caches: the application's, and the fuzzer's event loop.
    init(options: EndlessOptions, responses: ResponseCache, metrics: ServerMetrics, compressors: CompressorPool) {
        self.init(
            tiles: TileCache(capacity: options.tileCacheCapacity, maximumBytes: options.tileCacheBytes),
            responses: responses, metrics: metrics, compressors: compressors, bytesPerChunk: options.bytesPerChunk,
            largeWindows: RenderGate(
                concurrent: options.concurrentLargeWindows, queued: options.queuedLargeWindows,
                smallestTiles: options.maximumTilesOnEventLoop + 1, maximumUnsentBytes: options.maximumUnsentBytes),
            items: options.items)
    }
}
