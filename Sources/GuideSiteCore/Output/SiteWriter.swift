import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a site atomically: everything goes into a staging folder beside the output, which
/// replaces the output only once the build has succeeded. A failed or killed build leaves the
/// previous output as it was.
///
/// The site the output replaced is kept beside it as `.Output.spare` and becomes the next
/// build's staging folder: its folders and files are reused, and only pages whose bytes differ
/// are written, so a rebuild creates and deletes almost nothing. (Creating 10,000 folders and
/// deleting as many was a second of every rebuild; on ext4 without a journal, inodes freed in
/// the last minutes also make every new one slow to find.)
public struct SiteWriter: Sendable {
    /// The file GuideSite leaves in every folder it writes, so it never replaces a folder it did
    /// not create.
    public static let markerName = ".guidesite-output"
    static let markerText = "This folder was written by GuideSite and is replaced by every build.\n"

    /// The output folder.
    public let output: URL
    /// The staging folder being filled.
    public let staging: URL
    /// Folders of the previous output carried into the new one (a full build keeps `subsets/`).
    public var preserving: [String] = []
    /// Where the replaced site is kept for the next build; nil for an output inside another
    /// GuideSite output (a subset in `Output/subsets/`), whose spare would be published.
    public var spare: URL?
    /// Whether the staging folder is a spare site being reused (its files must be checked).
    public var reusing = false
    /// Files this build wrote, relative to the site: anything else in a reused folder is stale.
    let written = WrittenPaths()
    /// Files this build wrote that are not the live output's file linked (new or other bytes).
    let fresh = WrittenPaths()
    /// Files this build removed from the staging folder (a patch's pages gone).
    let removed = WrittenPaths()
    /// Folders this build made in a new staging folder: a page's `.feature` file and the search
    /// index's pieces asked again for a folder made already (13,700 of 24,500 `mkdir` calls at
    /// 10,000 entries).
    let madeFolders = WrittenPaths()
    /// Set when the staging folder is known to hold exactly this build's files (a patch of the
    /// last build): `commit()` then does not look for stale files.
    public var holdsOnlyWrittenFiles = false
    /// Whether `writtenFiles` and `freshFiles` are kept (for the build's state); a reused
    /// folder always keeps the files written, to find the stale ones.
    public var listsFiles = false
    /// The staging and output folders, open: files are created and compared by their paths
    /// inside them, so the kernel walks three names per file instead of the dozen of a full
    /// path (a tenth of the kernel's time in a 10,000-page build).
    let folders: OpenFolders

    init(output: URL, staging: URL) {
        self.output = output
        self.staging = staging
        folders = OpenFolders(staging: staging.path, output: output.path)
    }

