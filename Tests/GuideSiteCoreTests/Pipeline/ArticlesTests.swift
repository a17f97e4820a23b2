import Foundation
import Testing
@testable import GuideSiteCore

/// A blog of dated articles, written the way Eleventy's and Jekyll's docs write posts.
@Suite("Articles")
struct ArticlesTests {
    @Test("front matter dates as Jekyll, Hugo and Eleventy write them", arguments: [
        ("2024-03-05", "2024-03-05T12:00:00+00:00"),
        ("2015-11-17 16:16:01 -0600", "2015-11-17T16:16:01-06:00"),
        ("2024-03-05T14:30:00-05:00", "2024-03-05T14:30:00-05:00"),
        ("2024-03-05T14:30:00.250Z", "2024-03-05T14:30:00+00:00"),
    ])
    func dates(written: String, iso: String) {
        #expect(CommitDate(frontMatter: written)?.iso == iso)
    }

    @Test("what is not a date is none", arguments: ["soon", "2024-13-01", "2024-03-05 noon", "05/03/2024"])
    func notDates(written: String) {
        #expect(CommitDate(frontMatter: written) == nil)
    }

    @Test("an article shows its date and authors, has no entry features, and a section of dated articles lists the newest first")
    func blog() throws {
        let site = try TestSite([
            "Content/blog/older.md": "---\ntitle: Older post\ndate: 2023-01-02\nauthors:\n  - name: Bo\n  - Cy\n---\nOld.\n",
            "Content/blog/skip.md": "---\ntitle: Skip links\ndate: 2024-06-01T10:00:00+02:00\nlast_modified_at: 2024-07-01\nauthor: Ana\n---\nText.\n",
            "Content/blog/landmarks.md": "---\ntitle: Landmarks\ndate: 2024-05-20\n---\nText.\n",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let skip = try site.html("blog/skip/index.html")
        #expect(skip.contains("<p class=\"byline\"><time datetime=\"2024-06-01T10:00:00+02:00\">1 June 2024</time> · <span class=\"authors\">Ana</span></p>"))
        #expect(skip.contains("<time datetime=\"2024-07-01T12:00:00+00:00\">1 July 2024</time>"), "the author's last change, without git")
        #expect(try site.html("blog/older/index.html").contains("<span class=\"authors\">Bo, Cy</span>"))
        #expect(!skip.contains("basket-toggle") && !site.exists("blog/skip/skip.feature"))
        let section = try site.html("blog/index.html")
        let order = ["skip", "landmarks", "older"].map { section.range(of: "href=\"../blog/\($0)/\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }
}
