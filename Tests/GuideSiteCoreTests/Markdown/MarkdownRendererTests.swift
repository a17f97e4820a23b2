import Testing
@testable import GuideSiteCore

@Suite("Markdown rendering")
struct MarkdownRendererTests {
    func render(_ markdown: String, unsafe: Bool = false, title: TitleRule = .given("Page")) -> Diagnosed<RenderedBody> {
        MarkdownRenderer(unsafeHTML: unsafe).render(markdown, firstLine: 1, path: "a.md", title: title)
    }

    @Test("column headers get scope=\"col\" in one pass, exactly as the two replacements did")
    func columnScopes() {
        let inputs = ["<table><thead><tr><th>A</th><th style=\"text-align: left\">B</th></tr></thead></table>", "<th>", "<th", "x<th style=",
                      "<thead><th >", "", "<th><th>", "<th style", "a<th>b<th style=\"c\">d<thead>", "é<th>ü"]
        for html in inputs {
            let expected = html.replacingBytes("<th>", with: "<th scope=\"col\">").replacingBytes("<th style=", with: "<th scope=\"col\" style=")
            #expect(MarkdownRenderer.scopingColumnHeaders(html) == expected, "\(html)")
        }
    }

    @Test("paths normalized over bytes agree with the normalization by characters")
    func normalizedPaths() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "/", "/", ".", "..", "x.md", "é", "/\u{301}", ".\u{301}", "-", " "]
        var paths = ["", "/", "a/./b/../c.md", "../a", "a/../../b", "./", "a//b/", "..", "a/..", "/a/b"]
        for _ in 0..<3000 {
            paths.append((0..<Int.random(in: 0...9, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for path in paths {
            #expect(LinkResolver.normalize(path) == LinkResolver.normalizeByCharacters(path), "\(path)")
        }
        // The folder of the linking file, and the suffix, as before.
        for (url, source, target, suffix) in [("../web/b.md#x", "native/a.md", "web/b.md", "#x"), ("b.md?q=1#y", "a//c/d.md", "a/c/b.md", "?q=1#y"),
                                              ("b.md", "top.md", "b.md", ""), ("../../b.md", "a/c.md", nil, ""), ("é.md#\u{301}", "ü/a.md", "ü/é.md#\u{301}", "")] {
            let link = InternalLink(url, from: source)
            #expect(link?.target == target && link?.suffix == suffix, "\(url) from \(source)")
        }
    }

    @Test("slugs of ASCII names made over bytes agree with the slugs made by characters")
    func slugs() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", "M", " ", "_", "\t", "-", "\r\n", "\r", "0", "@", "é", "İ", "ß"]
        for _ in 0..<3000 {
            let name = (0..<Int.random(in: 0...10, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(Slug.make(name) == Slug.makeByCharacters(name), "\(name.debugDescription)")
        }
    }

    @Test("a fence's language read over bytes agrees with the language read by characters")
    func fenceLanguages() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["swift", " ", "\t", "c++", "#", "{.x}", "\u{B}", "\r\n", "é", "a\u{301}", "objective-c", "=", "1.0", "_"]
        for _ in 0..<3000 {
            let info = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let expected = String(info.split(whereSeparator: \.isWhitespace).first ?? "").filter { $0.isLetter || $0.isNumber || "+-_#.".contains($0) }
            #expect(MarkdownRenderer.language(ofFenceInfo: info) == expected, "\(info.debugDescription)")
        }
    }

    @Test("link schemes checked over bytes agree with the check by characters")
    func schemes() {
        let urls = ["http://a", "mailto:x", "a:b", "1a:b", ":x", "", "no colon", "ab+c-d.e:f", "é:x", "a\u{301}:x", "x:\u{301}",
                    "a b:c", "/path:x", "#a:b", "C:\\x", "tel:+1", "a_b:c", "Z9:", "javascript:alert(1)"]
        for url in urls {
            #expect(LinkResolver.hasScheme(url) == LinkResolver.hasSchemeByCharacters(url), "\(url)")
        }
    }

    @Test("GFM extensions: tables with scope, strikethrough, autolinks, task lists, footnotes")
    func extensions() {
        let html = render("""
            | Key | Result |
            |-----|--------|
            | Tab | Focus moves |

            ~~old~~ and www.example.org

            - [x] done
            - [ ] to do

            Note[^1].

            [^1]: The footnote.
            """).value.html
        #expect(html.contains("<th scope=\"col\">Key</th>"))
        #expect(html.contains("<td>Focus moves</td>"))
        #expect(html.contains("role=\"region\""))
        #expect(html.contains("<del>old</del>"))
        #expect(html.contains("<a href=\"http://www.example.org\">www.example.org</a>"))
        #expect(html.contains("type=\"checkbox\""))
        #expect(html.contains("class=\"footnotes\""))
    }

    @Test("headings get stable unique ids and a named self-link")
    func headingIDs() {
        let result = render("## Name\n\n### Role & Focus\n\n## Name\n").value
        #expect(result.headings.map(\.id) == ["name", "role-focus", "name-1"])
        #expect(result.html.contains("<h2 id=\"name\">Name</h2><a class=\"heading-anchor\" href=\"#name\">"))
        #expect(result.html.contains("<span class=\"visually-hidden\">Link to section: Name</span>"))
        #expect(result.html.contains("<h2 id=\"name-1\">"))
    }

    @Test("ids the layout uses are never taken by body headings")
    func reservedIDs() {
        let result = MarkdownRenderer().render("## How to test\n", firstLine: 1, path: "a.md", title: .given("x"), reservedIDs: ["how-to-test"])
        #expect(result.value.headings.first?.id == "how-to-test-1")
    }

    @Test("fenced code keeps its language as class=language-x inside a named, focusable region")
    func codeLanguage() {
        let html = render("```swift\nlet a = \"<b>\"\n```\n").value.html
        #expect(html.contains("<code class=\"language-swift\"><span class=\"hl-keyword\">let</span> <span class=\"hl-variable\">a</span> = <span class=\"hl-string\">&quot;&lt;b&gt;&quot;</span>\n</code>"))
        let plain = MarkdownRenderer(highlight: false).render("```swift\nlet a = \"<b>\"\n```\n", firstLine: 1, path: "a.md", title: .given("x")).value.html
        #expect(plain.contains("<code class=\"language-swift\">let a = &quot;&lt;b&gt;&quot;\n</code>"))
        #expect(html.contains("tabindex=\"0\" role=\"region\" aria-label=\"Code example 1 (swift)\""))
    }

    @Test("raw HTML is dropped with a warning unless unsafe-html is on")
    func rawHTMLPolicy() {
        let safe = render("Text <b>bold</b>\n\n<div class=\"x\">block</div>\n")
        #expect(!safe.value.html.contains("<b>"))
        #expect(!safe.value.html.contains("<div class=\"x\">"))
        #expect(safe.diagnostics.map(\.category) == ["raw-html"])
        let unsafe = render("Text <b>bold</b>\n\n<div class=\"x\">block</div>\n", unsafe: true)
        #expect(unsafe.value.html.contains("<b>bold</b>"))
        #expect(unsafe.value.html.contains("<div class=\"x\">block</div>"))
        #expect(unsafe.diagnostics.isEmpty)
    }

    @Test("script tags stay filtered even with unsafe-html (GFM tag filter)")
    func tagFilter() {
        let html = render("<script>alert(1)</script>\n", unsafe: true).value.html
        #expect(!html.contains("<script>"))
    }

    @Test("javascript: links are removed, keeping their text", arguments: ["javascript:alert(1)", "JaVaScRiPt:x", "&#106;avascript:x", "vbscript:x", "data:text/html,x"])
    func dangerousLinks(url: String) {
        let result = render("[click](\(url))")
        #expect(!result.value.html.lowercased().contains("script:"))
        #expect(!result.value.html.contains("data:text"))
        #expect(result.value.html.contains("click"))
    }

    @Test("a body that repeats the title as its first # heading drops it; other # headings move under the h1")
    func titleHeading() {
        let result = render("# Page\n\nText\n\n# Part\n\n## Sub\n").value
        #expect(!result.html.contains(">Page</h"))
        #expect(result.headings.map(\.level) == [2, 3])
    }

    @Test("a body that opens with a # heading other than the front matter's title has it as its title, and one h1")
    func openingHeadingIsTitle() throws {
        let result = render("# Button accessibility guidance\n\nText\n\n## Keyboard\n", title: .given("Button")).value
        #expect(result.title == "Button accessibility guidance")
        #expect(!result.html.contains("Button accessibility guidance"))
        #expect(result.headings.map(\.level) == [2])
        let later = render("Intro\n\n# Part\n", title: .given("Button")).value
        #expect(later.title == nil && later.html.contains(">Part</h2>"))
        let site = try TestSite(["Content/native/button.md": "---\ntitle: Button\n---\n# Button accessibility guidance\n\nText.\n"])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let page = try site.html("native/button/index.html")
        #expect(page.components(separatedBy: "<h1").count == 2)
        #expect(page.contains(">Button accessibility guidance</h1>"))
    }

    @Test("without a title the first # heading becomes it and leaves the body")
    func titleFromHeading() {
        let result = render("Intro\n\n# Pickers\n\n## Use\n", title: .fromFirstHeading).value
        #expect(result.title == "Pickers")
        #expect(!result.html.contains("Pickers"))
        #expect(result.headings.map(\.level) == [2])
    }

    @Test("a skipped heading level is a warning with the line, never a silent rewrite")
    func headingSkip() {
        let result = MarkdownRenderer().render("## A\n\n#### B\n", firstLine: 10, path: "a.md", title: .given("x"))
        #expect(result.diagnostics.map(\.description) == [
            "a.md:12:1: warning: [heading-skip] heading level skips from 2 to 4; use ### for \"B\""
        ])
        #expect(result.value.html.contains("<h4 id=\"b\">"))
    }

    @Test("links are rewritten through the resolver")
    func rewrite() {
        let html = MarkdownRenderer().render("[b](b.md) [w](https://w3.org)", firstLine: 1, path: "a.md", title: .given("x"),
                                             rewriteLink: { $0 == "b.md" ? .url("/base/b/") : .keep }).value.html
        #expect(html.contains("href=\"/base/b/\""))
        #expect(html.contains("href=\"https://w3.org\""))
    }

    @Test("md_in_html: a block marked markdown has its text read as Markdown and loses the mark, which is no HTML attribute")
    func markdownInHTML() {
        let markdown = "<div class=\"grid cards\" markdown>\n\n- **Set up** in minutes\n\n</div>\n\n<section markdown=\"1\" id=\"s\">\n\n*Text*\n\n</section>\n"
        let html = MarkdownRenderer(unsafeHTML: true).render(markdown, firstLine: 1, path: "a.md", title: .given("Page")).value.htmlText
        #expect(html.contains("<div class=\"grid cards\">") && html.contains("<section id=\"s\">"), "\(html)")
        #expect(html.contains("<strong>Set up</strong>") && html.contains("<em>Text</em>") && !html.contains("markdown"), "\(html)")
    }

    @Test("with raw HTML kept, GFM's tag filter is off: an <iframe> or <style> the author wrote is an element, not escaped text; without, raw HTML is dropped")
    func tagFilterFollowsRawHTML() {
        let markdown = "Watch the demo:\n\n<iframe src=\"https://www.youtube-nocookie.com/embed/x\" title=\"Demo\"></iframe>\n\nA <textarea>note</textarea> field.\n"
        let kept = MarkdownRenderer(unsafeHTML: true).render(markdown, firstLine: 1, path: "a.md", title: .given("Page")).value.htmlText
        #expect(kept.contains("<iframe src=\"https://www.youtube-nocookie.com/embed/x\" title=\"Demo\"></iframe>"), "\(kept)")
        #expect(kept.contains("A <textarea>note</textarea> field.") && !kept.contains("&lt;"), "\(kept)")
        let dropped = MarkdownRenderer().render(markdown, firstLine: 1, path: "a.md", title: .given("Page")).value.htmlText
        #expect(!dropped.contains("iframe") && !dropped.contains("textarea"), "\(dropped)")
    }
}

