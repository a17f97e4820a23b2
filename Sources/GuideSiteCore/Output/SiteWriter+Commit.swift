import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Putting the new site in place, keeping the replaced one as the next build's spare.
extension SiteWriter {
    /// Puts the staging folder in place of the output. On Linux the two folders are exchanged
    /// in one `renameat2(RENAME_EXCHANGE)`, so at every instant `Output/` holds either the old or
    /// the new complete site; elsewhere two renames are used. The previous site is deleted after.
    public func commit() throws {
        let manager = FileManager.default
        if reusing, !holdsOnlyWrittenFiles { removeStale() }
        guard manager.fileExists(atPath: output.path) else {
            try manager.moveItem(at: staging, to: output)
            return
        }
        for name in preserving {
            let kept = output.appending(path: name), target = staging.appending(path: name)
            if manager.fileExists(atPath: kept.path), !manager.fileExists(atPath: target.path) {
                try manager.moveItem(at: kept, to: target)
            }
        }
        if AtomicExchange.exchange(staging.path, output.path) {
            keepOrRemove(staging)
            return
        }
        let retired = output.deletingLastPathComponent()
            .appending(path: ".\(output.lastPathComponent).retired-\(getpid())", directoryHint: .isDirectory)
        try? manager.removeItem(at: retired)
        try manager.moveItem(at: output, to: retired)
        do {
            try manager.moveItem(at: staging, to: output)
        } catch {
            try? manager.moveItem(at: retired, to: output)
            throw error
        }
        try? manager.removeItem(at: retired)
    }

    /// Every file this build wrote, relative to the site, sorted.
    public var writtenFiles: [String] { written.paths.sorted() }

    /// The files this build wrote that are not the live output's files linked, sorted: where
    /// the new site differs from the one it replaces.
    public var freshFiles: [String] { fresh.paths.sorted() }

    /// Where the site `output` replaces is kept for the next build, unless `output` is inside
    /// another GuideSite output.
    static func sparePath(for output: URL) -> URL? {
        let output = output.standardizedFileURL
        let parent = output.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: parent.appending(path: markerName).path) { return nil }
        return parent.appending(path: ".\(output.lastPathComponent).spare", directoryHint: .isDirectory)
    }

    /// Makes each of `paths` in the reused staging folder the live output's file, linked, or
    /// removes it when the live output has none: a spare site whose differences from the
    /// live one are known becomes a copy of it without comparing every file.
    public func takeLive(_ paths: [String]) throws {
        for path in paths {
            if unlinkat(folders.staging, path, 0) != 0, errno != ENOENT {
                clearWay(to: path)
            }
            if linkat(folders.output, path, folders.staging, path, 0) == 0 { continue }
            if errno == ENOENT {
                var info = stat()
                if fstatat(folders.output, path, &info, AT_SYMLINK_NOFOLLOW) != 0 {
                    // Not in the live site: gone, with the folders it leaves empty.
                    FileWriting.removeEmptyFolders(of: path, in: folders.staging)
                    continue
                }
                if FileWriting.makeDirectories(in: folders.staging, parentOf: path),
                   linkat(folders.output, path, folders.staging, path, 0) == 0 { continue }
            }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, path: staging.path + "/" + path)
        }
    }

    /// Makes each of `paths` in the staging folder the live output's file, linked, as if
    /// written with the same bytes: a page whose output cannot have changed since the live
    /// output was built. Returns those the live output lacks (or that could not be linked),
    /// which the build writes instead.
    public func keepLive(_ paths: [String]) -> [String] {
        guard folders.output >= 0, folders.staging >= 0 else { return paths }
        var missed: [String] = []
        for path in paths {
            if reusing, FileWriting.isSameFile(in: folders.output, path, in: folders.staging, path) {
                written.insert(path)
                continue
            }
            if reusing, unlinkat(folders.staging, path, 0) != 0, errno != ENOENT { clearWay(to: path) }
            if linkat(folders.output, path, folders.staging, path, 0) == 0
                || errno == ENOENT && FileWriting.makeDirectories(in: folders.staging, parentOf: path) && linkat(folders.output, path, folders.staging, path, 0) == 0 {
                written.insert(path)
            } else {
                missed.append(path)
            }
        }
        return missed
    }

    /// Keeps the staging folder as the next build's spare after a failed build (every file in
    /// it is checked before reuse), or removes it.
    public func discard() {
        keepOrRemove(staging)
    }

    /// Makes `folder` (the replaced site, or a failed build's staging folder) the spare site.
    private func keepOrRemove(_ folder: URL) {
        if let spare, !FileManager.default.fileExists(atPath: spare.path), rename(folder.path, spare.path) == 0 { return }
        FileWriting.removeTree(folder.path)
    }

    /// Deletes what a reused folder holds that this build did not write (pages of removed
    /// entries, a previous build's subsets), and the folders left empty.
    private func removeStale() {
        let kept = written.paths
        func sweep(_ path: String, relative: String) -> Bool {
            var empty = true
            for (name, isFolder) in FileWriting.entries(in: path) {
                let child = path + "/" + name, childRelative = relative.isEmpty ? name : relative + "/" + name
                if isFolder {
                    if sweep(child, relative: childRelative) { rmdir(child) } else { empty = false }
                } else if relative.isEmpty && name == Self.markerName || kept.contains(childRelative) {
                    empty = false
                } else {
                    unlink(child)
                }
            }
            return empty
        }
        _ = sweep(staging.path, relative: "")
    }
}
