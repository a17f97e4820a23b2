import Foundation
import Testing
@testable import GuideSiteCore

/// The libraries in `Tests/fixtures/`, written the way teams that use other generators write
/// them, built as a reader would see them.
@Suite("Libraries we did not write")
struct LibraryFixtureTests {
    /// A copy of a fixture library in a fresh temporary folder (a build writes beside its content).
    static func copy(_ name: String) throws -> TestSite {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "fixtures/\(name)")
        let site = try TestSite([:])
        try FileManager.default.createDirectory(at: site.root.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: site.root)
        return site
    }

    @Test("Jekyll-era library: criteria grouped by principle, leading-slash includes, highlight tags, live demos")
    func jekyllLibrary() throws {
        let site = try Self.copy("jekyll-library")
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success, "\(result.printed)")
        let picker = try site.html("components/wheel-picker/index.html")
        #expect(picker.contains("<title>Wheel Picker – Components – Component accessibility library</title>"))
        #expect(picker.contains("<h2 id=\"criteria-checks\">Criteria</h2>\n<h3>Perceivable</h3>\n<ul class=\"check-list\">\n<li>Color is not used as the only means of conveying information</li>"))
        #expect(picker.contains("<h3>Operable</h3>\n<ul class=\"check-list\">\n<li>Is keyboard operable</li>"))
        // The checks are in the text to copy, under their principle.
        #expect(picker.contains("Criteria – Operable\n- [ ] Is keyboard operable"))
        #expect(picker.contains("  Scenario: Operable\n    Given the wheel picker is on screen\n    Then is keyboard operable\n    And the focus indication"))
        #expect(picker.contains("data-copy=\"checklist-text\""))
        // `{% include /examples/input-text.html %}` found in the includes folder, kept as HTML.
        #expect(picker.contains("<label for=\"example-name\">Name</label>"))
        #expect(picker.contains("class=\"language-kotlin\""))
        // The broken demo lives in its frame: the page has one main landmark and one `example-name` id.
        #expect(picker.components(separatedBy: "<main").count == 2)
        #expect(picker.components(separatedBy: "id=\"example-name\"").count == 2)
        #expect(picker.contains("<iframe class=\"demo\" title=\"Example: Broken: a picker without a label\" sandbox=\"allow-same-origin\""))
        #expect(picker.contains("srcdoc=\"&lt;!DOCTYPE html&gt;"))
        #expect(picker.contains("&lt;link rel=&quot;stylesheet&quot; href=&quot;../../assets/site.css&quot;&gt;"))
        let date = try site.html("components/date-picker/index.html")
        #expect(date.contains("<pre class=\"code-block\" dir=\"ltr\" tabindex=\"0\" role=\"region\" aria-label=\"Code example 1 (html)\"><code class=\"language-html\">"))
        #expect(date.contains("<iframe class=\"demo\" title=\"Example: A labelled date field\""))
        // The missing include is a warning and leaves nothing of the tag in any page.
        #expect(result.printed.contains("Content/_components/date-picker.md:34:1: warning: [liquid] include `/examples/missing-example.html` was not found"))
        // Beside its category, its tags are shown as tags, and the search finds it by them.
        #expect(date.contains("<span class=\"label\">Tags:</span>\n<span class=\"tag\">calendar</span> <span class=\"tag\">forms</span>"))
        #expect(!site.exists("categories/calendar/index.html"))
        for (path, data) in try site.snapshot() where path.hasSuffix(".html") {
            #expect(!String(decoding: data, as: UTF8.self).contains("{%"), "\(path)")
        }
        // Values of shapes GuideSite does not read: warnings, and shown as written.
        #expect(result.printed.contains("Content/_components/text-field.md:4:1: warning: [front-matter] `order` must be a number"))
        #expect(result.printed.contains("Content/_components/text-field.md:5:1: warning: [front-matter] `wcag` is a map of a shape GuideSite does not read"))
        let field = try site.html("components/text-field/index.html")
        #expect(field.contains("<dt>wcag</dt>\n<dd>principle: Understandable</dd>"))
        // criteria.json carries the checks with their principle.
        let json = try JSONSerialization.jsonObject(with: Data(try site.html("criteria.json").utf8)) as? [String: Any]
        let entries = try #require(json?["entries"] as? [[String: Any]])
        let checks = entries.first { $0["title"] as? String == "Wheel Picker" }?["checks"] as? [[String: String]]
        #expect(checks?.first == ["group": "Perceivable", "check": "Color is not used as the only means of conveying information"])
        #expect(checks?.count == 4)
    }

    @Test("a subset keeps the criteria grouped by principle, in the page and in its criteria.json")
    func subsetKeepsGroups() throws {
        let site = try Self.copy("jekyll-library")
        defer { site.remove() }
        var request = BuildRequest(root: site.root)
        request.allSubsets = true
        #expect(SiteBuilder().build(request).outcome == .success)
        let picker = try site.html("subsets/controls/components/wheel-picker/index.html")
        #expect(picker.contains("<h3>Operable</h3>\n<ul class=\"check-list\">\n<li>Is keyboard operable</li>"))
        #expect(picker.contains("Criteria – Operable\n- [ ] Is keyboard operable"))
        #expect(!site.exists("subsets/controls/components/date-picker/index.html"))
        #expect(try site.html("subsets/controls/criteria.json").contains("\"check\":\"Is keyboard operable\""))
    }

    @Test("check notes the criterion a check clearly names, at its line, and never adds it")
    func suggestions() throws {
        let site = try Self.copy("jekyll-library")
        defer { site.remove() }
        let result = SiteChecker().check(BuildRequest(root: site.root))
        let notes = result.diagnostics.filter { $0.category == "criterion-suggestion" }.map(\.description)
        #expect(notes.contains { $0.hasPrefix("Content/_components/wheel-picker.md:30:9: note: [criterion-suggestion] \"Is keyboard operable\" reads as 2.1.1 Keyboard") })
        #expect(notes.contains { $0.hasPrefix("Content/_components/wheel-picker.md:31:9: note: [criterion-suggestion] \"The focus indication has a 3:1 minimum contrast ratio against adjacent elements\" reads as 1.4.11 Non-text Contrast") })
        #expect(!notes.contains { $0.contains("Focus order is logical") })
        #expect(!notes.contains { $0.contains("Keyboard focus does not get trapped") })
        #expect(notes.count == 6, "\(notes.joined(separator: "\n"))")
        #expect(result.outcome == .success)
    }

    @Test("heading-based library: entries without front matter, titles from file names, permalinks, aliases, video")
    func headingLibrary() throws {
        let site = try Self.copy("headings-library")
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success, "\(result.printed)")
        // Pages live at the published routes, and links to those routes resolve without a warning.
        #expect(!result.diagnostics.contains { $0.category == "broken-link" && !$0.path.hasSuffix("iOS-date-picker.md") }, "\(result.printed)")
        let button = try site.html("web-criteria/component/button/index.html")
        #expect(button.contains("<title>Button – Web – Web criteria</title>"))
        #expect(button.contains("<h1 id=\"page-title\">Button</h1>"))
        #expect(try site.html("web-criteria/component/ios-date-picker/index.html").contains("<h1 id=\"page-title\">iOS date picker</h1>"))
        #expect(try site.html("web/index.html").contains(">Checkbox</a>"))
        // The Condensed and Gherkin sections are the entry's copyable acceptance criteria.
        #expect(button.contains("<body class=\"layout-entry\">"))
        #expect(button.contains("Keyboard\n\n- [ ] Tab: focus moves to the button and is visible\n- [ ] Space and Enter: the button is activated"))
        #expect(button.contains("- [ ] Name: says what the button does"))
        // The Gherkin heading's text made valid Gherkin, after the scenarios of the Condensed lists.
        #expect(button.contains("  Scenario: Keyboard\n    Given I am using a keyboard\n    When I press Tab\n    Then focus moves to the button and is visible\n"))
        #expect(button.contains("  Scenario: Gherkin\n    Given I am using a keyboard\n    When I press Tab\n    Then focus moves to the button\n</pre>"))
        #expect(button.contains("data-copy=\"gherkin-text\""))
        let carousel = try site.html("web-criteria/pattern/carousel/index.html")
        #expect(carousel.contains("- [ ] Slides do not rotate by themselves, or a pause button stops them"))
        #expect(carousel.contains("  Scenario: Acceptance criteria\n    Given the carousel is on screen\n    Then slides do not rotate by themselves"))
        // Video kept with its captions, the media copied.
        #expect(button.contains("<track kind=\"captions\" src=\"../../../media/button-demo.vtt\""))
        #expect(site.exists("media/button-demo.mp4") && site.exists("media/button-demo.vtt"))
        // The old address redirects, accessibly.
        let old = try site.html("web/checkbox-old/index.html")
        #expect(old.contains("<link rel=\"canonical\" href=\"../../web-criteria/component/checkbox/\">"))
        #expect(old.contains("<meta http-equiv=\"refresh\" content=\"0; url=../../web-criteria/component/checkbox/\">"))
        #expect(old.contains("<a href=\"../../web-criteria/component/checkbox/\">Checkbox</a> is now at a new address"))
        let index = try site.html("search/index.js")
        #expect(!index.contains("checkbox-old"))
    }

    @Test("check warns on a video without captions and on a media file that is not there, with path:line:column")
    func videoChecks() throws {
        let site = try Self.copy("headings-library")
        defer { site.remove() }
        let printed = SiteChecker().check(BuildRequest(root: site.root)).diagnostics.map(\.description)
        #expect(printed.contains { $0.hasPrefix("Content/web/component/iOS-date-picker.md:7:1: warning: [video-captions] `<video>` has no captions track") })
        #expect(printed.contains { $0.hasPrefix("Content/web/component/iOS-date-picker.md:7:1: error: [broken-link] broken link `/media/date-picker.mp4`: no page or file there") })
        #expect(!printed.contains { $0.contains("button.md") && $0.contains("video-captions") })
    }

    @Test("under a base path too, media addresses and the demo stylesheet are relative to the page")
    func basePath() throws {
        let site = try Self.copy("headings-library")
        defer { site.remove() }
        #expect(site.build(baseURL: "/guide/").outcome == .success)
        let button = try site.html("web-criteria/component/button/index.html")
        #expect(button.contains("<source src=\"../../../media/button-demo.mp4\" type=\"video/mp4\">"))
        #expect(button.contains("poster=\"../../../media/button-demo.png\""))
        let carousel = try site.html("web-criteria/pattern/carousel/index.html")
        #expect(carousel.contains("href=&quot;../../../assets/site.css&quot;"))
        // Written without its final slash, the link leads to the page's address, written with it.
        #expect(try site.html("index.html").contains("href=\"./web-criteria/component/button/\""))
    }

    @Test("a subset for one platform keeps only that platform's lines of the copy text")
    func subsetPlatforms() throws {
        let site = try Self.copy("headings-library")
        defer { site.remove() }
        let yml = try String(contentsOf: site.root.appending(path: "site.yml"), encoding: .utf8)
        try site.write(Data((yml + "subsets:\n  ios:\n    platforms: [iOS]\n").utf8), to: "site.yml")
        var request = BuildRequest(root: site.root)
        request.subset = "ios"
        let result = SiteBuilder().build(request)
        #expect(result.outcome == .success, "\(result.printed)")
        let page = try String(contentsOf: site.root.appending(path: "Output/subsets/ios/web-criteria/component/checkbox/index.html"), encoding: .utf8)
        #expect(page.contains("VoiceOver says &quot;checkbox&quot; after the name"))
        #expect(!page.contains("TalkBack says"))
    }
}

