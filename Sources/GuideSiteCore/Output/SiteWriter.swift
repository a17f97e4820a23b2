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
    private let written = WrittenPaths()
    /// Files this build wrote that are not the live output's file linked (new or other bytes).
    private let fresh = WrittenPaths()
    /// Set when the staging folder is known to hold exactly this build's files (a patch of the
    /// last build): `commit()` then does not look for stale files.
    public var holdsOnlyWrittenFiles = false
    /// Whether `writtenFiles` and `freshFiles` are kept (for the build's state); a reused
    /// folder always keeps the files written, to find the stale ones.
    public var listsFiles = false
    /// The staging and output folders, open: files are created and compared by their paths
    /// inside them, so the kernel walks three names per file instead of the dozen of a full
    /// path (a tenth of the kernel's time in a 10,000-page build).
    private let folders: OpenFolders

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
        for name in names where prefixes.contains(where: name.hasPrefix) {
            let folder = parent.appending(path: name)
            if let pid = Int32(name.split(separator: "-").last ?? ""), pid != getpid(), kill(pid, 0) == 0 { continue }
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

    /// A page's bytes, written from the array's storage.
    public func write(bytes: [UInt8], to relativePath: String) throws {
        try bytes.withUnsafeBytes { try write(bytes: $0, to: relativePath) }
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
        if live == nil, !reusing { _ = FileWriting.makeDirectories(in: stage.folder, parentOf: stage.name) }
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
    private func clearWay(to relativePath: String) {
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
                    var folder = path
                    while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                        folder = String(folder[..<slash])
                        if unlinkat(folders.staging, folder, AT_REMOVEDIR) != 0 { break }
                    }
                    continue
                }
                if FileWriting.makeDirectories(in: folders.staging, parentOf: path),
                   linkat(folders.output, path, folders.staging, path, 0) == 0 { continue }
            }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, path: staging.path + "/" + path)
        }
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

/// The staging and output folders held open for the writer's `*at` calls; -1 for one that does
/// not exist (a first build has no output to compare with).
final class OpenFolders: Sendable {
    let staging: Int32
    let output: Int32

    init(staging: String, output: String) {
        self.staging = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        self.output = open(output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit {
        if staging >= 0 { close(staging) }
        if output >= 0 { close(output) }
    }
}

/// The relative paths a build wrote, from every core.
final class WrittenPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var set = Set<String>()

    func insert(_ path: String) {
        lock.lock()
        set.insert(path)
        lock.unlock()
    }

    var paths: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return set
    }
}

/// Linux's atomic exchange of two paths, looked up at run time because Glibc's Swift module does
/// not export `renameat2`.
enum AtomicExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameExchange: UInt32 = 2

    /// True when `a` and `b` were swapped; false when the system cannot do it atomically.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
        return false
        #endif
    }
}

