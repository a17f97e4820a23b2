import Foundation

/// The bytes of a pages file: every page's record after the magic line and a token, made on
/// another thread while the build commits its output.
final class PagesFile: @unchecked Sendable {
    private let group = DispatchGroup()
    private var made: (bytes: [UInt8], records: [Range<Int>], token: UInt64) = ([], [], 0)

    init(pages: [Page]) {
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in made = Self.encode(pages) }
    }

    func wait() -> (bytes: [UInt8], records: [Range<Int>], token: UInt64) {
        group.wait()
        return made
    }

    /// A new pages file's first bytes: the magic line and a new token, which its state names.
    static func start() -> (bytes: [UInt8], token: UInt64) {
        var token: UInt64 = 0
        while token == 0 { token = UInt64.random(in: 1...UInt64.max) }
        var bytes = LastBuild.pagesMagic
        withUnsafeBytes(of: token.littleEndian) { bytes.append(contentsOf: $0) }
        return (bytes, token)
    }

    /// Encodes the pages in chunks on every core: single-threaded, it was most of the time a
    /// first build spent keeping its state.
    static func encode(_ pages: [Page]) -> (bytes: [UInt8], records: [Range<Int>], token: UInt64) {
        var (bytes, token) = start()
        let chunkSize = max(256, (pages.count + 7) / 8)
        let chunks = stride(from: 0, to: pages.count, by: chunkSize).map { $0..<min($0 + chunkSize, pages.count) }
        let encoded = chunks.concurrentMap { chunk -> (bytes: [UInt8], ends: [Int]) in
            var writer = ByteWriter()
            var ends: [Int] = []
            ends.reserveCapacity(chunk.count)
            for index in chunk {
                writer.page(pages[index])
                ends.append(writer.bytes.count)
            }
            return (writer.bytes, ends)
        }
        bytes.reserveCapacity(bytes.count + encoded.reduce(0) { $0 + $1.bytes.count })
        var records: [Range<Int>] = []
        records.reserveCapacity(pages.count)
        for chunk in encoded {
            var start = bytes.count
            let base = start
            for end in chunk.ends {
                records.append(start..<(base + end))
                start = base + end
            }
            bytes.append(contentsOf: chunk.bytes)
        }
        return (bytes, records, token)
    }
}