extension LibraryFixtureTests {
    @Test("Hugo multilingual library: Dutch beside the sources with half its theme strings, Hebrew in its folder, translations in every state")
    func translatedLibrary() throws {
        let site = try Self.copy("translated-library")
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success, "\(result.printed)")
        #expect(result.sites == 3)
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings.count == 5, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("Content/components/disclosure.nl.md:2:1: warning: [translation] translation of Content/components/disclosure.md is out of date") })
        #expect(warnings.contains { $0.hasPrefix("Content/components/tooltip.nl.md:1:1: warning: [translation] translates `components/tooltip.md`, which is not in the content folder") })
        #expect(warnings.contains { $0.hasPrefix("Content/he/components/button.md:1:1: warning: [translation] translation of Content/components/button.md does not say which version") })
        #expect(warnings.contains { $0.hasPrefix("Templates/strings/nl.yml:1:1: warning: [strings] ") && $0.contains("`title-search`") })
        #expect(warnings.contains { $0.hasPrefix("Templates/strings/he.yml: warning: [strings] the theme has no strings for `he`") })
        // Dutch: the team's strings where written, English elsewhere; the stale page says so.
        let button = try site.html("nl/components/button/index.html")
        #expect(button.contains("<html lang=\"nl\">") && button.contains("<h1 id=\"page-title\">Knop</h1>"))
        #expect(button.contains(">Direct naar de hoofdinhoud</a>") && button.contains("<h2 id=\"how-to-test\">Zo test je het</h2>"))
        #expect(button.contains("<nav class=\"language-switcher\" aria-label=\"Talen\">"))
        #expect(!button.contains("translation-notice"))
        let disclosure = try site.html("nl/components/disclosure/index.html")
        #expect(disclosure.contains("<p class=\"notice translation-notice\">Deze vertaling is mogelijk verouderd"))
        // Its categories come from the source, whose Dutch category page lists it.
        #expect(try site.html("nl/categories/disclosure/index.html").contains(">Uitklapper</a>"))
        // A translation without a source stays in its language; the forms pattern links to English.
        #expect(site.exists("nl/components/tooltip/index.html") && !site.exists("components/tooltip/index.html"))
        #expect(try site.html("nl/patterns/index.html").contains("<a href=\"../../patterns/forms/\" hreflang=\"en\" lang=\"en\">Form validation</a> <span class=\"language-note\">(nog niet vertaald)</span>"))
        // Hebrew, from its folder: right to left, at the source's address.
        let hebrew = try site.html("he/components/button/index.html")
        #expect(hebrew.contains("<html lang=\"he\" dir=\"rtl\">") && hebrew.contains("<pre class=\"code-block\" dir=\"ltr\""))
        #expect(try site.html("components/button/index.html").contains("<link rel=\"alternate\" hreflang=\"he\" href=\"https://design.example.nl/he/components/button/\">"))
    }
}

