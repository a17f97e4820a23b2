import Foundation

/// Turns a file's bytes into text GuideSite can parse: UTF-8 only, a BOM removed, CRLF and lone
/// CR line endings made LF (line numbers stay those of the file).
public struct SourceTextDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// The text, or an error saying what is wrong with the bytes.
    public func decode(_ data: Data, path: String) -> Diagnosed<String?> {
        if data.isEmpty { return Diagnosed("") }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return Diagnosed(nil, [Diagnostic(.error, path, line: 1, column: 1, category: "encoding",
                                              "file is UTF-16; save it as UTF-8")])
        }
        // Over the raw bytes: indexing `Data` byte by byte goes through an exclusivity check
        // per byte, which made this a tenth of reading a large site.
        let scan = bytes.withUnsafeBytes { raw -> (nul: Int?, text: String?) in
            let buffer = raw.bindMemory(to: UInt8.self)
            if let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) {
                return (UnsafeRawPointer(found) - UnsafeRawPointer(base), nil)
            }
            return (nil, String(validating: buffer, as: UTF8.self))
        }
        if let offset = scan.nul {
            let nul = bytes.startIndex + offset
            let (line, column) = Self.position(of: nul, in: bytes)
            return Diagnosed(nil, [Diagnostic(.error, path, line: line, column: column, category: "encoding",
                                              "file contains a NUL byte and looks binary, not Markdown; rename it if it is not a page")])
        }
        guard var text = scan.text else {
            let offset = Self.firstInvalidUTF8(in: bytes)
            let (line, column) = Self.position(of: offset, in: bytes)
            return Diagnosed(nil, [Diagnostic(.error, path, line: line, column: column, category: "encoding",
                                              "file is not valid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) here); re-save it as UTF-8")])
        }
        if text.containsByte(13) {
            text = text.replacingBytes("\r\n", with: "\n").replacingBytes("\r", with: "\n")
        }
        return Diagnosed(text)
    }

    private static func position(of offset: Data.Index, in bytes: Data.SubSequence) -> (Int, Int) {
        var line = 1
        var lineStart = bytes.startIndex
        for index in bytes.startIndex..<offset where bytes[index] == 10 {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return (line, column)
    }

    private static func firstInvalidUTF8(in bytes: Data.SubSequence) -> Data.Index {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            let end = index + length
            guard end <= bytes.endIndex, String(validating: bytes[index..<end], as: UTF8.self) != nil else { return index }
            index = end
        }
        return bytes.startIndex
    }
}
