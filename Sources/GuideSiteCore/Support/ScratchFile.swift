import Foundation

/// Text held in a file instead of memory: the bodies' HTML of a site too large to keep it all
/// between the Markdown stage and the templates (1 GB at 100,000 entries), stored once rendered
/// and read back when its page is. The file is unlinked as soon as it is open, so it leaves
/// nothing behind, whatever ends the process.
final class ScratchFile: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var end = 0

    /// A new file in `folder`; nil when none can be made there.
    init?(in folder: URL) {
        var name = Array((folder.path + "/.guidesite-scratch-XXXXXX").utf8CString)
        descriptor = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = name.withUnsafeBufferPointer { unlink($0.baseAddress!) }
    }

    deinit {
        close(descriptor)
    }

    /// Stores `text` (from any thread); nil when the disk refuses it, and the caller keeps it.
    func store(_ text: String) -> ScratchText? {
        var text = text
        return text.withUTF8 { bytes -> ScratchText? in
            lock.lock()
            let offset = end
            end += bytes.count
            lock.unlock()
            guard FileBytes.write(UnsafeRawBufferPointer(bytes), to: descriptor, at: offset) else { return nil }
            return ScratchText(file: self, offset: offset, count: bytes.count)
        }
    }

    fileprivate func read(offset: Int, count: Int) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            FileBytes.read(into: UnsafeMutableRawBufferPointer(buffer), from: descriptor, at: offset)
        }
    }
}

/// A text stored in a `ScratchFile`, read again on each use.
struct ScratchText: Sendable, Hashable, Encodable {
    let file: ScratchFile
    let offset: Int
    let count: Int

    var text: String { file.read(offset: offset, count: count) }

    static func == (left: ScratchText, right: ScratchText) -> Bool {
        left.file === right.file && left.offset == right.offset && left.count == right.count
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(offset)
        hasher.combine(count)
    }

    /// What it is: its text, wherever it is stored.
    func encode(to encoder: any Encoder) throws {
        try text.encode(to: encoder)
    }
}
