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

    static func encode(_ pages: [Page]) -> (bytes: [UInt8], records: [Range<Int>], token: UInt64) {
        var token: UInt64 = 0
        while token == 0 { token = UInt64.random(in: 1...UInt64.max) }
        var bytes = BuildState.pagesMagic
        withUnsafeBytes(of: token.littleEndian) { bytes.append(contentsOf: $0) }
        var records: [Range<Int>] = []
        records.reserveCapacity(pages.count)
        var writer = ByteWriter()
        for page in pages {
            writer.bytes.removeAll(keepingCapacity: true)
            writer.page(page)
            records.append(bytes.count..<(bytes.count + writer.bytes.count))
            bytes.append(contentsOf: writer.bytes)
        }
        return (bytes, records, token)
    }
}
