import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Code highlighting")
struct CodeHighlighterTests {
    static let samples: [(String, String)] = [
        ("swift", "// Name it\nbutton.accessibilityLabel = \"Reminder time\"\nlet count: Int = 3"),
        ("kotlin", "val state = rememberTimePickerState(initialHour = 9) // hour"),
        ("java", "public class A { int b = 1; /* note */ }"),
        ("objc", "@interface Picker : UIView\n@property (nonatomic) NSString *label; // name\n@end"),
        ("html", "<button type=\"button\" aria-pressed=\"false\">Mute</button>\n<!-- toggle -->"),
        ("css", ".a:focus-visible { outline: 3px solid #000; }"),
        ("js", "const button = document.querySelector(\"button\"); // find it\nif (button) { button.focus(); }"),
        ("ts", "function label(name: string): string { return `Label ${name}`; }"),
        ("jsx", "export const Mute = () => <button aria-pressed={false}>Mute</button>;"),
        ("tsx", "const a: number = 1; const b = <div role=\"alert\">{a}</div>;"),
        ("xml", "<Button android:contentDescription=\"@string/mute\" />"),
        ("json", "{\"name\": \"Mute\", \"pressed\": false, \"size\": 44}"),
        ("yaml", "title: Wheel picker # a comment\norder: 10"),
        ("sh", "if [ -n \"$name\" ]; then echo \"hello\"; fi # greet"),
    ]

    func highlighted(_ code: String, _ language: String) -> String? {
        var html: [UInt8] = []
        return CodeHighlighter.append(code, language: language, into: &html) ? String(decoding: html, as: UTF8.self) : nil
    }

