import Foundation
import Testing
@testable import GuideSiteCore

/// The rules that read libraries written for other generators, one table each.
@Suite("Library shapes")
struct LibraryShapesTests {
    @Test("a check that clearly names a criterion is suggested it", arguments: [
        ("Color is not used as the only means of conveying information", "1.4.1"),
        ("Colour alone does not show the selected date", "1.4.1"),
        ("Is keyboard operable", "2.1.1"),
        ("All functionality is operable with a keyboard", "2.1.1"),
        ("The focus indication has a 3:1 minimum contrast ratio against adjacent elements", "1.4.11"),
        ("Icons have enough contrast against adjacent colours", "1.4.11"),
        ("Touch target size is at least 24 by 24 CSS pixels", "2.5.8"),
        ("Focus is visible on every control", "2.4.7"),
        ("Has a visible focus indicator", "2.4.7"),
    ])
    func suggests(text: String, number: String) {
        #expect(CheckSuggester.suggestion(for: text) == number)
    }

    @Test("texts that name no single criterion are never suggested one", arguments: [
        "Focus order is logical",
        "Keyboard focus does not get trapped in the calendar",
        "Text has a contrast ratio of at least 4.5:1",
        "The colour of the button matches the brand",
        "The link target opens in the same window",
        "Focus moves to the dialog when it opens",
        "Name, role and state are announced",
        "Color contrast of the focus border is 3:1",
    ])
    func doesNotSuggest(text: String) {
        #expect(CheckSuggester.suggestion(for: text) == nil)
    }

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

    @Test("a section whose entries all share one title is one check warning")
    func sharedTitle() throws {
        let template = "---\ntitle: General Notes\n---\nText.\n"
        let site = try TestSite(["Content/web/a.md": template, "Content/web/b.md": template, "Content/web/c.md": template])
        defer { site.remove() }
        let printed = SiteChecker().check(BuildRequest(root: site.root)).diagnostics.filter { $0.category == "duplicate-title" }.map(\.description)
        #expect(printed == ["Content/web/a.md:2:1: warning: [duplicate-title] all 3 entries of section `web` have the title \"General Notes\"; give each a `title:` in its front matter or a first `# Title` line (without either, the file name is the title)"])
    }

    @Test("acceptance sections: lists become checklist items, sub-headings stay, platform lines are marked")
    func acceptanceSections() {
        let reader = AcceptanceSectionReader(headings: ["Condensed": .checklist, "Gherkin": .gherkin], platforms: ["iOS", "Android"])
        let markdown = """
        ## General Notes
        Text.
        ## Condensed:
        ### Keyboard
        1. **Tab**: focus moves to the [button](/web/button)
           - nested `detail`
        ### iOS
        - VoiceOver says "button"
        ## gherkin
        ```
        GIVEN a keyboard
        ## not a heading inside code
        ```
        ## Developer notes
        - not acceptance
        """
        let sections = reader.sections(in: markdown)
        #expect(sections.map(\.kind) == [.checklist, .gherkin])
        #expect(sections[0].text == "Keyboard\n- [ ] Tab: focus moves to the button\n  - [ ] nested detail\n\niOS\n- [ ] VoiceOver says \"button\"")
        #expect(sections[0].keeping(PlatformFilter(platforms: ["iOS", "Android"], keep: ["Android"])).text == "Keyboard\n- [ ] Tab: focus moves to the button\n  - [ ] nested detail")
        #expect(sections[1].text == "GIVEN a keyboard\n## not a heading inside code")
        #expect(reader.sections(in: "## Notes\n- item\n### Condensed\n- item").isEmpty)
    }

