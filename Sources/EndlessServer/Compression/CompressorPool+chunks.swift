import CompressNIO
import NIOCore

extension CompressorPool {
    /// `document` as one gzip stream in chunks that end where its parts do (`partEnds`, increasing, the last
    /// `document.count`): each chunk but the last ends with a sync flush, so that a client decodes it as it arrives,
    /// and matches still reach back into earlier parts. `nil` if zlib fails.
    func gzipChunks(_ document: [UInt8], partEnds: [Int]) -> [ByteBuffer]? {
        guard let box = try? take() else { return nil }
        defer { give(box) }
        // Both buffers stay uniquely owned while zlib works on them (a slice would make each step copy), and the
        // chunks are sliced from the output once it is whole (`CachedResponse` copies them to a buffer of their size).
        var input = ByteBuffer(bytes: document)
        var output = ByteBufferAllocator().buffer(capacity: box.compressor.maxSize(from: input) + 6 * partEnds.count)
        var ends: [Int] = []
        ends.reserveCapacity(partEnds.count)
        do {
            for (index, end) in partEnds.enumerated() {
                input.moveWriterIndex(to: end)
                let isLast = index == partEnds.count - 1
                try box.compressor.deflate(from: &input, to: &output, flush: isLast ? .finish : .sync)
                ends.append(output.writerIndex)
            }
        } catch {
            return nil
        }
        return SVGResponder.slices(of: output, endingAt: ends)
    }
}
