import Mustache

/// Escaping for text and attribute values that GuideSite writes itself.
enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`. Works on UTF-8 bytes, so a quote followed by a
    /// combining mark is escaped too (a comparison by `Character` would see one cluster and let
    /// the quote through), and text with nothing to escape is returned as it is.
    static func escape<S: StringProtocol>(_ text: S) -> String {
        var text = String(text)
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes -> String in
            guard let first = bytes.firstIndex(where: needsEscape) else { return text }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + bytes.count / 8 + 8)
            result.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
                default: result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}

/// Mustache's `{{name}}` escaping, registered under `contentTypeName` and switched on at the top
/// of every theme template. The same five replacements as swift-mustache's own HTML type,
/// done over bytes (swift-mustache's compares `Character`s through a dictionary, and was a
/// tenth of a 10,000-entry build).
struct FastHTMLContentType: MustacheContentType {
    static let contentTypeName = "GUIDESITE_HTML"
    /// The pragma put on a line of its own before each template's text: a standalone tag, so
    /// it leaves no blank line and does not change whether the template's first tag stands alone.
    static let pragma = "{{%CONTENT_TYPE:\(contentTypeName)}}\n"

    /// Registers the type with swift-mustache once per process.
    static let registered: Bool = {
        MustacheContentTypes.register(FastHTMLContentType(), named: contentTypeName)
        return true
    }()

    func escapeText(_ text: String) -> String {
        HTML.escape(text)
    }
}
