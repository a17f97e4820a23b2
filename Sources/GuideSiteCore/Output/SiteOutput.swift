import Foundation

/// Where a build puts the files of the site: a staging folder on disk (`build`) or memory
/// (`serve`).
public protocol SiteOutput: Sendable {
    /// Stores `data` as the file at `path` (relative, `/`-separated).
    func write(_ data: Data, to path: String) throws
    /// Stores a copy of the file at `source` as `path`.
    func copy(_ source: URL, to path: String) throws
    /// Stores `bytes` as the file at `path`.
    func write(bytes: [UInt8], to path: String) throws
    /// Stores `pieces`, one after the other, as the file at `path` (a file of the live output
    /// with parts replaced: `ExportSplice`).
    func write(pieces: [UnsafeRawBufferPointer], to path: String) throws
    /// Leaves out the file at `path` that an output started from the last build holds (a piece
    /// of the search index no longer made); nothing when there is none.
    func remove(_ path: String) throws
    /// Takes each of `paths` from the live output as it is (`SiteWriter.keepLive`); returns
    /// those it could not, to be written.
    func keepLive(_ paths: [String]) -> [String]
}

extension SiteOutput {
    public func write(bytes: [UInt8], to path: String) throws {
        try write(Data(bytes), to: path)
    }

    public func write(pieces: [UnsafeRawBufferPointer], to path: String) throws {
        try write(bytes: Self.joined(pieces), to: path)
    }

    /// `pieces` one after the other, in one array.
    static func joined(_ pieces: [UnsafeRawBufferPointer]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { bytes.append(contentsOf: piece) }
        return bytes
    }

    /// None: an output that is not a staging folder beside a live one writes every file.
    public func keepLive(_ paths: [String]) -> [String] { paths }
}

extension SiteWriter: SiteOutput {}

/// A site held in memory, as the preview server serves it.
public final class MemoryOutput: SiteOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String: Data] = [:]
    private var writtenSinceAdopting: Set<String>?

    /// An empty site.
    public init() {}

    /// Starts from `files`, the last build's output, when a build writes only what changed.
    func adopt(_ files: [String: Data]) {
        lock.lock()
        defer { lock.unlock() }
        storage = files
        writtenSinceAdopting = []
    }

    /// Forgets every file (a build that started from the last build's files and then built
    /// everything after all).
    func reset() {
        lock.lock()
        defer { lock.unlock() }
        storage = [:]
        writtenSinceAdopting = nil
    }

    /// When the build started from the last build's files: the paths written since (the
    /// others are that build's). Nil when every file was written.
    public var written: Set<String>? {
        lock.lock()
        defer { lock.unlock() }
        return writtenSinceAdopting
    }

    public func write(_ data: Data, to path: String) throws {
        lock.lock()
        defer { lock.unlock() }
        storage[path] = data
        writtenSinceAdopting?.insert(path)
    }

    public func copy(_ source: URL, to path: String) throws {
        let data = try Data(contentsOf: source)
        try write(data, to: path)
    }

    public func remove(_ path: String) throws {
        lock.lock()
        defer { lock.unlock() }
        storage.removeValue(forKey: path)
        writtenSinceAdopting?.insert(path)
    }

    /// Every file, by path.
    public var files: [String: Data] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// Writes below a folder of another output: a subset inside the full site's staging folder.
struct PrefixedOutput: SiteOutput {
    let base: any SiteOutput
    let prefix: String

    func write(_ data: Data, to path: String) throws {
        try base.write(data, to: prefix + path)
    }

    func write(bytes: [UInt8], to path: String) throws {
        try base.write(bytes: bytes, to: prefix + path)
    }

    func write(pieces: [UnsafeRawBufferPointer], to path: String) throws {
        try base.write(pieces: pieces, to: prefix + path)
    }

    func copy(_ source: URL, to path: String) throws {
        try base.copy(source, to: prefix + path)
    }

    func remove(_ path: String) throws {
        try base.remove(prefix + path)
    }

    func keepLive(_ paths: [String]) -> [String] {
        base.keepLive(paths.map { prefix + $0 }).map { String($0.dropFirst(prefix.count)) }
    }
}