    @Test("site.yml renames the acceptance headings for a library that words them differently")
    func renamedHeadings() throws {
        let site = try TestSite([
            "site.yml": "acceptance-headings:\n  checklist: [Test steps]\n",
            "Content/web/button.md": "## Test steps\n\n- Tab reaches it\n\n## Condensed\n\n- not read\n",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let page = try site.html("web/button/index.html")
        #expect(page.contains(">Test steps\n- [ ] Tab reaches it</pre>"))
        #expect(!page.contains("- [ ] not read"))
    }

    @Test("Hugo permalink tokens", arguments: [
        ("/web-criteria/:sections[1:]/:slug/", ["web", "component"], "button", nil, "/web-criteria/component/button/"),
        ("/web-criteria/:sections[1:]/:slug/", ["web"], "button", nil, "/web-criteria/button/"),
        ("/:section/:filename/", ["_components", "x"], "Wheel Picker", nil, "/components/wheel-picker/"),
        ("/:sections/:title/", ["web", "forms"], "input", "Text Input", "/web/forms/text-input/"),
        ("/:sections[:1]/:slug/", ["web", "forms"], "input", "Text Input", "/web/text-input/"),
        ("/:sections[1]/:filename.html", ["web", "forms", "deep"], "input", nil, "/forms/input.html"),
    ])
    func permalinks(pattern: String, folders: [String], file: String, title: String?, expected: String) {
        #expect(PermalinkPattern.problem(in: pattern) == nil)
        #expect(PermalinkPattern.expand(pattern, .init(folders: folders, filename: file, slug: nil, title: title)) == expected)
    }

    @Test("unknown permalink tokens and bad slices are site.yml errors", arguments: [":year/:slug", "/:sections[a:]/", "/../:slug/", "/:sections[9223372036854775807]/", "/:sections[2:1]/"])
    func badPermalinks(pattern: String) throws {
        let site = try TestSite(["site.yml": "permalinks:\n  web: \"\(pattern)\"\n", "Content/web/a.md": "# A\n"])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .contentErrors)
        #expect(result.printed.hasPrefix("site.yml:2:3: error: [site-config] the permalink of `web`"), "\(result.printed)")
    }

    @Test("two pages claiming one path through aliases is an error naming both")
    func aliasClash() throws {
        let site = try TestSite([
            "Content/web/a.md": "---\ntitle: A\naliases: [/web/old/]\n---\nA.\n",
            "Content/web/b.md": "---\ntitle: B\naliases: [/web/old/]\n---\nB.\n",
            "Content/web/c.md": "---\ntitle: C\naliases: [/web/a/]\n---\nC.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .contentErrors)
        let clashes = result.diagnostics.filter { $0.category == "duplicate-url" }.map(\.message)
        #expect(clashes.contains { $0.contains("Content/web/a.md") && $0.contains("Content/web/b.md") && $0.contains("web/old/index.html") })
        #expect(clashes.contains { $0.contains("Content/web/a.md") && $0.contains("Content/web/c.md") && $0.contains("web/a/index.html") })
    }

    @Test("an <example> becomes a demo fence with its title; lines after it keep their numbers")
    func exampleFencing() {
        let markdown = "Intro\n<example title=\"Broken\">\n<main>x</main>\n</example>\nAfter\n```\n<example>\n```"
        let fenced = DemoBlocks.fencing(markdown)
        #expect(fenced == "Intro\n~~~~example Broken\n<main>x</main>\n~~~~\nAfter\n```\n<example>\n```")
        #expect(DemoBlocks.fencing("<examples>\n<example>\nnever closed") == "<examples>\n<example>\nnever closed")
        #expect(DemoBlocks.fencing("<example>\n<p>a</p>\n</example>") == "~~~~example\n<p>a</p>\n~~~~")
    }

    @Test("media addresses in raw HTML are rewritten; other attributes and tags are not")
    func media() {
        let html = "<video controls poster='/a.png'><source src=\"/a.mp4\" type=\"video/mp4\"><track src=\"/a.vtt\" kind=\"captions\"></video><img src=\"/b.png\">"
        let rewritten = MediaMarkup.rewritingSources(html) { "/guide" + $0 }
        #expect(rewritten == "<video controls poster='/guide/a.png'><source src=\"/guide/a.mp4\" type=\"video/mp4\"><track src=\"/guide/a.vtt\" kind=\"captions\"></video><img src=\"/b.png\">")
        #expect(MediaMarkup.videosWithoutCaptions(in: html) == 0)
        #expect(MediaMarkup.videosWithoutCaptions(in: "<video src=\"a.mp4\"></video><video><track kind=\"descriptions\"></video>") == 2)
    }
}
