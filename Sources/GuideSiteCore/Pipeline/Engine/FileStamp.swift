import Foundation

/// What `stat` says of a file: if none of it changed, neither did the file.
struct FileStamp: Hashable, Sendable, Codable {
    var size: Int64
    var inode: UInt64
    var seconds: Int
    var nanoseconds: Int

    init(size: Int64, inode: UInt64, seconds: Int, nanoseconds: Int) {
        self.size = size
        self.inode = inode
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// `trustRecent` accepts a file written in the last two seconds (for files nobody edits,
    /// such as the guidesite binary).
    init?(path: String, trustRecent: Bool = false) {
        self.init(folder: AT_FDCWD, name: path, trustRecent: trustRecent)
    }

    /// The stamp of `name` inside the open folder `folder`: the kernel looks up one name instead
    /// of every folder of a full path (most of a preview rebuild's `stat` time).
    init?(folder: Int32, name: String, trustRecent: Bool = false) {
        var info = stat()
        guard fstatat(folder, name, &info, 0) == 0 else { return nil }
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        // A file written in the last two seconds may be written again within the same clock
        // tick; such a stamp is not trusted.
        if !trustRecent, Int(time(nil)) - seconds < 2 { return nil }
    }
}

extension FileStamp {
    /// Every file's stamp, looked up by name in its open folder, on every core.
    static func stamps(of files: [ContentFile]) -> [FileStamp?] {
        var folders: [Substring: Int32] = [:]
        let located = files.map { file -> (folder: Int32, name: Substring) in
            let path = file.path
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex
            let folder = path[..<slash]
            let descriptor = folders[folder] ?? {
                let opened = open(folder.isEmpty ? "/" : String(folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                folders[folder] = opened
                return opened
            }()
            return (descriptor, path[path.utf8.index(after: slash)...])
        }
        defer { for descriptor in folders.values where descriptor >= 0 { close(descriptor) } }
        return Array(located.indices).concurrentMap { index in
            let (folder, name) = located[index]
            return folder >= 0 ? FileStamp(folder: folder, name: String(name)) : FileStamp(path: files[index].path)
        }
    }
}

extension StableHash {
    /// The stamp's size, inode and time, as 32 bytes.
    mutating func add(_ stamp: FileStamp) {
        var bytes = Data()
        for number in [UInt64(bitPattern: stamp.size), stamp.inode, UInt64(bitPattern: Int64(stamp.seconds)), UInt64(bitPattern: Int64(stamp.nanoseconds))] {
            withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
        }
        add(bytes: bytes)
    }
}
