import Foundation
// Internal stages are fuzzed as a build runs them: the core is compiled with testing enabled
// (debug builds, and `Tests/fuzz/run.sh`).
@testable import GuideSiteCore

/// One input through one stage, the way a build runs it, for the libFuzzer targets in
/// `Sources/GuideSiteFuzz` (`make fuzz`). Each returns normally for every input; a crash,
/// a hang or a sanitizer report is the bug.
enum FuzzEntryPoints {
    /// Bytes as a page file: decoding, the front matter splitter and parser, and the same text
    /// read as site.yml.
    static func frontMatter(_ data: Data) {
        let decoded = SourceTextDecoder().decode(data, path: "fuzz.md")
        guard let text = decoded.value else { return }
        let split = FrontMatterSplitter().split(text, path: "fuzz.md")
        if let yaml = split.value.frontMatter {
            // Differential: what the plain reader reads must be what Yams reads.
            if split.value.format == .yaml, let plain = PlainYAML.read(yaml, firstLine: split.value.frontMatterFirstLine) {
                let yams = YAMLReader().readWithYams(yaml, firstLine: split.value.frontMatterFirstLine, path: "fuzz.md")
                precondition(yams.diagnostics.isEmpty && yams.value == plain, "the plain YAML reader differs from Yams")
            }
            let matter = FrontMatterParser().parse(yaml, format: split.value.format, firstLine: split.value.frontMatterFirstLine, path: "fuzz.md").value
            _ = matter.categories
            _ = AcceptanceCriteria(title: matter.title ?? "Fuzz", matter: matter)
            let page = Page(sourcePath: "fuzz.md", contentPath: "fuzz.md", kind: .entry, section: nil, route: Route(segments: ["fuzz"]),
                            frontMatter: matter, title: matter.title ?? "Fuzz", layout: "entry", body: RenderedBody(html: "", headings: []),
                            markdown: "", bodyFirstLine: 1)
            _ = GherkinText.feature(TestPlan(page: page), page: page)
            for group in matter.criteriaGroups { for check in group.checks { _ = CheckSuggester.suggestion(for: check.text) } }
            for alias in matter.aliases { _ = Permalink.route(alias) }
            for entry in matter.entries { _ = CriteriaDetector.number(inReference: entry.value.text ?? entry.key) }
        }
        let config = SiteConfigParser().parse(text, path: "site.yml").value
        for pattern in config.permalinks.values {
            _ = PermalinkPattern.expand(pattern, .init(folders: ["web", "_a", ""], filename: "index", slug: nil, title: text))
        }
    }

    /// Bytes as a Markdown body: Liquid tags, platform sections, link rewriting (every kind of
    /// decision), criteria detection, heading ids, code blocks, tables, task lists.
    static func markdown(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let liquid = LiquidPreprocessor(includes: URL(fileURLWithPath: "/nonexistent/_includes"), unsafeHTML: false)
            .process(text, firstLine: 1, path: "fuzz.md")
        let decisions: [(String) -> LinkTarget] = [
            { _ in .keep }, { .url("/rewritten/" + $0) }, { .leavingGuide("https://example.org/" + $0) },
            { _ in .plainText }, { _ in .unpublished },
        ]
        // One render per input; the input's length picks the options, so both are covered.
        let unsafeHTML = data.count % 2 == 1
        let frameworks = [Framework(name: "UIKit", platform: "iOS"), Framework(name: "Compose", platform: "Android"), Framework(name: "React")]
        let rendered = MarkdownRenderer(unsafeHTML: unsafeHTML, tabs: TabNames(platforms: ["iOS", "Android", "Web"], frameworks: frameworks)).render(
            liquid.value, firstLine: 1, path: "fuzz.md", title: unsafeHTML ? .fromFirstHeading : .given("Fuzz"),
            reservedIDs: LayoutIDs.reserved,
            rewriteLink: { url in decisions[url.utf8.reduce(0) { ($0 &+ Int($1)) & 0xFFFF } % decisions.count](url) },
            annotate: CriteriaCollector.annotator(basePath: "/"),
            platforms: PlatformFilter(platforms: ["iOS", "Android", "Web"], keep: unsafeHTML ? ["iOS"] : ["Web"], frameworks: frameworks),
            lint: true
        )
        _ = SearchIndex.plainText(html: rendered.value.html, limit: SearchIndex.bodyLimit)
        let sections = AcceptanceSectionReader(headings: SiteConfig().acceptanceHeadings, platforms: ["iOS", "Android"]).sections(in: text)
        _ = AcceptanceCriteria(title: "Fuzz", matter: FrontMatter(), sections: sections.map { $0.keeping(PlatformFilter(platforms: ["iOS"], keep: [])) })
        var page = Page(sourcePath: "fuzz.md", contentPath: "fuzz.md", kind: .entry, section: nil, route: Route(segments: ["fuzz"]),
                        frontMatter: FrontMatter(), title: "Fuzz", layout: "entry", body: RenderedBody(html: "", headings: []),
                        markdown: "", bodyFirstLine: 1)
        page.acceptanceSections = sections
        _ = GherkinText.feature(TestPlan(page: page), page: page)
        _ = MediaMarkup.rewritingSources(text) { "/base" + $0 }
        _ = MediaMarkup.videosWithoutCaptions(in: text)
        _ = CriteriaDetector.mentions(in: text, atBlockStart: true)
        _ = CriteriaDetector.criteria(inURL: text)
        _ = HeadingIDGenerator.slug(text)
    }

