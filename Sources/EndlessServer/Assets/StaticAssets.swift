import EndlessCore
import Foundation
import NIOCore
import Synchronization

/// The files of `public/`, each named by its content: a strong ETag, and a versioned URL (`/v/VERSION/NAME`) that
/// never changes, so that a page asks for exactly the script its server answers, and caches may keep it for good.
///
/// A file is read again when it changes on disk (its size or modification time), so an edit shows on reload.
final class StaticAssets: Sendable {
    let directory: URL
    private let compressors: CompressorPool
    private let loaded = Mutex<[String: Asset]>([:])

    /// One file as served.
    struct Asset: Sendable {
        let bytes: ByteBuffer
        /// Compressed once, when read.
        let gzipped: ByteBuffer?
        /// The content's hash: the ETag, and the version in its URL.
        let version: String
        let contentType: String
        fileprivate let stamp: Stamp
    }

    fileprivate struct Stamp: Equatable {
        let size: Int
        let modified: Date
    }

    init(directory: String, compressors: CompressorPool) {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
        self.compressors = compressors
    }

    /// The file `name` (no folders: `public/` is flat), as it is on disk now; `nil` if there is none.
    func asset(_ name: String) -> Asset? {
        // Only a file name with an extension: `/healthz` and `/metrics` cost no look at the disk.
        guard !name.hasPrefix("."), !name.contains("/"), name.contains(".") else { return nil }
        let url = directory.appendingPathComponent(name)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
        else { return nil }
        let stamp = Stamp(size: size, modified: modified)
        if let asset = loaded.withLock({ $0[name] }), asset.stamp == stamp { return asset }
        guard let data = try? Data(contentsOf: url) else { return nil }
        let bytes = ByteBuffer(bytes: data)
        let asset = Asset(
            bytes: bytes, gzipped: compressors.gzip(bytes), version: String(fnv1a64(data), radix: 36),
            contentType: Self.contentType(of: name), stamp: stamp)
        loaded.withLock { $0[name] = asset }
        return asset
    }

    /// `/v/VERSION/NAME`, the URL a page should use; the plain `/NAME` if there is no such file.
    func versionedPath(_ name: String) -> String {
        guard let asset = asset(name) else { return "/" + name }
        return "/v/\(asset.version)/\(name)"
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "svg": "image/svg+xml; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        case "json": "application/json"
        case "png": "image/png"
        case "ico": "image/x-icon"
        default: "application/octet-stream"
        }
    }
}
