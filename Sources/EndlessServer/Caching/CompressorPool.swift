import CompressNIO
import HTTPTypes
import NIOCore
import Synchronization

/// zlib compressors ready for reuse: setting one up allocates a few hundred kilobytes, too much for
/// every request. At most `capacity` idle compressors are kept.
final class CompressorPool: Sendable {
    private let idle: Mutex<[Box]>
    private let capacity: Int
    /// libdeflate's, for answers in one piece.
    let wholes: WholeGzipPool

    /// A compressor used by one stream at a time, handed between tasks by the pool's lock. Level 1, a 32 KiB window:
    /// higher levels shrink SVG little for their cost; memLevel 6 (zlib's default is 8) deflates a large grid in
    /// seven eighths of the time for 0.2% more bytes, a smaller hash table that stays in cache (docs/performance.md).
    final class Box: @unchecked Sendable {
        let compressor: ZlibCompressor
        init() throws {
            compressor = try ZlibCompressor(
                algorithm: .gzip,
                configuration: .init(compressionLevel: .fastestCompression, memoryLevel: .memory32K))
        }
    }

    init(capacity: Int) {
        idle = Mutex([])
        self.capacity = capacity
        wholes = WholeGzipPool(capacity: capacity)
    }

    func take() throws -> Box {
        if let box = idle.withLock({ $0.popLast() }) { return box }
        return try Box()
    }

    /// `bytes` at zlib's best level and largest memory, for a file compressed once and sent many times
    /// (`StaticAssets`) where libdeflate is not linked: the elements' script in 11,958 bytes rather than 14,494.
    static func smallest(_ bytes: ByteBuffer) -> ByteBuffer? {
        guard
            let compressor = try? ZlibCompressor(
                algorithm: .gzip,
                configuration: .init(compressionLevel: .bestCompression, memoryLevel: .memory256K))
        else { return nil }
        var input = bytes
        return try? input.compressStream(with: compressor, flush: .finish)
    }

    /// `bytes` as one whole gzip stream; `nil` if zlib fails, and the caller sends them as they are.
    func gzip(_ bytes: ByteBuffer) -> ByteBuffer? {
        guard let box = try? take() else { return nil }
        defer { give(box) }
        var input = bytes
        return try? input.compressStream(with: box.compressor, flush: .finish)
    }

    /// Gives a compressor back, reset, whether or not its stream finished.
    func give(_ box: Box) {
        guard (try? box.compressor.reset()) != nil else { return }
        idle.withLock { if $0.count < capacity { $0.append(box) } }
    }
}

extension CompressorPool {
    /// A whole answer to `request`: gzipped, with `Content-Encoding`, when it accepts gzip; `Vary` either way.
    func answer(_ body: ByteBuffer, headers: HTTPFields, to request: HTTPRequest, route: String) -> HTTPAnswer {
        var answer = HTTPAnswer(status: .ok, headers: headers, route: route)
        answer.headers[.vary] = "Accept-Encoding"
        var body = body
        if request.headerFields.acceptsGzip, let gzipped = gzip(body) {
            (body, answer.headers[.contentEncoding]) = (gzipped, "gzip")
        }
        answer.chunks = [body]
        return answer
    }
}
