import EndlessCore
import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// The files of `public/`, each named by its content: a strong ETag, and a versioned URL (`v/VERSION/NAME`) that
/// never changes, so that a page asks for exactly the script its server answers, and caches may keep it for good.
///
/// The files are built into the binary, so that `endless` runs from any directory; a folder given instead is read
/// again when a file changes on disk (its size or modification time), so an edit shows on reload.
final class StaticAssets: Sendable {
    private let directory: URL?
    private let compressors: CompressorPool
    private let loaded = Mutex<[String: Asset]>([:])

    /// One file as served.
    struct Asset: Sendable {
        let bytes: ByteBuffer
        /// Compressed once, when read, as small as libdeflate makes it.
        let gzipped: ByteBuffer?
        /// The content's hash: the ETag, and the version in its URL.
        let version: String
        let contentType: String
        fileprivate let stamp: Stamp?
    }

    fileprivate struct Stamp: Equatable {
        let size: Int
        let modified: Date
    }

    /// The built-in files, or those of `directory` if one is given.
    init(directory: String? = nil, compressors: CompressorPool) {
        self.directory = directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
        self.compressors = compressors
        guard directory == nil else { return }
        var assets: [String: Asset] = [:]
        for (name, bytes) in Self.builtIn { assets[name] = make(ByteBuffer(bytes: bytes), named: name, stamp: nil) }
        loaded.withLock { [assets] in $0 = assets }
    }

    /// The file `name` (no folders: `public/` is flat); `nil` if there is none.
    func asset(_ name: String) -> Asset? {
        guard let directory else { return loaded.withLock { $0[name] } }
        // Only a file name with an extension: a mistyped route costs no look at the disk.
        guard !name.hasPrefix("."), !name.contains("/"), name.contains(".") else { return nil }
        let url = directory.appendingPathComponent(name)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
        else { return nil }
        let stamp = Stamp(size: size, modified: modified)
        if let asset = loaded.withLock({ $0[name] }), asset.stamp == stamp { return asset }
        guard let data = try? Data(contentsOf: url) else { return nil }
        let asset = make(ByteBuffer(bytes: data), named: name, stamp: stamp)
        loaded.withLock { $0[name] = asset }
        return asset
    }

    /// Whether files are read from a folder (on disk), not built in.
    var readsDisk: Bool { directory != nil }

    /// `v/VERSION/NAME`, the path (below the mount) a page should use; the plain `NAME` if there is no such file.
    func versionedPath(_ name: String) -> String {
        guard let asset = asset(name) else { return name }
        return "v/\(asset.version)/\(name)"
    }

    private func make(_ bytes: ByteBuffer, named name: String, stamp: Stamp?) -> Asset {
        Asset(
            bytes: bytes,
            gzipped: WholeGzipPool.smallest(bytes) ?? CompressorPool.smallest(bytes) ?? compressors.gzip(bytes),
            version: String(fnv1a64(bytes.readableBytesView), radix: 36), contentType: Self.contentType(of: name),
            stamp: stamp)
    }

    /// Hummingbird's media type for the name's extension, with a charset for text; but `.d.ts`, which its table
    /// takes for an MPEG stream, is TypeScript's text.
    static func contentType(of name: String) -> String {
        let suffix = name.split(separator: ".").last.map(String.init) ?? ""
        guard suffix != "ts" else { return "text/plain; charset=utf-8" }
        guard let type = MediaType.getMediaType(forExtension: suffix) else { return "application/octet-stream" }
        return type.type == .text || type.subType == "svg+xml" ? "\(type); charset=utf-8" : "\(type)"
    }
}
