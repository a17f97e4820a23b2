import Foundation
import Testing
@testable import GuideSiteCore

/// Links written from the site's root, resolved for each page when it is written.
@Suite("Site root")
struct SiteRootTests {
    @Test("each folder below the root is one ../; the top is ./", arguments: [
        (Route(segments: []), "./"),
        (Route(segments: ["native"]), "../"),
        (Route(segments: ["native", "picker"]), "../../"),
        (Route(file: "404.html"), "./"),
        (Route(file: "guide/intro.html"), "../"),
    ])
    func prefixes(route: Route, expected: String) {
        #expect(SiteRoot.prefix(for: route) == expected)
    }

    @Test("every marker is replaced, at the start, the end and side by side; text without one is the same")
    func resolve() {
        func resolve(_ text: String, prefix: String) -> String {
            String(decoding: SiteRoot.resolve(Array(text.utf8), prefix: prefix), as: UTF8.self)
        }
        let m = SiteRoot.marker
        #expect(resolve("<a href=\"\(m)native/\">\(m)\(m)", prefix: "../") == "<a href=\"../native/\">../../")
        #expect(resolve("\(m)x", prefix: "/base/") == "/base/x")
        #expect(resolve("plain é text", prefix: "../") == "plain é text")
        #expect(SiteRoot.resolve(Array("a\(m)b".utf8), prefix: "./") == Array("a./b".utf8))
    }

    @Test("a control character in content becomes U+FFFD with a warning at its place, so no marker comes from content")
    func controlsInContent() throws {
        let decoded = SourceTextDecoder().decode(Data("# Title\n\nab\u{1}c and \u{7F}\ttab\u{C}".utf8), path: "a.md")
        #expect(decoded.value == "# Title\n\nab\u{FFFD}c and \u{FFFD}\ttab\u{C}")
        #expect(decoded.diagnostics.map(\.description) == [
            "a.md:3:3: warning: [encoding] control character U+0001 here (and any others) shown as \u{FFFD}, since HTML cannot hold it; delete it",
        ])
        let site = try TestSite(["Content/native/picker.md": "---\ntitle: \"Pick\u{1}er\"\n---\nText [entry B](../web/b.md) \u{1}.\n",
                                 "Content/web/b.md": "# B\n", "Content/web/c\u{1}d.md": "Text.\n"])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success)
        #expect(result.diagnostics.map(\.category) == ["encoding"])
        let page = try site.html("native/picker/index.html")
        #expect(page.contains("<h1 id=\"page-title\">Pick\u{FFFD}er</h1>"))
        #expect(page.contains("<a href=\"../../web/b/\">entry B</a> \u{FFFD}."))
        #expect(!page.utf8.contains(1))
        let web = try site.html("web/index.html")
        #expect(web.contains("<a href=\"../web/c%01d/\">C\u{FFFD}d</a>"), "a title from a file name")
        #expect(!web.utf8.contains(1))
    }
}