/// The libraries written in the style of each generator's own documentation: each builds with
/// no error, and no page shows a reader another engine's syntax.
@Suite("Libraries written for other generators")
struct OtherGeneratorLibrariesTests {
    /// Every page's main content with code taken out: what a reader reads as text.
    static func readerText(of site: TestSite, within element: String = "main") throws -> [String: String] {
        var pages: [String: String] = [:]
        for (path, data) in try site.snapshot() where path.hasSuffix(".html") {
            var html = String(decoding: data, as: UTF8.self)
            guard let start = html.range(of: "<\(element)"), let end = html.range(of: "</\(element)>") else { continue }
            html = String(html[start.lowerBound..<end.upperBound])
            for (open, close) in [("<pre", "</pre>"), ("<code", "</code>")] {
                while let from = html.range(of: open), let to = html.range(of: close, range: from.upperBound..<html.endIndex) {
                    html.removeSubrange(from.lowerBound..<to.upperBound)
                }
            }
            // The theme's own scripts (a relative `src`, as the search page loads its index) stay.
            while let from = html.range(of: "<script src=\"../"), let to = html.range(of: "</script>", range: from.upperBound..<html.endIndex) {
                html.removeSubrange(from.lowerBound..<to.upperBound)
            }
            pages[path] = html
        }
        return pages
    }

