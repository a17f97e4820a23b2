import Foundation
import Testing
@testable import GuideSiteCore

/// Where a page's title comes from.
@Suite("Titles")
struct TitleFinderTests {
    @Test("titles: front matter, else the first # heading, else the file name made readable; never a lower heading", arguments: [
        ("web/button.md", "## General Notes\n\nText.", "Button"),
        ("web/date-picker.md", "## General Notes\n\nText.", "Date picker"),
        ("web/iOS-date-picker.md", "Text first.\n\n## Notes", "iOS date picker"),
        ("web/HTML_table.md", "### Notes", "HTML table"),
        ("web/card/index.md", "## Notes", "Card"),
        ("web/button.md", "## General Notes\n\n# Push button\n\nText.", "Push button"),
        ("web/button.md", "---\ntitle: Toggle button\n---\n## General Notes", "Toggle button"),
    ])
    func titles(path: String, text: String, title: String) throws {
        let site = try TestSite(["Content/" + path: text])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let route = Placement(contentPath: path).route.path
        #expect(try site.html(String(route.dropFirst()) + "index.html").contains("<h1 id=\"page-title\">\(title)</h1>"))
    }
}
