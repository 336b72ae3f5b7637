import EndlessCore
import Foundation

extension ItemSet {
    /// The items in the file at `path`: CSV with a header row when its name ends in `.csv`, else JSON Lines. Its
    /// size is checked before it is read; a fault is an `ItemError` naming `path:line`.
    public convenience init(contentsOf path: String) throws(ItemError) {
        let name = (path as NSString).lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size else { throw ItemError(path, "file", "cannot be read: no such file, or not allowed") }
        guard size <= Limits.maximumItemsFileBytes else {
            throw ItemError(path, "file", "must be at most \(Limits.maximumItemsFileBytes) bytes; it has \(size)")
        }
        guard let bytes = Self.read(path, size: size) else { throw ItemError(path, "file", "cannot be read") }
        // Handed on, not copied: the reader lets the file's bytes go before it arranges the items.
        if name.lowercased().hasSuffix(".csv") {
            try self.init(csv: consume bytes, file: path)
        } else {
            try self.init(jsonLines: consume bytes, file: path)
        }
    }
}

extension ItemSet {
    /// The file's bytes, read straight into one array (Foundation's `Data`, then a copy of it, would take twice the
    /// memory); at most `size` of them, as the file had when looked at.
    fileprivate static func read(_ path: String, size: Int) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { buffer, count in
            while count < size {
                let read = Glibc.read(handle.fileDescriptor, buffer.baseAddress! + count, size - count)
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else {
                    failed = read < 0
                    return
                }
                count += read
            }
        }
        return failed ? nil : bytes
    }
}
