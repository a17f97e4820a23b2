import Foundation
import Testing
@testable import GuideSiteCore

/// The values a layout sees for one page, read as swift-mustache would get them.
@Suite("Page context builder")
struct PageContextBuilderTests {
    /// The linked site of `files` (built end to end, so pages are as the pipeline makes them).
    static func values(_ files: [String: String], page path: String) throws -> [String: Any] {
        let linked = try site(files)
        let index = try #require(linked.pages.firstIndex { $0.contentPath == path })
        return PageContextBuilder(site: linked, basePath: "/guide/").context(for: index).dictionary
    }

    /// The linked site of `files`.
    static func site(_ files: [String: String]) throws -> Site {
        let site = try TestSite(files)
        defer { site.remove() }
        let layout = SiteLayout(root: site.root)
        let reader = PageReader(layout: layout, config: SiteConfig())
        var pages: [Page] = []
        for (file, _) in files where file.hasPrefix("Content/") && file.hasSuffix(".md") {
            let relative = String(file.dropFirst("Content/".count))
            let content = ContentFile(path: site.root.appending(path: file).path, relativePath: relative, kind: .markdown)
            guard var page = reader.read(content).value ?? nil else { continue }
            let rule: TitleRule = page.frontMatter.title.map { .given($0) } ?? .fromFirstHeading
            page.body = MarkdownRenderer(unsafeHTML: false).render(page.markdown, firstLine: page.bodyFirstLine, path: page.sourcePath, title: rule).value
            page.title = TitleFinder.title(for: page, config: SiteConfig())
            pages.append(page)
        }
        return SiteAssembler().assemble(pages: pages, assets: [], config: SiteConfig(), strings: ThemeStrings.english)
    }

    static func value(_ values: [String: Any], _ path: String) -> Any? {
        var current: Any? = values
        for name in path.split(separator: ".") { current = (current as? [String: Any])?[String(name)] }
        return current
    }

    static let files = [
        "Content/native/picker.md": """
            ---
            title: Picker
            categories: [controls]
            order: soon
            keyboard:
              Tab: Focus moves to the picker
            wcag:
              - 4.1.2
              - name: Operable
                list:
                  - criteria: Is keyboard operable
            aliases: [/native/old-picker/]
            ---
            ## iOS

            Text.

            ## Android

            Text.
            """,
        "Content/native/menu.md": "---\ntitle: Menu\n---\nA menu.\n",
    ]

    @Test("an entry: its title in the document title, breadcrumbs and navigation under the base path")
    func entry() throws {
        let values = try Self.values(Self.files, page: "native/picker.md")
        #expect(Self.value(values, "page.title") as? String == "Picker")
        #expect(Self.value(values, "page.href") as? String == "/guide/native/picker/")
        #expect(Self.value(values, "documentTitle") as? String == "Picker – Native – Accessibility guidelines")
        let crumbs = Self.value(values, "breadcrumbs.items") as? [[String: Any]]
        #expect(crumbs?.map { $0["title"] as? String } == ["Home", "Native", "Picker"])
        let nav = Self.value(values, "nav") as? [[String: Any]]
        #expect(nav?.first { $0["title"] as? String == "Native" }?["ariaCurrent"] as? String == "true")
        let toc = Self.value(values, "page.toc.items") as? [[String: Any]]
        // An entry's main sections, "How to test" first, without their sub-headings.
        #expect(toc?.map { $0["text"] as? String } == ["How to test", "iOS", "Android"])
        #expect(toc?.allSatisfy { $0["children"] == nil } == true)
        #expect(Self.value(values, "pager.previous.title") as? String == "Menu", "Menu comes first by title")
        #expect(Self.value(values, "pager.next") == nil)
    }

    @Test("test tables, the text to copy, criteria grouped by principle, values shown as written")
    func testing() throws {
        let values = try Self.values(Self.files, page: "native/picker.md")
        let tables = Self.value(values, "page.testing.tables") as? [[String: Any]]
        #expect(tables?.first?["caption"] as? String == "Keyboard")
        let checklist = Self.value(values, "page.testing.acceptance.checklist") as? String
        #expect(checklist?.contains("- [ ] Tab: Focus moves to the picker") == true)
        #expect(checklist?.contains("Criteria – Operable\n- [ ] Is keyboard operable") == true)
        let groups = Self.value(values, "page.checks.items") as? [[String: Any]]
        #expect(groups?.first?["name"] as? String == "Operable")
        let unread = Self.value(values, "page.unread.items") as? [[String: Any]]
        #expect(unread?.map { $0["key"] as? String } == ["order"])
        #expect(unread?.first?["value"] as? String == "soon")
        #expect(Self.value(values, "redirect") == nil)
    }

    @Test("a redirect page leads to its entry")
    func redirect() throws {
        let linked = SiteAssembler().assemble(pages: [SiteAssemblerTests.page("native/picker.md", title: "Picker", aliases: ["/native/old-picker/"])],
                                              assets: [], config: SiteConfig(), strings: ThemeStrings.english)
        let index = try #require(linked.pages.firstIndex { $0.kind == .redirect })
        let values = PageContextBuilder(site: linked, basePath: "/guide/").context(for: index).dictionary
        #expect(Self.value(values, "redirect.href") as? String == "/guide/native/picker/")
        #expect(Self.value(values, "redirect.title") as? String == "Picker")
    }
}