/// Writing, comparing and removing files with POSIX calls.
enum FileWriting {
    /// Whether the file `path` inside the open folder `folder` (`AT_FDCWD`: a full path) holds
    /// exactly `data`.
    static func hasContents(_ data: UnsafeRawBufferPointer, in folder: Int32, at path: String) -> Bool {
        let descriptor = openat(folder, path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == data.count else { return false }
        guard !data.isEmpty else { return true }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < data.count {
            let count = read(descriptor, buffer.baseAddress! + offset, data.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return memcmp(data.baseAddress!, buffer.baseAddress!, data.count) == 0
    }

    /// Whether two regular files hold the same bytes, read in 64 kB chunks.
    static func sameContents(_ a: String, _ b: String) -> Bool {
        let first = open(a, O_RDONLY | O_CLOEXEC | O_NONBLOCK), second = open(b, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        defer {
            if first >= 0 { close(first) }
            if second >= 0 { close(second) }
        }
        guard first >= 0, second >= 0 else { return false }
        var one = stat(), two = stat()
        guard fstat(first, &one) == 0, fstat(second, &two) == 0, (one.st_mode & S_IFMT) == S_IFREG,
              (two.st_mode & S_IFMT) == S_IFREG, one.st_size == two.st_size else { return false }
        let size = 64 * 1024
        let left = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        let right = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { left.deallocate(); right.deallocate() }
        func fill(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer) -> Int {
            var offset = 0
            while offset < size {
                let count = read(descriptor, buffer + offset, size - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return count < 0 ? -1 : offset }
                offset += count
            }
            return offset
        }
        while true {
            let got = fill(first, left)
            guard got >= 0, fill(second, right) == got else { return false }
            if got == 0 { return true }
            guard memcmp(left, right, got) == 0 else { return false }
        }
    }

    /// Whether two paths name the same file (a hard link).
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        isSameFile(in: AT_FDCWD, a, in: AT_FDCWD, b)
    }

    /// `isSameFile` for paths inside open folders.
    static func isSameFile(in firstFolder: Int32, _ a: String, in secondFolder: Int32, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard fstatat(firstFolder, a, &first, AT_SYMLINK_NOFOLLOW) == 0, fstatat(secondFolder, b, &second, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        return first.st_ino == second.st_ino && first.st_dev == second.st_dev
    }

    /// The names in a folder and whether each is a folder (never following links).
    static func entries(in path: String) -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var result: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            guard name != ".", name != ".." else { continue }
            let type = Int32(entry.pointee.d_type)
            let isFolder = type == Int32(DT_UNKNOWN) ? isDirectory(path + "/" + name) : type == Int32(DT_DIR)
            result.append((name, isFolder))
        }
        return result
    }

    /// Every file below `path`, relative to it, found by the folders' entry types (no `stat`
    /// per file), on every core for the top-level folders.
    static func files(below path: String) -> [String] {
        @Sendable func walk(_ folder: String, _ relative: String, into files: inout [String]) {
            for (name, isFolder) in entries(in: folder) {
                let child = relative.isEmpty ? name : relative + "/" + name
                if isFolder { walk(folder + "/" + name, child, into: &files) } else { files.append(child) }
            }
        }
        let top = entries(in: path)
        var files = top.filter { !$0.isFolder }.map(\.name)
        files += top.filter(\.isFolder).concurrentMap { entry -> [String] in
            var found: [String] = []
            walk(path + "/" + entry.name, entry.name, into: &found)
            return found
        }.flatMap { $0 }
        return files
    }

    /// Creates the folder holding `path` and any folders above it; false when that fails.
    static func makeDirectories(parentOf path: String) -> Bool {
        makeDirectories(in: AT_FDCWD, parentOf: path)
    }

    /// `makeDirectories(parentOf:)` for a path inside the open folder `folder`.
    static func makeDirectories(in folder: Int32, parentOf path: String) -> Bool {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash > path.utf8.startIndex else { return false }
        let parent = String(path[..<slash])
        if mkdirat(folder, parent, 0o755) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT, makeDirectories(in: folder, parentOf: parent) else { return false }
        return mkdirat(folder, parent, 0o755) == 0 || errno == EEXIST
    }

    /// Deletes a folder and everything in it, the top-level folders on every core. Never
    /// follows symbolic links.
    static func removeTree(_ path: String) {
        let children = names(in: path)
        let folders = children.filter { isDirectory(path + "/" + $0) }
        for name in children where !folders.contains(name) { unlink(path + "/" + name) }
        _ = folders.concurrentMap { name -> Bool in
            removeRecursively(path + "/" + name)
            return true
        }
        rmdir(path)
    }

    private static func removeRecursively(_ path: String) {
        for name in names(in: path) {
            let child = path + "/" + name
            if isDirectory(child) { removeRecursively(child) } else { unlink(child) }
        }
        rmdir(path)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    private static func names(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Writes `data` to `path`, replacing any file there. False when the folder does not exist;
    /// throws on any other failure (full disk, permissions).
    static func write(_ data: Data, to path: String) throws -> Bool {
        try data.withUnsafeBytes { try write($0, to: path) }
    }

    static func write(_ buffer: UnsafeRawBufferPointer, to path: String) throws -> Bool {
        try write(buffer, in: AT_FDCWD, to: path, display: path)
    }

    /// `write` to `path` inside the open folder `folder`; errors name `display`.
    static func write(_ buffer: UnsafeRawBufferPointer, in folder: Int32, to path: String, display: String) throws -> Bool {
        // Always a new file: a name already in the staging folder may be a hard link to a file
        // of the live output, which writing through would change in place.
        var descriptor = openat(folder, path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == EEXIST {
            unlinkat(folder, path, 0)
            descriptor = openat(folder, path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        if descriptor < 0 {
            if errno == ENOENT { return false }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, path: display)
        }
        let path = display
        var failure: Int32 = 0
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            offset += written
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO, path: path) }
        return true
    }
}

extension POSIXError {
    /// An error whose description names the file, as Foundation's do.
    init(_ code: POSIXErrorCode, path: String) {
        self.init(code, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "\(path): \(String(cString: strerror(code.rawValue)))"])
    }
}
