import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replacing a few files of a live site that has no spare beside it (the second build after a
/// first one into a new folder): copying 10,000 folders to make a spare cost more than the
/// whole patch.
extension SiteWriter {
    /// Writes every file beside `output` first, then renames each over its live file, so each
    /// file changes whole. Only a kill between the renames (microseconds) leaves some files new
    /// and others old; the caller removes the build state before, so the next build is a full
    /// one that puts a complete site in place.
    public static func replaceInPlace(_ files: [(file: String, data: Data)], in output: URL) throws {
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
    }
}
