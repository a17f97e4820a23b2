import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
    /// Removes the folders of `relativePath` that are empty, deepest first: below the open
    /// folder `folder`, or (`AT_FDCWD`) below `root`.
    static func removeEmptyFolders(of relativePath: String, in folder: Int32 = AT_FDCWD, root: String = "") {
        let prefix = folder == AT_FDCWD ? root + "/" : ""
        var parent = Substring(relativePath)
        while let slash = parent.lastIndex(of: "/") {
            parent = parent[..<slash]
            if unlinkat(folder, prefix + parent, AT_REMOVEDIR) != 0 { break }
        }
    }

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
        try write([buffer], in: folder, to: path, display: display)
    }

    /// The file at `path` inside `folder` made of `pieces` one after the other; false when its
    /// folder does not exist.
    static func write(_ pieces: [UnsafeRawBufferPointer], in folder: Int32, to path: String, display: String) throws -> Bool {
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
        for buffer in pieces where failure == 0 {
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
