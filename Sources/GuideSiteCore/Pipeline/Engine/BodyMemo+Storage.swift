import Foundation

/// How `build` keeps the bodies in `.guidesite-cache/`: one file per output folder of the bodies
/// the last run that rendered them rendered or took (`Writer`), each a record of its links'
/// answers, its problems and its body, and at the end an index of where each key's record is.
extension BodyMemo {
    static let magic = Array("guidesite-bodies/1\n".utf8)

    /// The bodies file of builds into `output`, beside the build record.
    static func location(root: URL, output: URL) -> URL {
        BuildRecord.location(root: root, output: output).deletingPathExtension().appendingPathExtension("bodies")
    }

    /// Beside the bodies file at `location`, the bodies patches rendered since it was written.
    static func patchedLocation(_ location: URL) -> URL {
        location.appendingPathExtension("patched")
    }

    /// Up to how many bytes of bodies a patch carries over from the patches before it (each
    /// record is decoded and written again: a few hundred bodies).
    static let patchedUpTo = 1 << 23

    /// The records of a bodies file, by key: the index at its end read once, each record read
    /// when asked for (mapped whole, the file counted in the build's peak memory).
    final class Stored: @unchecked Sendable {
        private let descriptor: Int32
        let index: [Key: [Range<Int>]]
        /// The file's size.
        private(set) var size = 0

        /// The records at `url`; nil when there is none or it is damaged.
        init?(url: URL) {
            let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
            var info = stat()
            guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_size >= magic.count + 16,
                  let head = Self.read(descriptor, 0..<magic.count), head == magic,
                  let tail = Self.read(descriptor, (Int(info.st_size) - 16)..<Int(info.st_size)) else {
                if descriptor >= 0 { close(descriptor) }
                return nil
            }
            let size = Int(info.st_size)
            let found: [Key: [Range<Int>]]? = tail.withUnsafeBytes { raw in
                let start = Int(UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)))
                let count = Int(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
                guard start >= magic.count, count >= 0, count <= (size - 16) / 32, start == size - 16 - count * 32,
                      let entries = Self.read(descriptor, start..<(size - 16)) else { return nil }
                return entries.withUnsafeBytes { raw -> [Key: [Range<Int>]]? in
                    var reader = ByteReader(raw)
                    var index: [Key: [Range<Int>]] = [:]
                    index.reserveCapacity(count)
                    for _ in 0..<count {
                        guard let high = try? reader.uint64(), let low = try? reader.uint64(), let offset = try? reader.uint64(),
                              let length = try? reader.uint64(), offset >= magic.count, length <= UInt64(start), offset <= UInt64(start) - length else { return nil }
                        index[Key(high: high, low: low), default: []].append(Int(offset)..<Int(offset + length))
                    }
                    return index
                }
            }
            guard let found else {
                close(descriptor)
                return nil
            }
            (self.descriptor, index, self.size) = (descriptor, found, size)
        }

        /// Every record, decoded, in key order.
        func each(_ body: (Key, Taken) -> Void) {
            for key in index.keys.sorted(by: { ($0.high, $0.low) < ($1.high, $1.low) }) {
                for range in index[key] ?? [] {
                    guard let bytes = Self.read(descriptor, range),
                          let decoded = bytes.withUnsafeBytes({ Self.decode($0, where: { _ in true }) }) else { continue }
                    body(key, Taken(body: decoded, record: bytes))
                }
            }
        }

        deinit {
            close(descriptor)
        }

        /// The first record of `key` whose links' answers `match`, decoded, with its bytes.
        func body(_ key: Key, where match: ([AskedLink]) -> Bool) -> Taken? {
            for range in index[key] ?? [] {
                guard let bytes = Self.read(descriptor, range) else { continue }
                if let body = bytes.withUnsafeBytes({ Self.decode($0, where: match) }) { return Taken(body: body, record: bytes) }
            }
            return nil
        }

        static func decode(_ bytes: UnsafeRawBufferPointer, where match: ([AskedLink]) -> Bool) -> Body? {
            var reader = ByteReader(bytes)
            guard let links = try? reader.askedLinks(), match(links), let body = try? reader.body(links: links), reader.isAtEnd else { return nil }
            return body
        }

        static func read(_ descriptor: Int32, _ range: Range<Int>) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: range.count)
            let read = bytes.withUnsafeMutableBytes { FileBytes.read(into: $0, from: descriptor, at: range.lowerBound) }
            return read == range.count ? bytes : nil
        }
    }
}

extension ByteWriter {
    mutating func askedLinks(_ links: [BodyMemo.AskedLink]) {
        array(links) { writer, link in
            writer.string(link.url)
            switch link.target {
            case .keep: writer.int(0)
            case .url(let url): writer.int(1); writer.string(url)
            case .leavingGuide(let url): writer.int(2); writer.string(url)
            case .plainText: writer.int(3)
            case .unpublished: writer.int(4)
            }
        }
    }

    /// Every field of `RenderedBody` but where its HTML is held and its identity, made from the
    /// record's key (`BodyMemoTests` counts them).
    mutating func body(_ made: BodyMemo.Body) {
        askedLinks(made.links)
        diagnostics(made.diagnostics)
        let body = made.body
        string(body.htmlText)
        array(body.headings) { writer, heading in
            writer.int(heading.level)
            writer.string(heading.text)
            writer.string(heading.id)
            writer.int(heading.line)
        }
        optional(body.title) { $0.string($1) }
        sourceLinks(body.links)
        sourceLinks(body.annotations)
        sourceLinks(body.rewritten)
    }
}

extension ByteReader {
    mutating func askedLinks() throws -> [BodyMemo.AskedLink] {
        try array(minimumSize: 2) { reader -> BodyMemo.AskedLink in
            let url = try reader.string()
            let target: LinkTarget = switch try reader.int() {
            case 0: .keep
            case 1: .url(try reader.string())
            case 2: .leavingGuide(try reader.string())
            case 3: .plainText
            case 4: .unpublished
            default: throw Damaged()
            }
            return BodyMemo.AskedLink(url: url, target: target)
        }
    }

    /// The rest of a record after its links.
    mutating func body(links: [BodyMemo.AskedLink]) throws -> BodyMemo.Body {
        let problems = try diagnostics()
        var body = RenderedBody(html: try string(), headings: try array(minimumSize: 4) { reader in
            Heading(level: try reader.int(), text: try reader.string(), id: try reader.string(), line: try reader.int())
        })
        body.title = try optional { try $0.string() }
        body.links = try sourceLinks()
        body.annotations = try sourceLinks()
        body.rewritten = try sourceLinks()
        return BodyMemo.Body(links: links, body: body, diagnostics: problems)
    }
}
