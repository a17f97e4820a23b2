import Foundation

/// The words search finds, made the same way here and in `assets/search.js`: text folded
/// (decomposed, marks dropped, composed, lower-cased, so `Écran` is found by `ecran`), then cut into
/// terms: runs of letters and digits, criterion numbers whole (`2.4.7`), and in Chinese and
/// Japanese, written without spaces, every pair of neighbouring characters and each Han
/// character alone (`消えない` → `消え`, `えな`, `ない`, `消`).
enum SearchText {
    /// Words too common to rank by; search.js drops them from queries too.
    static let stopWords: Set<String> = ["the", "a", "an", "of", "and", "to", "sc", "wcag"]
    /// The longest stop word's bytes: a longer word is not looked up (hashing every word of
    /// every text twice was a tenth of making the index).
    private static let stopWordBytes = stopWords.map(\.utf8.count).max() ?? 0

    /// `text` decomposed, without combining marks but kana's voicing marks (バ is not ハ),
    /// composed again, lower-cased.
    static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars where !isMark(scalar) || scalar.value == 0x3099 || scalar.value == 0x309A {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// The terms of `text`, in order, repeated as often as they occur. ASCII text, most of
    /// every library, is cut over its bytes; a stretch with other characters through `fold`.
    static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                // A stretch of letters, digits, dots and non-ASCII bytes: ASCII's other bytes
                // end every term, so each stretch is cut alone.
                guard isStretchByte(bytes[start]) else {
                    start += 1
                    continue
                }
                var end = start, ascii = true
                while end < bytes.count, isStretchByte(bytes[end]) {
                    if bytes[end] >= 0x80 { ascii = false }
                    end += 1
                }
                let stretch = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if ascii { asciiTerms(stretch, into: &terms) } else { foldedTerms(String(decoding: stretch, as: UTF8.self), into: &terms) }
                start = end
            }
        }
        return terms
    }

    private static func isStretchByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || isASCIIDigit(byte) || byte == UInt8(ascii: ".") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `foldedTerms` for ASCII: letters lower-cased, criterion numbers, words.
    private static func asciiTerms(_ bytes: UnsafeBufferPointer<UInt8>, into terms: inout [String]) {
        var index = 0
        while index < bytes.count {
            guard bytes[index] != UInt8(ascii: ".") else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isASCIIDigit(bytes[end]) { end += 1 }
            if end > index {
                var groups = 0
                while end + 1 < bytes.count, bytes[end] == UInt8(ascii: "."), isASCIIDigit(bytes[end + 1]) {
                    end += 1
                    while end < bytes.count, isASCIIDigit(bytes[end]) { end += 1 }
                    groups += 1
                }
                if groups > 0 {
                    terms.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))
                    index = end
                    continue
                }
            }
            end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: ".") { end += 1 }
            if end - index > 1 || isASCIIDigit(bytes[index]) {
                let word = String(unsafeUninitializedCapacity: end - index) { buffer in
                    for offset in 0..<(end - index) {
                        let byte = bytes[index + offset]
                        buffer[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                    }
                    return end - index
                }
                if end - index > stopWordBytes || !stopWords.contains(word) { terms.append(word) }
            }
            index = end
        }
    }

    /// The terms of any text, folded first.
    static func foldedTerms(_ text: String, into terms: inout [String]) {
        let scalars = Array(fold(text).unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if let end = numberEnd(scalars, from: index) {
                terms.append(String(String.UnicodeScalarView(scalars[index..<end])))
                index = end
            } else if isIdeographic(scalar) {
                var end = index
                while end < scalars.count, isIdeographic(scalars[end]) { end += 1 }
                ideographicTerms(scalars[index..<end], into: &terms)
                index = end
            } else if isWordCharacter(scalar) {
                var end = index
                while end < scalars.count, isWordCharacter(scalars[end]), !isIdeographic(scalars[end]) { end += 1 }
                let word = String(String.UnicodeScalarView(scalars[index..<end]))
                if end - index > 1 || isNumber(scalar), !stopWords.contains(word) { terms.append(word) }
                index = end
            } else {
                index += 1
            }
        }
    }

    /// Where a criterion number (digits, then a dot and digits once or more) starting at `start`
    /// ends, or nil when none starts there.
    private static func numberEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        func digits(from index: Int) -> Int {
            var end = index
            while end < scalars.count, isNumber(scalars[end]) { end += 1 }
            return end
        }
        var end = digits(from: start)
        guard end > start else { return nil }
        var groups = 0
        while end + 1 < scalars.count, scalars[end] == ".", isNumber(scalars[end + 1]) {
            end = digits(from: end + 1)
            groups += 1
        }
        return groups > 0 ? end : nil
    }

    /// Pairs of neighbouring characters, and each Han character alone.
    private static func ideographicTerms(_ run: ArraySlice<Unicode.Scalar>, into terms: inout [String]) {
        let run = Array(run)
        if run.count == 1 { terms.append(String(run[0])) }
        for (position, scalar) in run.enumerated() {
            if run.count > 1, isHan(scalar) { terms.append(String(scalar)) }
            if position + 1 < run.count { terms.append(String(String.UnicodeScalarView([scalar, run[position + 1]]))) }
        }
    }

    /// The file a term's postings are in: its first character when ideographic, else its first
    /// three characters (the whole term when shorter), so a query of three or more characters
    /// finds the terms it begins in one file.
    static func key(of term: String) -> String {
        guard let first = term.unicodeScalars.first else { return "" }
        if isIdeographic(first) { return String(first) }
        return String(String.UnicodeScalarView(term.unicodeScalars.prefix(3)))
    }

    /// A key as a file name: ASCII letters, digits and dots as they are, every other byte as
    /// `_` and two upper-case hex digits (search.js: `encodeURIComponent` with `%` as `_`).
    static func fileName(of key: String) -> String {
        var name = ""
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                name += "_" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return name
    }

    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3005, 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true
        default: return isHan(scalar)
        }
    }

    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: return true
        default: return false
        }
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    private static func isNumber(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
