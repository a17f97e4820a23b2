import Foundation

/// The body text the index holds, made from a page's HTML over its bytes.
extension SearchIndex {
    /// The readable text of rendered body HTML, without tags, headings (indexed apart) or runs
    /// of white space, cut at a word boundary after at most `limit` characters.
    static func plainText(html: String, limit: Int) -> String {
        var html = html
        var text: [UInt8] = []
        var inTag = false, skippingHeading = false, pendingSpace = false
        // The tag being read: its first bytes, and how many there were (up to 24 are kept).
        var tag = TagBytes()
        var characters = 0
        html.withUTF8 { bytes in
            text.reserveCapacity(min(bytes.count, limit * 4 + 16))
            for byte in bytes {
                guard characters < limit + 40 else { break }
                if inTag {
                    if byte == UInt8(ascii: ">") {
                        inTag = false
                        if tag.starts(with: Self.headingTag) { skippingHeading = true }
                        if skippingHeading, tag.equals(Self.closingDiv) { skippingHeading = false }
                        // Block ends separate words; inline ones (`</code>`, `</a>`) do not.
                        if Self.separatesWords(tag) { pendingSpace = true }
                    } else {
                        tag.append(byte)
                    }
                    continue
                }
                if byte == UInt8(ascii: "<") {
                    inTag = true
                    tag = TagBytes()
                    continue
                }
                if skippingHeading { continue }
                if byte == 32 || byte == 10 || byte == 9 || byte == 13 {
                    pendingSpace = true
                    continue
                }
                if pendingSpace, !text.isEmpty {
                    text.append(32)
                    characters += 1
                }
                pendingSpace = false
                text.append(byte)
                if byte & 0xC0 != 0x80 { characters += 1 }
            }
        }
        var result = decodeEntities(String(decoding: text, as: UTF8.self))
        // Printable ASCII, the usual text, is one character a byte: cut without counting
        // characters (which took as long as reading the HTML).
        if result.withUTF8({ bytes in !bytes.contains { $0 < 0x20 || $0 >= 0x7F } }) {
            guard result.utf8.count > limit else { return result }
            let cut = result.utf8.prefix(limit)
            return String(Substring(result.utf8[..<(cut.lastIndex(of: UInt8(ascii: " ")) ?? cut.endIndex)]))
        }
        if result.count > limit {
            let cut = result.prefix(limit)
            result = String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)])
        }
        return result
    }

    /// The first 24 bytes of a tag in a fixed buffer: no allocation per tag.
    struct TagBytes {
        private var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
        private(set) var count = 0

        mutating func append(_ byte: UInt8) {
            guard count < 24 else { return }
            withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
            count += 1
        }

        subscript(position: Int) -> UInt8 {
            withUnsafeBytes(of: storage) { $0[position] }
        }

        func starts(with prefix: [UInt8]) -> Bool {
            guard count >= prefix.count else { return false }
            for (position, byte) in prefix.enumerated() where self[position] != byte { return false }
            return true
        }

        func equals(_ other: [UInt8]) -> Bool {
            count == other.count && starts(with: other)
        }
    }

    private static let headingTag = Array("div class=\"heading\"".utf8)
    private static let closingDiv = Array("/div".utf8)
    /// Names of the tags that end or break a block, lowercase, each packed into an integer
    /// (`blockquote`, the one longer than eight bytes, is checked apart).
    private static let blockTags: Set<UInt64> = Set(["p", "li", "ul", "ol", "pre", "div", "table", "tr", "td", "th",
                                                     "h1", "h2", "h3", "h4", "h5", "h6", "br", "hr", "section", "dd", "dt"].map { pack($0.utf8) })
    private static let blockquoteHead = pack("blockquo".utf8)

    /// Up to eight bytes as one integer, the first in the lowest byte.
    private static func pack(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Whether a tag (its text between `<` and `>`) ends or breaks a block.
    private static func separatesWords(_ tag: TagBytes) -> Bool {
        var position = 0
        while position < tag.count, tag[position] == UInt8(ascii: "/") { position += 1 }
        // The name: up to a space, a `/` or ten bytes, lowercased.
        var packed: UInt64 = 0
        var tail: [UInt8] = []
        var length = 0
        while position < tag.count, length < 10 {
            var byte = tag[position]
            if byte == 32 || byte == UInt8(ascii: "/") { break }
            // No block tag's name holds a NUL (which packing could not tell from the end).
            if byte == 0 { return false }
            if byte >= 65 && byte <= 90 { byte += 32 }
            if length < 8 { packed |= UInt64(byte) << (8 * UInt64(length)) } else { tail.append(byte) }
            length += 1
            position += 1
        }
        if length <= 8 { return blockTags.contains(packed) }
        return length == 10 && packed == blockquoteHead && tail == [UInt8(ascii: "t"), UInt8(ascii: "e")]
    }

    private static func decodeEntities(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ !$0.isEmpty && memchr($0.baseAddress!, Int32(UInt8(ascii: "&")), $0.count) != nil }) else { return text }
        return text.replacingBytes("&lt;", with: "<").replacingBytes("&gt;", with: ">").replacingBytes("&quot;", with: "\"")
            .replacingBytes("&#39;", with: "'").replacingBytes("&amp;", with: "&")
    }
}
