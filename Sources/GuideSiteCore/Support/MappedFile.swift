import Foundation

/// A file mapped into memory, read only, unmapped when the last copy goes.
final class MappedFile: @unchecked Sendable {
    private let address: UnsafeMutableRawPointer
    let count: Int

    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        count = Int(info.st_size)
        guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
        address = mapped
    }

    deinit {
        munmap(address, count)
    }

    func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(start: address, count: count))
    }
}

/// A regular file's bytes read whole into one array, with no `Data` copied from: the parts a
/// build takes from its last output's files are slices of it.
enum FileBytes {
    static func read(path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else { return [] }
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let read = pread(descriptor, buffer.baseAddress! + count, size - count, off_t(count))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { complete = false; return }
                count += read
            }
        }
        return complete ? bytes : nil
    }
}

extension FileBytes {
    /// Writes all of `bytes` at `offset` of the open file, again after an interruption; false
    /// when the disk refuses them.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            done += written
        }
        return true
    }

    /// Reads `buffer.count` bytes at `offset` of the open file into `buffer`; how many it could.
    static func read(into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: Int) -> Int {
        var done = 0
        while done < buffer.count {
            let read = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            done += read
        }
        return done
    }
}

/// A value handed to other threads that only read it.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
