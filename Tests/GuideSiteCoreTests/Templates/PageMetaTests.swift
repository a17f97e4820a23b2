import Foundation
import Testing
@testable import GuideSiteCore

/// Canonical addresses, Open Graph values, noindex subsets, and edit and report links.
@Suite("Page metadata and actions")
struct PageMetaTests {
    static let config = """
        title: Guide
        url: https://a11y.example.org/guide/
        edit-url: https://github.com/team/guide/edit/main
        feedback-url: https://github.com/team/guide/issues/new?labels=content
        subsets:
          ios: {sections: [native], noindex: true}
          web: {sections: [native]}
        """

    @Test("canonical and og: values from url; a subset's pages point at the full site's; noindex only where asked")
    func metadata() throws {
        let site = try TestSite(["site.yml": Self.config, "Content/native/wheel-picker.md": "---\ntitle: Wheel & picker\ndescription: Spins.\n---\nText.\n"])
        defer { site.remove() }
        var request = BuildRequest(root: site.root)
        request.allSubsets = true
        let result = SiteBuilder().build(request)
        #expect(result.errorCount == 0, "\(result.printed)")
        let page = try site.html("native/wheel-picker/index.html")
        #expect(page.contains("<link rel=\"canonical\" href=\"https://a11y.example.org/guide/native/wheel-picker/\">"))
        #expect(page.contains("<meta property=\"og:title\" content=\"Wheel &amp; picker\">"))
        #expect(page.contains("<meta property=\"og:description\" content=\"Spins.\">"))
        #expect(page.contains("<meta property=\"og:type\" content=\"article\">") && page.contains("<meta property=\"og:url\" content=\"https://a11y.example.org/guide/native/wheel-picker/\">"))
        #expect(!page.contains("noindex"))
        let subset = try site.html("subsets/ios/native/wheel-picker/index.html")
        #expect(subset.contains("<link rel=\"canonical\" href=\"https://a11y.example.org/guide/native/wheel-picker/\">"))
        #expect(subset.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(!(try site.html("subsets/web/native/wheel-picker/index.html")).contains("noindex"))
        #expect(try site.html("native/index.html").contains("<meta property=\"og:type\" content=\"website\">"))
    }

    @Test("edit and report links carry the page's source, title and address; generated pages have none")
    func actions() throws {
        let site = try TestSite(["site.yml": Self.config, "Content/native/wheel picker.md": "---\ntitle: Wheel & picker\n---\nText.\n"])
        defer { site.remove() }
        #expect(site.build().errorCount == 0)
        let page = try site.html("native/wheel-picker/index.html")
        #expect(page.contains("<a href=\"https://github.com/team/guide/edit/main/Content/native/wheel%20picker.md\">Edit this page</a>"))
        #expect(page.contains("<a href=\"https://github.com/team/guide/issues/new?labels=content&amp;title=Problem%20with%20%E2%80%9CWheel%20%26%20picker%E2%80%9D&amp;body=Page:%20https://a11y.example.org/guide/native/wheel-picker/%0ASource:%20Content/native/wheel%20picker.md"))
        #expect(!(try site.html("native/index.html")).contains("page-actions"))
        let none = try TestSite(["Content/native/a.md": "Text.\n"])
        defer { none.remove() }
        #expect(none.build().errorCount == 0)
        let plain = try none.html("native/a/index.html")
        #expect(!plain.contains("page-actions") && !plain.contains("rel=\"canonical\""))
    }

    @Test("a feedback address's placeholders, and mailto: addresses")
    func feedbackAddress() {
        #expect(PageContextBuilder.feedbackAddress("https://jira.example/form?summary={title}&ref={url}", title: "A & B", url: "https://x/a/", path: "C/a.md")
            == "https://jira.example/form?summary=A%20%26%20B&ref=https://x/a/")
        #expect(PageContextBuilder.feedbackAddress("mailto:team@example.org", title: "A", url: "/a/", path: "a.md")
            .hasPrefix("mailto:team@example.org?subject=Problem%20with%20%E2%80%9CA%E2%80%9D&body=Page:%20/a/%0ASource:%20a.md"))
    }

    @Test("edit-url and feedback-url must be addresses; noindex a flag")
    func settings() {
        let read = SiteConfigParser().parse("edit-url: not an address\nfeedback-url: mailto:a@b.org\nsubsets:\n  ios: {noindex: yes please}\n", path: "site.yml")
        #expect(read.value.editURL == nil && read.value.feedbackURL == "mailto:a@b.org")
        #expect(read.diagnostics.map(\.line) == [1, 4], "\(read.diagnostics)")
    }
}
