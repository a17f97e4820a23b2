import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Layouts and escaping")
struct TemplateTests {
    @Test("HTML escaping eight bytes at a time equals the replacement of each character, at every offset")
    func escapingByWords() {
        func reference(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"": result += "&quot;"
                case "'": result += "&#39;"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "&", "<", ">", "\"", "'", "é", "\u{0}", "\u{1}", "%", "&amp;", "bcdefgh", "\u{7F}", "\u{FF}", "👍🏽", "e\u{301}'"]
        var texts = ["", "'", "abcdefgh&", "abcdefg<", "&abcdefghijklmnop", "\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}'"]
        for _ in 0..<4000 {
            texts.append((0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            #expect(HTML.escape(text) == reference(text), "\(Array(text.utf8))")
        }
    }

    @Test("layout defaults: home, section, entry (or site.yml's section layout), page, 404")
    func layoutChoice() throws {
        let site = try TestSite([
            "site.yml": "sections:\n  web:\n    layout: page\n",
            "Content/index.md": "Home",
            "Content/about.md": "# About",
            "Content/native/a.md": "# A",
            "Content/web/b.md": "# B",
            "Content/web/c.md": "---\nlayout: entry\n---\n# C",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        #expect(try site.html("index.html").contains("class=\"section-grid\""))
        #expect(try site.html("native/index.html").contains("id=\"entries\""))
        #expect(try site.html("native/a/index.html").contains("class=\"pager\"") == false)
        #expect(try site.html("native/a/index.html").contains("<nav class=\"breadcrumbs\""))
        #expect(try !site.html("web/b/index.html").contains("class=\"categories\""))
        #expect(try site.html("about/index.html").contains("<h1 id=\"page-title\">About</h1>"))
        #expect(try site.html("404.html").contains("Page not found"))
    }

    @Test("an unknown layout warns, names the layouts that exist, and falls back to page; --strict makes it an error")
    func unknownLayout() throws {
        let site = try TestSite(["Content/a.md": "---\ntitle: A\nlayout: entyr\n---\nText"])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success)
        let warning = try #require(result.diagnostics.first { $0.category == "unknown-layout" })
        #expect(warning.description.hasPrefix("Content/a.md:3:1: warning: [unknown-layout] unknown layout `entyr`, using `page` instead; the layouts are: 404, basket, categories, category, coverage, criteria, criterion, entry, home, page, redirect, search, section, support, translations, updates."))
        #expect(warning.message.contains("Did you mean `entry`?"))
        #expect(try site.html("a/index.html").contains("<h1 id=\"page-title\">A</h1>"))
        #expect(site.build(strict: true).outcome == .contentErrors)
    }

    @Test("front matter values and titles are escaped; only the Markdown body is raw",
          arguments: ["<script>alert(1)</script>", "\" onmouseover=\"alert(1)", "' autofocus onfocus='x", "A & B"])
    func escaping(value: String) throws {
        let yamlValue = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let site = try TestSite([
            "site.yml": "title: \"\(yamlValue)\"\n",
            "Content/native/a.md": "---\ntitle: \"\(yamlValue)\"\ndescription: \"\(yamlValue)\"\ncategories: [\"\(yamlValue)\"]\nkeyboard:\n  \"\(yamlValue)\": \"\(yamlValue)\"\n---\nBody\n",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let html = try site.html("native/a/index.html")
        #expect(!html.contains(value), "raw value reached the page")
        #expect(html.contains(HTML.escape(value)))
    }
}
