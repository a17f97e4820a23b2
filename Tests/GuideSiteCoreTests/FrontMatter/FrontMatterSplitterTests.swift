import Testing
import Foundation
@testable import GuideSiteCore

@Suite("Front matter splitter")
struct FrontMatterSplitterTests {
    let splitter = FrontMatterSplitter()

    @Test("the split over bytes equals a split of the text into lines, on random files")
    func randomFiles() {
        // The splitter as it was before it read bytes: lines of the text, compared as text.
        func reference(_ text: String) -> (yaml: String?, body: String, bodyLine: Int, closed: Bool) {
            guard text.hasPrefix("---") else { return (nil, text, 1, true) }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            func marker(_ line: String, dots: Bool) -> Bool {
                var trimmed = Substring(line)
                while let last = trimmed.unicodeScalars.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
                return trimmed == "---" || (dots && trimmed == "...")
            }
            guard marker(lines[0], dots: false) else { return (nil, text, 1, true) }
            for number in 1..<lines.count where marker(lines[number], dots: true) {
                return (lines[1..<number].joined(separator: "\n"), lines[(number + 1)...].joined(separator: "\n"), number + 2, true)
            }
            return (nil, "", lines.count + 1, false)
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["---", "...", "\n", "\n", " ", "\t", "a: 1", "é", "--", "-", ".", "x"]
        var texts = ["---", "---\n---", "---\n---\n", "---\n...", "--- \na\n--- \nb", "---\n\n", "---x\n---", "\n---\n---"]
        for _ in 0..<3000 {
            texts.append((0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            let result = splitter.split(text, path: "a.md")
            let expected = reference(text)
            #expect(result.value.frontMatter == expected.yaml && result.value.body == expected.body, "\(text.debugDescription)")
            #expect(result.value.bodyFirstLine == expected.bodyLine && result.diagnostics.isEmpty == expected.closed, "\(text.debugDescription)")
        }
    }

    @Test("finds YAML between --- markers and counts body lines from the file's start")
    func basic() {
        let result = splitter.split("---\ntitle: A\n---\n\n# Body\n", path: "a.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.value.frontMatter == "title: A")
        #expect(result.value.frontMatterFirstLine == 2)
        #expect(result.value.bodyFirstLine == 4)
        #expect(result.value.body == "\n# Body\n")
    }

    @Test("accepts ... as the closing marker and trailing spaces after markers",
          arguments: ["---  \ntitle: A\n...\nBody", "---\t\ntitle: A\n---   \nBody", "---\ntitle: A\n... \nBody"])
    func markers(text: String) {
        let result = splitter.split(text, path: "a.md")
        #expect(result.value.frontMatter == "title: A")
        #expect(result.value.body == "Body")
    }

    @Test("a file without a first --- line has no front matter", arguments: ["# Title\n---\n", "Text\n", " ---\ntitle: x\n---\n"])
    func none(text: String) {
        let result = splitter.split(text, path: "a.md")
        #expect(result.value.frontMatter == nil)
        #expect(result.value.body == text)
    }

    @Test("front matter that is never closed is an error on line 1")
    func unclosed() {
        let result = splitter.split("---\ntitle: A\n\nBody text\n", path: "Content/a.md")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].description.hasPrefix("Content/a.md:1:1: error:"))
        #expect(result.diagnostics[0].message.contains("never closed"))
    }

    @Test("empty front matter is present but empty")
    func empty() {
        let result = splitter.split("---\n---\nBody", path: "a.md")
        #expect(result.value.frontMatter == "")
        #expect(result.value.bodyFirstLine == 3)
    }
}

@Suite("Source text decoding")
struct SourceTextDecoderTests {
    @Test("a UTF-8 BOM is removed and CRLF becomes LF")
    func bomAndCRLF() {
        let data = Data([0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: A\r\n---\r\nBody\r\n".utf8))
        #expect(SourceTextDecoder().decode(data, path: "a.md").value == "---\ntitle: A\n---\nBody\n")
    }

    @Test("invalid UTF-8 is an error with the line and column of the bad byte")
    func invalid() {
        let data = Data(Array("ok\nab".utf8) + [0xC3, 0x28])
        let result = SourceTextDecoder().decode(data, path: "a.md")
        #expect(result.value == nil)
        #expect(result.diagnostics.first?.description.hasPrefix("a.md:2:3: error: [encoding] file is not valid UTF-8") == true)
    }

    @Test("control characters are found eight bytes at a time where a byte at a time finds them")
    func controls() {
        var random = RandomEditTests.Generator(state: 55)
        let pieces: [[UInt8]] = [Array("text ".utf8), [0x1F], [0x20], [0x7F], [0x7E], [0x80], [9], [10], [12], [13], [1], Array("é".utf8), [0x3F]]
        for _ in 0..<5000 {
            let bytes = (0..<random.next(40)).flatMap { _ in pieces[random.next(pieces.count)] }
            let text = String(decoding: bytes, as: UTF8.self)
            let expected = Array(text.utf8).firstIndex { $0 < 0x20 ? $0 != 9 && $0 != 10 && $0 != 12 && $0 != 13 : $0 == 0x7F }
            #expect(SourceTextDecoder.firstControl(in: text) == expected, "\(bytes)")
        }
    }

    @Test("a NUL byte marks a binary file")
    func binary() {
        let result = SourceTextDecoder().decode(Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]), path: "a.md")
        #expect(result.value == nil)
        #expect(result.diagnostics.first?.message.contains("binary") == true)
    }
}
