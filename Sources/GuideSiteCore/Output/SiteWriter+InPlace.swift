import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An output whose files are put in place when the build commits.
public protocol CommittedOutput: SiteOutput {
    /// The folder the files go to.
    var output: URL { get }
    func commit() throws
    func discard()
    /// The files written and those removed since the output was opened (for a patch: what the
    /// state's list of the output's files changes by).
    var pathsTouched: (written: Set<String>, removed: Set<String>) { get }
}

extension SiteWriter: CommittedOutput {
    public var pathsTouched: (written: Set<String>, removed: Set<String>) { (written.paths, removed.paths) }
}

/// A few files replacing those of a live site that has no spare beside it (the second build
/// after a first one into a new folder): copying 10,000 folders to make a spare cost more than
/// the whole patch. The files are held until the build commits.
final class InPlaceOutput: CommittedOutput, @unchecked Sendable {
    let output: URL
    private let lock = NSLock()
    private var files: [(file: String, data: Data)] = []
    private var removed: [String] = []

    init(output: URL) {
        self.output = output
    }

    func write(_ data: Data, to path: String) throws {
        lock.lock()
        defer { lock.unlock() }
        files.append((path, data))
    }

    func copy(_ source: URL, to path: String) throws {
        try write(Data(contentsOf: source), to: path)
    }

    func remove(_ path: String) throws {
        lock.lock()
        defer { lock.unlock() }
        removed.append(path)
    }

    var pathsTouched: (written: Set<String>, removed: Set<String>) {
        lock.lock()
        defer { lock.unlock() }
        return (Set(files.map(\.file)), Set(removed))
    }

    /// Writes every file beside `output` first, then renames each over its live file, so each
    /// file changes whole. Only a kill between the renames (microseconds) leaves some files new
    /// and others old; the build state is removed before, so the next build is a full one that
    /// puts a complete site in place.
    func commit() throws {
        let output = output.standardizedFileURL
        let scratch = output.deletingLastPathComponent()
            .appending(path: ".\(output.lastPathComponent).patch-\(getpid())", directoryHint: .isDirectory)
        FileWriting.removeTree(scratch.path)
        guard mkdir(scratch.path, 0o755) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, path: scratch.path)
        }
        defer { FileWriting.removeTree(scratch.path) }
        var staged: [(from: String, to: String)] = []
        for (number, file) in files.enumerated() {
            let temporary = scratch.path + "/\(number)"
            guard try FileWriting.write(file.data, to: temporary) else {
                throw POSIXError(.ENOENT, path: temporary)
            }
            let target = output.path + "/" + file.file
            guard FileWriting.makeDirectories(parentOf: target) else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, path: target)
            }
            staged.append((temporary, target))
        }
        for move in staged where rename(move.from, move.to) != 0 {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, path: move.to)
        }
        for path in removed {
            guard unlink(output.path + "/" + path) == 0 || errno == ENOENT else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, path: output.path + "/" + path)
            }
            FileWriting.removeEmptyFolders(of: path, root: output.path)
        }
    }

    func discard() {
        lock.lock()
        defer { lock.unlock() }
        files = []
        removed = []
    }
}