    /// Checks that `layout.output` may be replaced and creates a fresh staging folder beside it.
    /// Returns a usage diagnostic when the output is a source folder or someone else's folder.
    public static func prepare(layout: SiteLayout, force: Bool, preserving: [String] = [], markParent: URL? = nil) -> Result<SiteWriter, Diagnostic> {
        let output = layout.output.standardizedFileURL
        let outputPath = output.path
        let display = layout.displayPath(output)
        func refuse(_ message: String) -> Result<SiteWriter, Diagnostic> {
            .failure(Diagnostic(.error, display, category: "output", message))
        }
        for (name, source) in [("the site root", layout.root), ("Content/", layout.content), ("Templates/", layout.templates)] {
            let sourcePath = source.standardizedFileURL.path
            if outputPath == sourcePath || sourcePath.hasPrefix(outputPath == "/" ? "/" : outputPath + "/") {
                return refuse("refusing to write the site over \(name); choose another `--output` folder")
            }
            // Content read from the site root (`content: .`) skips the output folder instead.
            let contentIsRoot = name == "Content/" && sourcePath == layout.root.standardizedFileURL.path
            if name != "the site root", !contentIsRoot, outputPath.hasPrefix(sourcePath + "/") {
                return refuse("refusing to write the site inside \(name), where it would be read back as source; choose another `--output` folder")
            }
        }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: outputPath, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                return refuse("the output path is a file, not a folder; remove it or choose another `--output` folder")
            }
            let contents = (try? manager.contentsOfDirectory(atPath: outputPath)) ?? []
            if !contents.isEmpty, !contents.contains(markerName), !force {
                return refuse("refusing to replace a non-empty folder GuideSite did not create; empty it, choose another `--output` folder, or pass `--force`")
            }
        }
        let parent = output.deletingLastPathComponent()
        let staging = parent.appending(path: ".\(output.lastPathComponent).staging-\(getpid())", directoryHint: .isDirectory)
        let nested = manager.fileExists(atPath: parent.appending(path: markerName).path) || markParent != nil
        let spare = nested ? nil : parent.appending(path: ".\(output.lastPathComponent).spare", directoryHint: .isDirectory)
        removeLeftovers(near: output, spare: spare)
        var reusing = false
        do {
            if let markParent, !manager.fileExists(atPath: markParent.path) {
                // The site's own output folder, created to hold a subset: mark it as ours.
                try manager.createDirectory(at: markParent, withIntermediateDirectories: true)
                try Data(markerText.utf8).write(to: markParent.appending(path: markerName))
            }
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            try? manager.removeItem(at: staging)
            // The spare site becomes the staging folder when it is ours (it has the marker).
            if let spare, manager.fileExists(atPath: spare.appending(path: markerName).path), rename(spare.path, staging.path) == 0 {
                reusing = true
            } else {
                try manager.createDirectory(at: staging, withIntermediateDirectories: false)
                try Data(markerText.utf8).write(to: staging.appending(path: markerName))
            }
        } catch {
            return refuse("cannot create the output folder: \(error.localizedDescription)")
        }
        var writer = SiteWriter(output: output, staging: staging)
        writer.preserving = preserving
        writer.spare = spare
        writer.reusing = reusing
        return .success(writer)
    }

    /// Staging and retired folders left by builds that were killed: one becomes the spare site
    /// when there is none (its files are checked before reuse), the others are deleted.
    private static func removeLeftovers(near output: URL, spare: URL?) {
        let parent = output.deletingLastPathComponent()
        let prefixes = [".\(output.lastPathComponent).staging-", ".\(output.lastPathComponent).retired-"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where prefixes.contains(where: name.hasPrefix) || name.hasPrefix(".\(output.lastPathComponent).patch-") {
            let folder = parent.appending(path: name)
            if let pid = Int32(name.split(separator: "-").last ?? ""), pid != getpid(), kill(pid, 0) == 0 { continue }
            // A killed in-place patch's files, never part of any site.
            if name.hasPrefix(".\(output.lastPathComponent).patch-") {
                FileWriting.removeTree(folder.path)
                continue
            }
            if FileManager.default.fileExists(atPath: folder.appending(path: markerName).path) {
                if let spare, !FileManager.default.fileExists(atPath: spare.path), rename(folder.path, spare.path) == 0 { continue }
                FileWriting.removeTree(folder.path)
            }
        }
    }

    /// Writes one file below the staging folder, creating folders as needed. Plain `open` and
    /// `write`, without the `fsync` Foundation adds: atomicity comes from the folder exchange in
    /// `commit()`, and a sync per file made writing 10,000 pages wait on the disk 10,000 times.
    /// A file whose bytes equal the previous output's is hard-linked from it instead, so it
    /// keeps its modification time (deploy tools upload nothing) and costs no new inode.
    public func write(_ data: Data, to relativePath: String) throws {
        try data.withUnsafeBytes { try write(bytes: $0, to: relativePath) }
    }

    /// Unlinks a file the staging folder took from the last build (a patched spare site); it
    /// then differs from the live site's (`freshFiles`), which the next patch takes.
    public func remove(_ relativePath: String) throws {
        if listsFiles { fresh.insert(relativePath) }
        removed.insert(relativePath)
        let result = folders.staging >= 0 ? unlinkat(folders.staging, relativePath, 0) : unlink(staging.path + "/" + relativePath)
        if result != 0, errno != ENOENT { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, path: staging.path + "/" + relativePath) }
        // As a full build would leave it: without the folders the file leaves empty.
        FileWriting.removeEmptyFolders(of: relativePath, in: folders.staging >= 0 ? folders.staging : AT_FDCWD, root: staging.path)
    }

    /// A page's bytes, written from the array's storage.
    public func write(bytes: [UInt8], to relativePath: String) throws {
        try bytes.withUnsafeBytes { try write(bytes: $0, to: relativePath) }
    }

    /// A file spliced from the live one: written from its pieces when its size is another (its
    /// bytes are new), else compared like any page.
    public func write(pieces: [UnsafeRawBufferPointer], to relativePath: String) throws {
        let total = pieces.reduce(0) { $0 + $1.count }
        var live = stat()
        guard folders.staging >= 0, folders.output >= 0, fstatat(folders.output, relativePath, &live, 0) == 0, Int(live.st_size) != total else {
            return try write(bytes: Self.joined(pieces), to: relativePath)
        }
        if reusing || listsFiles { written.insert(relativePath) }
        if listsFiles { fresh.insert(relativePath) }
        let display = staging.path + "/" + relativePath
        if try FileWriting.write(pieces, in: folders.staging, to: relativePath, display: display) { return }
        guard FileWriting.makeDirectories(in: folders.staging, parentOf: relativePath),
              try FileWriting.write(pieces, in: folders.staging, to: relativePath, display: display) else { throw POSIXError(.ENOENT, path: display) }
    }

    private func write(bytes: UnsafeRawBufferPointer, to relativePath: String) throws {
        if reusing || listsFiles { written.insert(relativePath) }
        let path = staging.path + "/" + relativePath
        // By name inside the open folders; by full path when the staging folder could not be
        // opened. No live output (a first build) means nothing to compare with.
        let stage = folders.staging >= 0 ? (folder: folders.staging, name: relativePath) : (folder: AT_FDCWD, name: path)
        let live = folders.output >= 0 ? (folder: folders.output, name: relativePath) : nil
        if let live, FileWriting.hasContents(bytes, in: live.folder, at: live.name) {
            // The live file, linked, keeps its time and costs no new inode.
            if reusing, FileWriting.isSameFile(in: live.folder, live.name, in: stage.folder, stage.name) { return }
            if reusing { unlinkat(stage.folder, stage.name, 0) }
            if linkat(live.folder, live.name, stage.folder, stage.name, 0) == 0 { return }
            if errno == ENOENT, FileWriting.makeDirectories(in: stage.folder, parentOf: stage.name),
               linkat(live.folder, live.name, stage.folder, stage.name, 0) == 0 { return }
        } else if reusing, FileWriting.hasContents(bytes, in: stage.folder, at: stage.name) {
            // Unchanged since the build before the last (the live file differs).
            if listsFiles { fresh.insert(relativePath) }
            return
        }
        if listsFiles { fresh.insert(relativePath) }
        // Into a new folder, almost every page has a folder of its own (`name/index.html`):
        // made first, rather than after an open that fails on looking it up.
        if live == nil, !reusing, let slash = stage.name.utf8.lastIndex(of: UInt8(ascii: "/")) {
            let parent = String(stage.name[..<slash])
            if !madeFolders.contains(parent), FileWriting.makeDirectories(in: stage.folder, parentOf: stage.name) { madeFolders.insert(parent) }
        }
        do {
            if try FileWriting.write(bytes, in: stage.folder, to: stage.name, display: path) { return }
            guard FileWriting.makeDirectories(in: stage.folder, parentOf: stage.name),
                  try FileWriting.write(bytes, in: stage.folder, to: stage.name, display: path) else {
                throw POSIXError(.ENOENT, path: path)
            }
        } catch where reusing {
            // A reused folder may have a file where this build needs a folder, or the reverse
            // (a page's URL became a file's): cleared, then written once more.
            clearWay(to: relativePath)
            guard FileWriting.makeDirectories(parentOf: path), try FileWriting.write(bytes, to: path) else {
                throw POSIXError(.ENOENT, path: path)
            }
        }
    }

    /// True when the staged name `path` now holds the right bytes without writing them: the
    /// live file `previous` when it `matches`, linked so it keeps its modification time (and
    /// costs no new inode); in a reused folder, a staged file that `matches` (unchanged since the
    /// build before the last; the live file differs, so it is never the live one).
    private func linkedOrKept(_ path: String, previous: String, matches: (String) -> Bool) -> Bool {
        if matches(previous) {
            if reusing {
                if FileWriting.isSameFile(previous, path) { return true }
                unlink(path)
            }
            if link(previous, path) == 0 { return true }
            return errno == ENOENT && FileWriting.makeDirectories(parentOf: path) && link(previous, path) == 0
        }
        return reusing && matches(path)
    }

    /// Removes what stands in the way of writing `relativePath` in the staging folder: a file
    /// where a folder above it should be, or a folder where it should be.
    func clearWay(to relativePath: String) {
        var path = staging.path
        let parts = relativePath.split(separator: "/")
        for (position, part) in parts.enumerated() {
            path += "/" + part
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            if position + 1 < parts.count {
                if !isFolder { unlink(path); return }
            } else if isFolder {
                FileWriting.removeTree(path)
            }
        }
    }

    /// Copies a file into the staging folder. In a reused folder, a file whose bytes equal the
    /// live output's is linked from it (keeping its time) and one already staged stays.
    public func copy(_ source: URL, to relativePath: String) throws {
        let url = staging.appending(path: relativePath)
        if reusing || listsFiles { written.insert(relativePath) }
        if reusing {
            // Compared in chunks, never loaded whole (a copied video may be large): the live
            // file, linked, keeps its time; a staged file with the same bytes stays.
            let path = url.path
            let previous = output.path + "/" + relativePath
            if linkedOrKept(path, previous: previous, matches: { FileWriting.sameContents(source.path, $0) }) {
                if listsFiles, !FileWriting.isSameFile(previous, path) { fresh.insert(relativePath) }
                return
            }
            clearWay(to: relativePath)
            unlink(path)
        }
        if listsFiles { fresh.insert(relativePath) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: url)
    }
}