    @Test("each builds with no error, and no page shows {%, {{, {::, {:, :::, {/* or a <script> outside code", arguments: [
        "eleventy-library", "hugo-library", "criteria-ja-library", "jekyll-library", "jekyll-kramdown-library", "containers-library", "mkdocs-library",
        "docusaurus-library", "vitepress-library", "starlight-library",
    ])
    func noForeignSyntax(library: String) throws {
        let site = try LibraryFixtureTests.copy(library)
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success && result.errorCount == 0, "\(result.printed)")
        let pages = try Self.readerText(of: site)
        #expect(pages.count > 90)
        for (path, text) in pages {
            for syntax in ["{%", "{{", "{::", "{:", ":::", "{/*", "<script"] where text.contains(syntax) {
                Issue.record("\(library)/\(path) shows `\(syntax)`")
            }
        }
        // A character reference escaped twice (`&amp;copy;`) shows as written, outside code.
        for (path, text) in try Self.readerText(of: site, within: "body") {
            if let match = text.firstMatch(of: /&amp;(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+[0-9]*);/) {
                Issue.record("\(library)/\(path) shows `\(match.output.0)`")
            }
        }
    }

    @Test("the Japanese library of one page per criterion: pages at their paths, numeric order, criterion pages lead to them, Japanese anchors")
    func japanese() throws {
        let site = try LibraryFixtureTests.copy("criteria-ja-library")
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0)
        #expect(result.diagnostics.filter { $0.category == "broken-link" }.isEmpty, "#概要 resolves")
        let page = try site.html("sc/1-4-10/index.html")
        #expect(page.contains("<html lang=\"ja\"") && page.contains("<h2 id=\"概要\">"))
        #expect(page.contains("<p class=\"badge\">WCAG 2.2</p>") && page.contains("レベルAAです"))
        #expect(try site.html("wcag/1.4.10/index.html").contains("href=\"../../sc/1-4-10/\""))
        // In pages of two (its site.yml): the pages read in order, page 1 then page 2.
        let list = try site.html("sc/index.html") + site.html("sc/page/2/index.html")
        #expect(!site.exists("sc/page/3/index.html"))
        let (short, long) = (list.range(of: "1.4.2 "), list.range(of: "1.4.10 "))
        #expect(short != nil && long != nil && short!.lowerBound < long!.lowerBound)
    }
}
