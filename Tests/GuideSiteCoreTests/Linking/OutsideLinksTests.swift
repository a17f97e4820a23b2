import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Links to the host outside the site, and addresses without their final slash")
struct OutsideLinksTests {
    @Test("in a site published at /guide/, a root-relative link to nothing of the library is a warning and an address of the host; one that names a page still leads to it")
    func outside() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\nurl: https://example.org/guide/\n",
            "Content/index.md": "# Guide\n\n[blog](/blog/post/) [page](/guides/writing/) [with base](/guide/guides/writing/) [typo](/guide/guides/writting/)\n",
            "Content/guides/writing.md": "# Writing\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success)
        let html = try site.html("index.html")
        #expect(html.contains("<a href=\"https://example.org/blog/post/\">blog</a>"))
        #expect(html.contains("<a href=\"./guides/writing/\">page</a>") && html.contains("<a href=\"./guides/writing/\">with base</a>"))
        let notes = result.diagnostics.filter { $0.category == "outside-site" }
        #expect(notes.count == 1 && notes.first?.severity == .warning && notes.first?.message.contains("`/blog/post/`") == true)
        // A link that starts with the site's path and names nothing is broken, as before.
        #expect(result.diagnostics.filter { $0.category == "broken-link" }.map(\.message).first?.contains("/guide/guides/writting/") == true)
    }

    @Test("links in raw HTML are resolved and checked like Markdown's, but for anchors, which may name the raw HTML's own ids")
    func rawHTMLLinks() throws {
        let site = try TestSite([
            "site.yml": "title: T\nmarkdown:\n  unsafe-html: true\n",
            "Content/index.md": "# Home\n\n<a href=\"#demo\">Skip to the demo</a> <a href=\"/native/picker/\">picker</a> <a href=\"/nowhere/\">gone</a>\n\n<div id=\"demo\">Demo</div>\n",
            "Content/native/picker.md": "# Picker\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.diagnostics.filter { $0.category == "broken-link" }.map(\.message) == ["broken link `/nowhere/`: no page or file there"])
        #expect(try site.html("index.html").contains("<a href=\"#demo\">Skip to the demo</a> <a href=\"./native/picker/\">picker</a>"))
    }

    @Test("a site at the host's root has no outside: an unknown root-relative link is broken")
    func rootSite() throws {
        let site = try TestSite(["Content/index.md": "# Guide\n\n[blog](/blog/post/)\n"])
        defer { site.remove() }
        #expect(site.build().diagnostics.map(\.category) == ["broken-link"])
    }

    @Test("a permalink without its final slash is reached by links written either way, each written with the slash")
    func permalinkWithoutSlash() throws {
        let site = try TestSite([
            "Content/index.md": "# Guide\n\n[a](/guides/writing/fr) [b](/guides/writing/fr/) [c](guides/writing.md)\n",
            "Content/guides/writing.md": "---\ntitle: Écrire\npermalink: /guides/writing/fr\n---\nTexte.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success && result.diagnostics.isEmpty, "\(result.printed)")
        #expect(site.exists("guides/writing/fr/index.html"))
        let html = try site.html("index.html")
        for name in ["a", "b", "c"] { #expect(html.contains("<a href=\"./guides/writing/fr/\">\(name)</a>")) }
    }
}