    /// Bytes cut into values (titles, descriptions, categories, test table keys and values, a
    /// body) rendered through the built-in theme's entry, section and search layouts.
    static func templates(_ data: Data) {
        let parts = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        func part(_ index: Int) -> String { parts.isEmpty ? "" : parts[index % parts.count] }
        var matter = FrontMatter()
        matter.entries = [
            FrontEntry(key: "title", value: .text(part(0)), line: 1, column: 1),
            FrontEntry(key: "description", value: .text(part(1)), line: 2, column: 1),
            FrontEntry(key: "categories", value: .list([.text(part(2)), .text(part(3))]), line: 3, column: 1),
            FrontEntry(key: "keyboard", value: .map([FrontEntry(key: part(4), value: .text(part(5)), line: 5, column: 3)]), line: 4, column: 1),
            FrontEntry(key: "gherkin-keyboard", value: .list([.map([FrontEntry(key: "when", value: .text(part(6)), line: 7, column: 5),
                                                                   FrontEntry(key: "then", value: .text(part(7)), line: 8, column: 5)])]),
                       line: 6, column: 1),
        ]
        var config = SiteConfig()
        config.title = part(8)
        config.footer = part(9)
        var entry = Page(sourcePath: "Content/native/fuzz.md", contentPath: "native/fuzz.md", kind: .entry, section: "native",
                         route: Route(segments: ["native", Slug.make(part(10)).isEmpty ? "fuzz" : Slug.make(part(10))]),
                         frontMatter: matter, title: part(0), layout: "entry",
                         body: RenderedBody(html: part(11), headings: [Heading(level: 2, text: part(12), id: "h", line: 1)]),
                         markdown: "", bodyFirstLine: 1)
        entry.criteria = [CriterionReference(number: "2.4.7", fromFrontMatter: true, fromBody: false)]
        // The entry and a home page listing it; the WCAG pages a real build adds would only make
        // each run slower.
        let home = Page(sourcePath: "", contentPath: "", kind: .home, section: nil, route: Route(segments: []),
                        frontMatter: FrontMatter(), title: part(13), layout: "home",
                        body: RenderedBody(html: "", headings: []), markdown: "", bodyFirstLine: 1)
        var site = Site(config: config, pages: [home, entry], sections: [
            SiteSection(name: "native", title: part(14), description: part(15), page: 0, entries: [1]),
        ], home: 0, assets: [])
        site.pageIndex = [home.route: 0, entry.route: 1]
        site.categories = [SiteCategory(slug: Slug.make(part(2)), title: part(2), description: nil, page: 0, entries: [1])]
        site.criterionPages = ["2.4.7": [1]]
        let builder = PageContextBuilder(site: site, basePath: "/")
        _ = fuzzRenderer.render(builder.context(for: 1), layout: "entry")
        _ = fuzzRenderer.render(builder.context(for: 0), layout: "home")
    }

    private static let fuzzRenderer = TemplateRenderer.compile(Theme(files: DefaultTheme.files(), origins: [:])).value
}
