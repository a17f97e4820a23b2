import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Plain YAML reader")
struct PlainYAMLTests {
    /// Where the plain reader gives a value, it must be Yams's value exactly (lines, columns,
    /// types, text); where it gives nil, Yams reads the document.
    func agreesWithYams(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let yams = YAMLReader().readWithYams(yaml, firstLine: 2, path: "t.md")
        guard let plain = PlainYAML.read(yaml, firstLine: 2) else { return false }
        #expect(yams.diagnostics.isEmpty, "plain read a document Yams rejects: \(yaml)", sourceLocation: sourceLocation)
        #expect(plain == yams.value, "\(yaml)", sourceLocation: sourceLocation)
        return true
    }

    @Test("reads the shapes front matter is written in exactly as Yams does")
    func sameAsYams() {
        let read: [String] = [
            "", "\n", "# only a comment\n",
            "title: Picker\n", "title: \"Wheel: Picker\"\n", "title: 'It''s'\n", "title: Picker # note\n",
            "title:\n", "title: ~\n", "draft: true\n", "draft: False\n", "order: 010\n", "wcag: [1.3.1, 2.4.7]\n",
            "wcag: []\n", "wcag: [ 1.3.1 ,2.4.7 ]\n", "categories: [forms, date and time]\n", "a: null\nb: Null\nc: x y  \n",
            "tab, arrow keys or Ctrl+tab: x\n", "key with spaces: value\n", "a:b: c\n", "url: https://example.org/a#b\n",
            "keyboard:\n  tab: |\n    Focus moves\n  space: |-\n    Activates\n",
            "keyboard:\n  tab: |\n    One\n\n    Two\n      indented\n\nnext: x\n",
            "text: |\n  trailing  \n  spaces \n",
            "list:\n  - a\n  - \"b: c\"\n  - 'd'\n  - [e, f]\n  - true\n",
            "outer:\n  inner:\n    deep: x\n  back: y\nlast: z\n",
            "a: x\n\n# comment\n\nb: y\n", "empty: |\nnext: x\n", "ünïcode: värde\n", "a: 'x' # c\n",
            "platforms: [iOS, Android, Web]\n",
            "gherkin-keyboard:\n  - when: I press tab\n    then: focus moves\n    result: ok\n  - when: space\n    then: it runs\n",
            "list:\n  -   spaced\n", "title: \n ting: |\n   l", "a: |\n  x\n\n", "a: b", "a: [x]",
        ]
        for yaml in read { #expect(agreesWithYams(yaml), "left to Yams: \(yaml)") }
    }

    @Test("leaves everything else to Yams, errors included")
    func leavesTheRest() {
        let left: [String] = [
            "a: &x 1\nb: *x\n", "a: !tag x\n", "a: {b: c}\n", "a: >\n  folded\n", "a: |2\n   x\n", "a: \"esc\\n\"\n",
            "a: b\n  c\n", "a: 1\na: 2\n", "\ta: 1\n", "a: [1,\n  2]\n", "a: b: c\n", "- a\n- b\n", "a:\n- b\n",
            "a:\n  - b: c\n   d: e\n", "steps:\n- a\n", "\"quoted key\": x\n", "a: [x, ]\n", "a: [x,,y]\n", "a: -1\n", "a: |\n\n  late\n", "a: x\r\n",
            "a: \"unclosed\n", "a: [unclosed\n", "  indented: root\n", "a: 'x' y\n", "a: x:\n",
            // C1 control characters (found by the front-matter fuzz target) and non-characters.
            "k\u{92}ey: x\n", "a: x\u{85}y\n", "a: x\u{FFFE}\n",
        ]
        for yaml in left {
            #expect(PlainYAML.read(yaml, firstLine: 1) == nil, "read, not left to Yams: \(yaml)")
            // Whatever the plain reader declines, the reader as a whole still answers.
            _ = YAMLReader().read(yaml, firstLine: 1, path: "t.md")
        }
    }

    @Test("deep nesting goes to Yams, which refuses more than 1,000 levels with a diagnostic instead of running out of stack")
    func deepNesting() {
        func nested(_ depth: Int) -> String {
            (0..<depth).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined() + String(repeating: " ", count: depth) + "v: x\n"
        }
        #expect(agreesWithYams(nested(60)))
        #expect(PlainYAML.read(nested(70), firstLine: 1) == nil)
        #expect(YAMLReader().read(nested(70), firstLine: 1, path: "t.md").diagnostics.isEmpty)
        let refused = YAMLReader().read(nested(1_100), firstLine: 1, path: "t.md")
        #expect(refused.diagnostics.first?.message == "maps and lists are nested more than 1,000 levels deep here; flatten the front matter")
    }

    @Test("every front matter of the sample site and the fuzz seeds: plain where it can, always as Yams reads it")
    func repositoryFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Content", "Tests/fuzz/seeds/front-matter"] {
            let base = root.appending(path: folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where ["md", "yml"].contains(url.pathExtension) { files.append(url) }
        }
        var plain = 0
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            var yaml = text
            if text.hasPrefix("---\n") { yaml = String(text.dropFirst(4)).components(separatedBy: "\n---\n")[0] }
            if agreesWithYams(yaml + "\n") { plain += 1 } else if url.path.contains("/Content/"), text.hasPrefix("---\n") {
                Issue.record("the sample site's front matter went to Yams: \(url.lastPathComponent)")
            }
        }
        #expect(files.count >= 10)
        #expect(plain >= files.count - 4, "\(plain) of \(files.count) read without Yams")
    }
}