@Suite("Link resolution")
struct LinkResolverTests {
    let resolver = LinkResolver(
        basePath: "/guide/",
        routes: ["native/picker.md": Route(segments: ["native", "picker"]), "web": Route(segments: ["web"]), "index.md": Route(segments: [])],
        assets: ["native/img/picker.png"]
    )

    @Test("internal links resolve and carry the base path",
          arguments: [
            ("picker.md", "native/other.md", "/guide/native/picker/"),
            ("picker.md#focus", "native/other.md", "/guide/native/picker/#focus"),
            ("../native/picker.md", "web/a.md", "/guide/native/picker/"),
            ("/native/picker.md", "web/a.md", "/guide/native/picker/"),
            ("img/picker.png", "native/a.md", "/guide/native/img/picker.png"),
            ("/web/", "native/a.md", "/guide/web/"),
            ("../web", "native/a.md", "/guide/web/"),
            ("https://w3.org/x", "a.md", "https://w3.org/x"),
            ("#top", "a.md", "#top"),
            ("mailto:a@b.c", "a.md", "mailto:a@b.c"),
            ("missing.md", "a.md", "missing.md"),
          ])
    func resolve(url: String, source: String, expected: String) {
        #expect(resolver.resolve(url, from: source) == expected)
    }
}

@Suite("URL safety")
struct URLSafetyTests {
    @Test("the ASCII fast path answers as the character-by-character test does")
    func fastPathAgrees() {
        let cases: [(String, Bool)] = [
            ("javascript:alert(1)", true), ("JaVaScRiPt:alert(1)", true), (" java\tscript:x", true), ("java\u{0}script:x", true),
            ("vbscript:x", true), ("FILE:///etc/passwd", true), ("data:text/html,<script>", true), ("data:image/svg+xml,<svg>", true),
            ("data:image/png;base64,AAAA", false), ("DATA:IMAGE/JPEG;base64,AA", false), ("data:image/webp,x", false),
            ("https://example.org/javascript:", false), ("/native/picker/", false), ("", false), (":", false),
            ("javascript\u{301}:x", false), ("ｊavascript:x", false), ("data:image/jpeg\u{301};x", true), ("mailto:a@b.c", false),
        ]
        for (url, dangerous) in cases {
            #expect(URLSafety.isDangerous(url) == dangerous, "\(url)")
            #expect(URLSafety.isDangerous(url) == URLSafety.isDangerousScalars(url), "\(url)")
        }
    }
}

