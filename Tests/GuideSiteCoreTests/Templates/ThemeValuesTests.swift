import Foundation
import Testing
@testable import GuideSiteCore

/// The documented contract between GuideSite and a theme: the schema, its reference, and the
/// warnings for names it lacks.
@Suite("Theme values")
struct ThemeValuesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("docs/Content/theme/values.md is what `make theme-docs` writes from the schema now")
    func referenceIsCurrent() throws {
        let written = try String(contentsOf: Self.repository.appending(path: "docs/Content/theme/values.md"), encoding: .utf8)
        #expect(written == ThemeReference.markdown(), "docs/Content/theme/values.md is out of date: run `make theme-docs`")
        #expect(written.contains("| `title` | text | The page's title. |"))
        #expect(written.contains("### Criterion") && written.contains("| `nav-home` |"))
    }

    func findings(_ templates: [String: String]) -> [TemplateCheck.Finding] {
        var parsed: [String: CompiledTemplate] = [:]
        for (name, text) in templates { parsed[name] = MustacheParser.parse(FastHTMLContentType.pragma + text, lineOffset: 1) }
        var check = TemplateCheck(templates: parsed, strings: ["nav-home", "search-label"])
        return check.run()
    }

    @Test("the built-in theme names only values it receives")
    func builtInTheme() {
        let diagnostics = TemplateCheck.diagnostics(Theme(files: DefaultTheme.files(), origins: [:]), strings: Set(ThemeStrings.english.values.keys))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test("a misspelt name is found at its line and column with the name meant, inside sections and partials too")
    func typos() {
        let found = findings([
            "layouts/page": "<h1>{{page.titel}}</h1>\n{{#page.related.items}}\n  {{title}} {{tilte}} {{site.title}}\n  {{>item}}\n{{/page.related.items}}\n",
            "item": "<a href=\"{{href}}\">{{strings.nav-hom}}</a>{{#otherLanguage}}{{code}}{{cdoe}}{{/otherLanguage}}",
        ])
        #expect(found.map(\.name) == ["strings.nav-hom", "cdoe", "page.titel", "tilte"])
        let typo = found.first { $0.name == "page.titel" }
        #expect(typo?.location == .init(line: 1, column: 5) && typo?.path == "layouts/page" && typo?.suggestion == "page.title")
        #expect(found.first { $0.name == "tilte" }?.location == .init(line: 3, column: 13))
        #expect(found.first { $0.name == "tilte" }?.suggestion == "title")
        #expect(found.first { $0.name == "strings.nav-hom" }?.suggestion == "strings.nav-home")
    }

    @Test("front matter names, the current value, inverted sections and names found further out are not typos")
    func notTypos() {
        let found = findings([
            "layouts/page": """
                {{page.params.anything.below}}{{#page.params}}{{key}}{{value}}{{whatever}}{{/page.params}}
                {{#page.description}}{{.}} {{page.title}}{{/page.description}}{{^page.criteria}}{{site.title}}{{/page.criteria}}
                {{#breadcrumbs.items}}{{#current}}{{title}}{{/current}}{{/breadcrumbs.items}}{{{page.content}}}
                """,
        ])
        #expect(found.isEmpty, "\(found)")
        #expect(findings(["layouts/page": "{{#page.title}}{{.title}}{{/page.title}}{{page.title.more}}"]).map(\.name) == [".title", "page.title.more"])
    }

    @Test("values that leave the schema are named: an undeclared key, a value of another type")
    func violations() {
        let values: ContextMap = [.page: .map([.title: .flag(true), .href: .text("/")]), .site: .map([:])]
        var bad = values
        bad[.nav] = .text("not a list")
        #expect(ThemeValues.violations(of: values) == ["`page.title` is a flag, declared text"])
        #expect(ThemeValues.violations(of: bad).contains("`nav` is text, declared list of [Navigation item](#navigation-item)"))
        #expect(ThemeValues.violations(of: ContextMap(["titel": "x"])) == ["`titel` is not declared in Top"])
    }

    @Test("a site's layout with a typo: a warning at its file, line and column, an error with --strict, reported by check")
    func inABuild() throws {
        let site = try TestSite([
            "Content/index.md": "# Home\n\nHi.\n",
            "Templates/layouts/page.mustache": "{{<base}}{{$main}}\n<h1>{{page.titel}}</h1>\n{{/main}}{{/base}}\n",
        ])
        defer { site.remove() }
        let built = site.build()
        #expect(built.outcome == .success)
        let warning = try #require(built.diagnostics.first { $0.message.contains("page.titel") })
        #expect(warning.description.hasPrefix("Templates/layouts/page.mustache:2:5: warning:"), "\(warning)")
        #expect(warning.message.contains("Did you mean `page.title`?"))
        #expect(site.build(strict: true).outcome != .success)
        var request = BuildRequest(root: site.root)
        request.check = true
        #expect(SiteBuilder().check(request).diagnostics.contains { $0.message.contains("page.titel") })
    }

    @Test("a layout's pages read how many pages cite their criteria only where the layout may show it")
    func citingCounts() throws {
        let builtIn = Theme(files: DefaultTheme.files(), origins: [:]).layoutKeys
        #expect(!builtIn.citingCounts.contains("entry"))
        #expect(builtIn.citingCounts.contains("criterion") && builtIn.citingCounts.contains("criteria"))
        func reads(_ entry: String) -> Bool {
            var files = DefaultTheme.files()
            files["layouts/entry.mustache"] = Data(entry.utf8)
            return Theme(files: files, origins: [:]).layoutKeys.citingCounts.contains("entry")
        }
        #expect(reads("{{#page.criteria}}{{#items}}{{number}} ({{countText}}){{/items}}{{/page.criteria}}"))
        #expect(reads("{{#page.criteria.items}}{{summary}}{{/page.criteria.items}}"))
        // Inside a criterion's rules, `summary` is theirs, but a rule list without one lets Mustache
        // find the criterion's.
        #expect(reads("{{#page.criteria.items}}{{#automated}}{{summary}}{{/automated}}{{/page.criteria.items}}"))
        #expect(reads("{{#page.criteria.items}}{{.}}{{/page.criteria.items}}"))
        #expect(!reads("{{#page.criteria.items}}{{number}} {{name}} {{#automated}}{{short}}{{/automated}}{{/page.criteria.items}}"))
        // A template swift-mustache alone reads: what it shows is not known, so it may show them.
        #expect(reads("{{#page.criteria.items}}{{number | uppercase}}{{/page.criteria.items}}"))
    }
}
