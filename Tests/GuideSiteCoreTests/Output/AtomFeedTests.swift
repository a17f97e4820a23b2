import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import GuideSiteCore

/// A feed per category (what changed in "Forms"), beside its page and linked from it, and right
/// after any edit: the site's listings are made from the whole site by every build.
@Suite("Atom feeds per category")
struct AtomFeedTests {
    static let files = [
        "site.yml": "title: History guide\nurl: https://a11y.example.org/\nsections:\n  native: {title: Native}\n  web: {title: Web}\n"
            + "categories:\n  forms: {title: Forms & inputs}\n  controls: {title: Controls}\n",
        "Content/index.md": "# History guide\n\nWelcome.\n",
        "Content/native/picker.md": "---\ntitle: Picker\ndescription: Spins.\ncategories: [forms]\n---\nText.\n",
        "Content/web/button.md": "---\ntitle: Button\ncategories: [controls]\n---\nText.\n",
        "Content/web/field.md": "---\ntitle: Field\ncategories: [forms, controls]\n---\nText.\n",
    ]

    /// Picker on 10 Jan, field on 1 Mar, button on 1 May; field's description uncommitted.
    static func history() throws -> TestSite {
        let site = try TestSite(files)
        #expect(GitHistoryTests.git(site, ["init", "-q"]))
        GitHistoryTests.commit(site, "Add the picker", date: "2024-01-10T09:00:00+00:00")
        try site.write(Data("---\ntitle: Field\ncategories: [forms, controls]\n---\nText, edited.\n".utf8), to: "Content/web/field.md")
        GitHistoryTests.commit(site, "Edit the field", date: "2024-03-01T09:00:00+00:00")
        try site.write(Data("---\ntitle: Button\ncategories: [controls]\n---\nText, edited.\n".utf8), to: "Content/web/button.md")
        GitHistoryTests.commit(site, "Edit the button", date: "2024-05-01T09:00:00+00:00")
        return site
    }

    static func ids(_ feed: String) -> [String] {
        feed.components(separatedBy: "<entry>").dropFirst().map { $0.components(separatedBy: "<id>")[1].components(separatedBy: "</id>")[0] }
    }

    @Test("each category's feed lists its entries newest first, and its page links to it in the head and the text")
    func categoryFeeds() throws {
        let site = try Self.history()
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0, "\(result.printed)")
        let forms = try site.html("categories/forms/feed.xml")
        #expect(Self.ids(forms) == ["https://a11y.example.org/web/field/", "https://a11y.example.org/native/picker/"])
        #expect(forms.contains("<title>History guide: Forms &amp; inputs</title>"))
        #expect(forms.contains("<id>https://a11y.example.org/categories/forms/feed.xml</id>\n  <updated>2024-03-01T09:00:00+00:00</updated>"))
        #expect(forms.contains("<link rel=\"self\" href=\"https://a11y.example.org/categories/forms/feed.xml\"/>"))
        #expect(forms.contains("<link rel=\"alternate\" type=\"text/html\" href=\"https://a11y.example.org/categories/forms/\"/>"))
        #expect(forms.contains("<summary>Spins.</summary>"))
        #expect(XMLParser(data: Data(forms.utf8)).parse(), "well-formed XML")
        #expect(Self.ids(try site.html("categories/controls/feed.xml")) == ["https://a11y.example.org/web/button/", "https://a11y.example.org/web/field/"])
        #expect(try site.html("feed.xml").contains("<id>https://a11y.example.org/</id>"), "the site's feed keeps its id")

        let page = try site.html("categories/forms/index.html")
        #expect(page.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"History guide: Forms &amp; inputs\" href=\"../../categories/forms/feed.xml\">"))
        #expect(page.contains("<a href=\"../../categories/forms/feed.xml\">Atom feed of this category&#39;s updates</a>")
                || page.contains("<a href=\"../../categories/forms/feed.xml\">Atom feed of this category's updates</a>"))
        #expect(!(try site.html("web/button/index.html")).contains("categories/controls/feed.xml"), "only the category's page links its feed")
    }

    @Test("without git there is no feed, and no category page links one")
    func noHistory() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        #expect(site.build().errorCount == 0)
        #expect(!site.exists("feed.xml") && !site.exists("categories/forms/feed.xml"))
        #expect(!(try site.html("categories/forms/index.html")).contains("feed.xml"))
    }

    @Test("titles, descriptions and categories edited, a category emptied and another made: every feed equals a fresh build's, on disk and in the preview")
    func edits() throws {
        let site = try Self.history()
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        _ = SiteBuilder().build(BuildRequest(root: site.root), into: MemoryOutput(), memory: memory)
        #expect(site.build().errorCount == 0)
        let steps: [(String, String, String, String)] = [
            ("a title", "Content/native/picker.md", "title: Picker", "title: Wheel picker"),
            ("a description", "Content/native/picker.md", "description: Spins.", "description: Turns."),
            ("a category site.yml does not declare", "Content/native/picker.md", "categories: [forms]", "categories: [forms, gestures]"),
            ("its only entry leaves it", "Content/native/picker.md", "categories: [forms, gestures]", "categories: [forms]"),
            ("an entry moves to another category", "Content/web/button.md", "categories: [controls]", "categories: [forms]"),
            ("and another", "Content/native/picker.md", "categories: [forms]", "categories: [controls]"),
        ]
        var patched = 0
        for (index, (step, path, old, new)) in steps.enumerated() {
            let text = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
            #expect(text.contains(old), "\(step): the edit applies")
            try site.write(Data(text.replacingOccurrences(of: old, with: new).utf8), to: path)
            try site.age(by: Double(1800 - index), only: [path])
            var fresh = BuildRequest(root: site.root)
            (fresh.fresh, fresh.output) = (true, site.root.appending(path: "Output-fresh"))
            #expect(SiteBuilder().build(fresh).errorCount == 0, "\(step)")
            let onDisk = site.build()
            var preview = BuildRequest(root: site.root)
            preview.knownChanges = [site.root.appending(path: path).standardizedFileURL.path]
            let output = MemoryOutput()
            let served = SiteBuilder().build(preview, into: output, memory: memory)
            patched += onDisk.patched && served.patched ? 1 : 0
            let reference = try site.snapshot(of: "Output-fresh").filter { $0.key.hasSuffix(".xml") }
            let ours = try site.snapshot().filter { $0.key.hasSuffix(".xml") }
            #expect(BuildIncrementallyTests.differences(ours, reference).isEmpty, "\(step): on disk")
            #expect(BuildIncrementallyTests.differences(output.files.filter { $0.key.hasSuffix(".xml") }, reference).isEmpty, "\(step): preview")
            #expect(reference.keys.contains("categories/gestures/feed.xml") == (index == 2), "\(step): the category's feed comes and goes")
            try FileManager.default.removeItem(at: site.root.appending(path: "Output-fresh"))
        }
        #expect(patched == steps.count, "each edit started from the last build")
        let controls = try site.html("categories/controls/feed.xml")
        #expect(Self.ids(controls) == ["https://a11y.example.org/web/field/", "https://a11y.example.org/native/picker/"])
        #expect(controls.contains("<title>Wheel picker</title>"))
    }
}
