import Foundation
import Testing
@testable import GuideSiteCore

/// One file read into a page: placement, route, layout, front matter, the shapes of libraries
/// written for other generators.
@Suite("Page reader")
struct PageReaderTests {
    static let root = URL(fileURLWithPath: "/site")

    /// `text` read as the file at `path` below `Content/`.
    static func read(_ path: String, _ text: String, config: SiteConfig = SiteConfig()) -> Diagnosed<Page?> {
        let file = ContentFile(path: "/site/Content/" + path, relativePath: path, kind: .markdown)
        return PageReader(layout: SiteLayout(root: root), config: config).read(file, data: Data(text.utf8))
    }

    @Test("where a file's path puts it: kind, section, route and default layout", arguments: [
        ("index.md", PageKind.home, nil as String?, "/", "home"),
        ("about.md", .page, nil, "/about/", "page"),
        ("404.md", .notFound, nil, "/404.html", "404"),
        ("native/index.md", .section, "native", "/native/", "section"),
        ("native/Wheel Picker.md", .entry, "native", "/native/wheel-picker/", "entry"),
        ("_checklist-web/button.md", .entry, "checklist-web", "/checklist-web/button/", "entry"),
        ("native/card/index.md", .entry, "native", "/native/card/", "entry"),
    ])
    func placement(path: String, kind: PageKind, section: String?, route: String, layout: String) throws {
        let page = try #require(Self.read(path, "# Title\n").value)
        #expect(page.kind == kind)
        #expect(page.section == section)
        #expect(page.route.path == route)
        #expect(page.layout == layout)
    }

    @Test("front matter is split off with its lines counted: the body starts after it")
    func frontMatter() throws {
        let read = Self.read("native/picker.md", "---\ntitle: Picker\nlayout: page\n---\n\nBody.\n")
        let page = try #require(read.value)
        #expect(read.diagnostics.isEmpty)
        #expect(page.frontMatter.title == "Picker")
        #expect(page.layout == "page")
        #expect(page.bodyFirstLine == 5)
        #expect(page.markdown.contains("Body."))
    }

    @Test("a Jekyll permalink wins over the section's pattern; a bad one is an error at its line")
    func permalinks() throws {
        var config = SiteConfig()
        config.permalinks = ["web": "/web-criteria/:sections[1:]/:slug/"]
        let patterned = try #require(Self.read("web/component/button.md", "## General Notes\n", config: config).value)
        #expect(patterned.route.path == "/web-criteria/component/button/")
        let titled = try #require(Self.read("web/component/x.md", "# Push Button\n", config: config).value)
        #expect(titled.route.path == "/web-criteria/component/push-button/")
        let own = try #require(Self.read("web/component/button.md", "---\npermalink: /buttons/\n---\n", config: config).value)
        #expect(own.route.path == "/buttons/")
        let bad = Self.read("web/a.md", "---\ntitle: A\npermalink: ../../x\n---\n")
        #expect(bad.diagnostics.map(\.description).contains { $0.hasPrefix("Content/web/a.md:3:1: error: [permalink]") })
    }

    @Test("aliases: kept when they are paths, an error at their line when not")
    func aliases() throws {
        let read = Self.read("web/a.md", "---\ntitle: A\naliases: [/web/old/, \"https://x.org/\"]\n---\n")
        #expect(read.value?.frontMatter.aliases == ["/web/old/"])
        #expect(read.diagnostics.map(\.description).contains { $0.hasPrefix("Content/web/a.md:3:1: error: [alias] `aliases` must be a path") })
    }

    @Test("a top-level page with acceptance headings takes the entry layout; others keep theirs")
    func acceptanceHeadings() throws {
        let entry = try #require(Self.read("button.md", "## Condensed\n\n- Tab reaches it\n").value)
        #expect(entry.layout == "entry")
        #expect(entry.acceptanceSections.map(\.heading) == ["Condensed"])
        let page = try #require(Self.read("about.md", "## About\n\nText.\n").value)
        #expect(page.layout == "page")
        #expect(page.acceptanceSections.isEmpty)
    }

    @Test("an empty file is skipped with a warning; text pasted from an editor is converted")
    func emptyAndPasted() throws {
        let empty = Self.read("native/a.md", "  \n\n")
        #expect(empty.value == nil)
        #expect(empty.diagnostics.first?.category == "empty-file")
        let pasted = try #require(Self.read("native/b.md", "Picker\n\n• one\n• two\n").value)
        #expect(pasted.isPastedText)
    }
}
