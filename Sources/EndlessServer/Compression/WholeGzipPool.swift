#if Libdeflate
    import CLibdeflate
#endif
import NIOCore
import Synchronization

/// The libdeflate this server compresses with, for `endless --version`; `nil` without the `Libdeflate` trait.
#if Libdeflate
    package let libdeflateVersion: String? = LIBDEFLATE_VERSION_STRING
#else
    package let libdeflateVersion: String? = nil
#endif

/// libdeflate compressors ready for reuse, for answers sent in one piece: libdeflate compresses a whole buffer at
/// once (it cannot flush mid-stream, so chunked answers go to zlib) in about two thirds of zlib's time at the same
/// level and size (docs/performance.md, *Choices, measured*). At most `capacity` idle compressors are kept.
///
/// Built without the `Libdeflate` trait (an app that mounts Endless, by default), it has none: `gzip` gives `nil`, and
/// every caller compresses with zlib (`CompressorPool.gzip`) instead.
#if Libdeflate
    final class WholeGzipPool: Sendable {
        private let idle = Mutex<[Compressor]>([])
        private let capacity: Int

        /// One libdeflate compressor, at level 1 unless told otherwise, used by one answer at a time.
        final class Compressor: @unchecked Sendable {
            let pointer: OpaquePointer?
            init(level: Int32 = 1) { pointer = libdeflate_alloc_compressor(level) }
            deinit { if let pointer { libdeflate_free_compressor(pointer) } }
        }

        init(capacity: Int) { self.capacity = capacity }

        /// `bytes` as one gzip member; `nil` if libdeflate could not.
        func gzip(_ bytes: ByteBuffer) -> ByteBuffer? {
            bytes.withUnsafeReadableBytes { compress($0.bindMemory(to: UInt8.self)) }
        }

        /// `bytes` as one gzip member; `nil` if libdeflate could not, and the caller uses zlib.
        func gzip(_ bytes: [UInt8]) -> ByteBuffer? {
            bytes.withUnsafeBufferPointer { compress($0) }
        }

        /// `bytes` at libdeflate's highest level, for a file compressed once and sent many times (`StaticAssets`).
        static func smallest(_ bytes: ByteBuffer) -> ByteBuffer? {
            let compressor = Compressor(level: 12)
            return bytes.withUnsafeReadableBytes { compress($0.bindMemory(to: UInt8.self), with: compressor) }
        }

        private func compress(_ bytes: UnsafeBufferPointer<UInt8>) -> ByteBuffer? {
            let compressor = idle.withLock { $0.popLast() } ?? Compressor()
            defer { idle.withLock { if $0.count < capacity { $0.append(compressor) } } }
            return Self.compress(bytes, with: compressor)
        }

        private static func compress(_ bytes: UnsafeBufferPointer<UInt8>, with compressor: Compressor) -> ByteBuffer? {
            guard let pointer = compressor.pointer else { return nil }
            let bound = libdeflate_gzip_compress_bound(pointer, bytes.count)
            var output = ByteBufferAllocator().buffer(capacity: bound)
            let written = output.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { out in
                libdeflate_gzip_compress(pointer, bytes.baseAddress, bytes.count, out.baseAddress, out.count)
            }
            return written == 0 ? nil : output
        }
    }
#else
    final class WholeGzipPool: Sendable {
        init(capacity: Int) {}
        func gzip(_ bytes: ByteBuffer) -> ByteBuffer? { nil }
        func gzip(_ bytes: [UInt8]) -> ByteBuffer? { nil }
        static func smallest(_ bytes: ByteBuffer) -> ByteBuffer? { nil }
    }
#endif