    /// The text a browser shows: spans removed, entities decoded.
    func text(of html: String) -> String {
        html.replacingOccurrences(of: "</span>", with: "").replacingOccurrences(of: #"<span class="hl-[a-z-]+">"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("every language the issue names is highlighted in spans, keeping the code's text")
    func languages() throws {
        for (language, code) in Self.samples {
            let html = try #require(highlighted(code, language), "\(language)")
            #expect(html.contains("<span class=\"hl-"), "\(language): \(html)")
            #expect(!html.contains("<button") && !html.contains("<Button"), "\(language) escaped")
            #expect(text(of: html) == code, "\(language)")
        }
        #expect(highlighted("let a = 1", "swift")?.contains("<span class=\"hl-keyword\">let</span>") == true)
        #expect(highlighted("// a comment", "swift") == "<span class=\"hl-comment\">// a comment</span>")
        #expect(highlighted("a: \"b\"", "yml") != nil && highlighted("fun a() {}", "kt") != nil && highlighted("fun a() {}", "Kotlin") != nil)
    }

    @Test("a Liquid highlight tag, a ~~~ fence and a language in capitals are highlighted like a fence")
    func otherForms() {
        let liquid = LiquidPreprocessor().process("{% highlight kotlin %}\nval a = 1\n{% endhighlight %}\n", firstLine: 1, path: "a.md").value
        for markdown in [liquid, "~~~swift\nlet a = 1\n~~~\n", "```Kotlin\nval a = 1\n```\n"] {
            let html = MarkdownRenderer().render(markdown, firstLine: 1, path: "a.md", title: .given("x")).value.html
            #expect(html.contains("<span class=\"hl-keyword\">"), "\(markdown)")
        }
    }

    @Test("a block with a line longer than 5,000 bytes stays plain (minified code would take minutes)")
    func longLines() {
        let minified = "var a=" + (0..<20_000).map { "f\($0)(\"x\",\($0))" }.joined(separator: ";")
        #expect(highlighted("let a = 1\n" + minified + "\n", "js") == nil)
        #expect(highlighted(String(repeating: "a", count: CodeHighlighter.longestLine) + "\nlet b = 2", "swift") != nil)
        #expect(highlighted("let b = 2\n" + String(repeating: "a", count: CodeHighlighter.longestLine + 1), "swift") == nil)
    }

    @Test("unknown, empty and plain-text languages stay plain")
    func plain() {
        for language in ["", "text", "plaintext", "console", "no-such-language", "demo", "..", "c.x"] {
            #expect(highlighted("let a = 1", language) == nil, "\(language)")
        }
    }

    @Test("tokens land on characters, not bytes, in text beyond ASCII")
    func nonASCII() throws {
        let code = "let é = \"naïve 👍🏽 日本\" // ✓ done\nlet a = \"\\u{1F600}\"\r\nlet b = 2"
        let html = try #require(highlighted(code, "swift"))
        #expect(text(of: html) == code)
        #expect(html.contains("<span class=\"hl-comment\">// ✓ done</span>"))
        let invalid = String(decoding: [0x6C, 0x65, 0x74, 0x20, 0xFF, 0x3D, 0x31] as [UInt8], as: UTF8.self)
        #expect(text(of: try #require(highlighted(invalid, "swift"))) == invalid)
    }

    @Test("highlighting on many threads gives the bytes one thread gives")
    func threads() {
        let expected = Self.samples.map { highlighted($0.1, $0.0) }
        let results = Array(0..<64).concurrentMap { index in highlighted(Self.samples[index % Self.samples.count].1, Self.samples[index % Self.samples.count].0) }
        for (index, result) in results.enumerated() { #expect(result == expected[index % Self.samples.count]) }
    }

    @Test("every token colour has 4.5:1 against the code background, light and dark")
    func contrast() throws {
        #expect(CodeHighlighter.classes.count == CodeHighlighter.styleCount)
        let css = String(decoding: try #require(DefaultTheme.files()["assets/site.css"]), as: UTF8.self)
        let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark)"))
        let light = ThemeColours(String(css[..<dark.lowerBound])), night = ThemeColours(String(css[dark.lowerBound...]))
        for name in Set(CodeHighlighter.classes.compactMap { $0 }) {
            // A class without a colour of its own shows the text colour.
            let variable = ThemeColours.variable(colouring: name, in: css) ?? "--text"
            for (scheme, colours) in [("light", light), ("dark", night)] {
                let foreground = try #require(colours.values[variable], "\(variable) in \(scheme)")
                let background = try #require(colours.values["--code-bg"])
                let ratio = ThemeColours.contrast(foreground, background)
                #expect(ratio >= 4.5, "\(name) (\(variable)) in \(scheme): \(ratio)")
            }
        }
        // Callouts' borders repeat their label's kind: 3:1 against the callout's background.
        let lastDark = try #require(css.range(of: "@media (prefers-color-scheme: dark)", options: .backwards))
        let lightCallouts = String(css[..<lastDark.lowerBound]).matches(of: #/\.callout-([a-z]+) \{ --callout: (#[0-9a-f]{6}); \}/#)
        let darkCallouts = String(css[lastDark.lowerBound...]).matches(of: #/\.callout-([a-z]+) \{ --callout: (#[0-9a-f]{6}); \}/#)
        #expect(lightCallouts.count == 5 && darkCallouts.count == 5)
        for (callouts, colours) in [(lightCallouts, light), (darkCallouts, night)] {
            for callout in callouts {
                let ratio = ThemeColours.contrast(String(callout.2), try #require(colours.values["--surface"]))
                #expect(ratio >= 3, "callout \(callout.1): \(ratio)")
            }
        }
    }
}

/// The custom properties of one block of site.css, and WCAG's contrast ratio of two of them.
struct ThemeColours {
    var values: [String: String] = [:]

    init(_ css: String) {
        for match in css.matches(of: #/(--[a-z-]+):\s*(#[0-9a-fA-F]{6})\s*;/#) { values[String(match.1)] = String(match.2) }
    }

    /// The custom property a rule naming `.name` colours it with.
    static func variable(colouring name: String, in css: String) -> String? {
        for match in css.matches(of: #/([^{}]*)\{([^{}]*)\}/#) {
            let selectors = match.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard selectors.contains(".\(name)"), let colour = match.2.firstMatch(of: #/(?:^|;|\s)color:\s*var\((--[a-z-]+)\)/#) else { continue }
            return String(colour.1)
        }
        return nil
    }

    static func contrast(_ first: String, _ second: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let value = Int(hex.dropFirst(), radix: 16) ?? 0
            let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { channel -> Double in
                let c = Double(channel) / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        }
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
