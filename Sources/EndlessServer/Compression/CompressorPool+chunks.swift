import CompressNIO
import NIOCore

extension CompressorPool {
    /// `document` as one gzip stream in chunks that end where its parts do (`partEnds`, increasing, the last
    /// `document.count`): each chunk but the last ends with a sync flush, so that a client decodes it as it arrives,
    /// and matches still reach back into earlier parts. `nil` if zlib fails. (One part goes to libdeflate, faster
    /// for a whole buffer: see `WholeGzipPool`.)
    func gzipChunks(_ document: [UInt8], partEnds: [Int]) -> [ByteBuffer]? {
        if partEnds.count == 1, let whole = wholes.gzip(document) { return [whole] }
        guard let box = try? take() else { return nil }
        defer { give(box) }
        // A part at a time, in buffers of a part's size: one buffer of the whole document's would be allocated and
        // faulted in anew for each large window (the response cache copies what it keeps into one of its size).
        var chunks: [ByteBuffer] = []
        chunks.reserveCapacity(partEnds.count)
        var start = 0
        do {
            for (index, end) in partEnds.enumerated() {
                var input = ByteBuffer(bytes: document[start..<end])
                var output = ByteBufferAllocator().buffer(capacity: box.compressor.maxSize(from: input))
                let isLast = index == partEnds.count - 1
                try box.compressor.deflate(from: &input, to: &output, flush: isLast ? .finish : .sync)
                chunks.append(output)
                start = end
            }
        } catch {
            return nil
        }
        return chunks
    }
}