@Suite("Acceptance criteria text")
struct AcceptanceTextTests {
    @Test("a sentence's first capital is lowered unless the word is a name; the ASCII path answers as the character one")
    func lowercasedFirst() {
        let cases: [(String, String)] = [
            ("Focus moves", "focus moves"), ("VoiceOver says", "VoiceOver says"), ("iOS reads it", "iOS reads it"),
            ("A button", "a button"), ("X", "x"), ("  Spaced\nlines ", "spaced lines"), ("123 items", "123 items"),
            ("Ébauche visible", "ébauche visible"), ("ÉTAT", "ÉTAT"), ("Ae\u{301}rial", "ae\u{301}rial"), ("A\u{301}b", "a\u{301}b"), ("TalkBack reads", "TalkBack reads"),
            ("Ça Va", "ça Va"), ("ÇaVa", "ÇaVa"),
            ("", ""), ("Über alles", "über alles"), ("NVDA reads", "NVDA reads"),
        ]
        for (text, expected) in cases {
            #expect(AcceptanceCriteria.lowercasedFirst(text) == expected, "\(text)")
            let trimmed = text.trimmingWhitespace().replacingBytes("\n", with: " ")
            #expect(AcceptanceCriteria.lowercasedFirst(text) == AcceptanceCriteria.lowercasedFirstCharacter(trimmed), "\(text)")
        }
    }
}
