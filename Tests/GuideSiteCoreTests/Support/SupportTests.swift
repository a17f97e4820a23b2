import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Support")
struct SupportTests {
    @Test("HTML escaping: the five characters, the same into bytes, the rest untouched")
    func htmlEscape() {
        let text = "a < b & \"c\" > 'd' é 🦊"
        let escaped = HTML.escape(text)
        #expect(escaped == "a &lt; b &amp; &quot;c&quot; &gt; &#39;d&#39; é 🦊")
        var bytes: [UInt8] = []
        HTML.escape(text, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == escaped)
        let long = String(repeating: "plain text without any of them ", count: 10) + "<"
        #expect(HTML.escape(long).hasSuffix("them &lt;"), "found past the first word-sized chunks")
    }

    @Test("JSON: strings escaped as JSON requires, keys sorted, the compact form parses back to the same value")
    func json() throws {
        let value: [String: Any] = ["b": [1, 2], "a": "quote \" slash \\ line\n tab\t bell\u{7} é \u{2028}separators\u{2029} ↑ end\u{1F}", "c": ["x": true, "y": NSNull()]]
        let compact = JSONWriter.compact(value)
        #expect(compact.hasPrefix("{\"a\":"), "keys sorted: \(compact)")
        #expect(compact.contains("\\u0007") && compact.contains("\\u001f") && compact.contains("é \\u2028separators\\u2029 ↑"))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(compact.utf8)) as? [String: Any])
        #expect(parsed["a"] as? String == value["a"] as? String)
        #expect(parsed["b"] as? [Int] == [1, 2])
        let pretty = try #require(try JSONSerialization.jsonObject(with: JSONWriter.data(value)) as? [String: Any])
        #expect(pretty["a"] as? String == value["a"] as? String)
    }

    @Test("concurrentMap keeps the order of its input, whatever the threads")
    func concurrentMap() {
        let numbers = Array(0..<10_000)
        #expect(numbers.concurrentMap { $0 * 2 } == numbers.map { $0 * 2 })
        #expect([Int]().concurrentMap { $0 }.isEmpty)
    }

    @Test("trimming and byte search")
    func text() {
        #expect("  a b \t".trimmingSpaces() == "a b")
        #expect("\n a \n".trimmingWhitespace() == "a")
        #expect("~~a~~".trimming("~") == "a")
        #expect("find the needle here".containsBytes("needle"))
        #expect(!"find the needle here".containsBytes("thread"))
        #expect("a'b".containsByte(UInt8(ascii: "'")))
    }

    @Test("a byte search anchored on the pattern's rarest byte finds the first match at or after its start, as a plain search does")
    func byteOffsets() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("<p>a e\u{1}v\"=/x".utf8)
        func naive(_ pattern: [UInt8], _ bytes: [UInt8], _ start: Int) -> Int? {
            guard pattern.count <= bytes.count, start <= bytes.count - pattern.count else { return nil }
            return (start...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
        }
        for _ in 0..<5000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let pattern = (0..<Int.random(in: 1...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let start = Int.random(in: 0...max(0, bytes.count), using: &generator)
            let found = pattern.withUnsafeBufferPointer { p in bytes.withUnsafeBufferPointer { byteOffset(of: p, in: $0, from: start) } }
            #expect(found == naive(pattern, bytes, start), "\(pattern) in \(bytes) from \(start)")
        }
    }

    @Test("trimming over scalars agrees with Foundation's, texts and substrings, whatever their ends")
    func trimmingAgreesWithFoundation() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", " ", "\t", "\n", "\r\n", "\u{A0}", "\u{2028}", "\u{85}", "é", "e\u{301}", "~", "\u{3000}", "日", "\u{B}"]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            let part = text.dropFirst()
            #expect(part.trimmingWhitespace() == part.trimmingCharacters(in: .whitespacesAndNewlines), "\(part.debugDescription)")
        }
    }
}

@Suite("Lines over bytes")
struct LineSubstringsTests {
    @Test("cut at each line feed, as splitting the characters would, empty lines and a last line kept", arguments: [
        "", "one", "one\ntwo", "one\n", "\n\n", "é\nǘ\n日本語\n",
    ])
    func sameAsCharacters(text: String) {
        #expect(text.lineSubstrings().map(String.init) == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    @Test("a CR before LF stays on its line (pages reach this with CRLF made LF; characters would not cut \"\\r\\n\" at all)")
    func carriageReturn() {
        #expect("a\r\nb".lineSubstrings() == ["a\r", "b"])
    }
}
