import Foundation
import Testing
@testable import GuideSiteCore

/// The fast renderer must write exactly what swift-mustache writes.
@Suite("Compiled templates equal swift-mustache")
struct CompiledTemplateTests {
    /// A theme using every construct the fast renderer handles.
    static let constructs: [String: String] = [
        "layouts/page.mustache": """
            {{<base}}
            {{$main}}
            <h1>{{page.title}}</h1>
            {{#flag}}flag on {{count}} {{ratio}}{{/flag}}{{^flag}}flag off{{/flag}}
            {{#missing}}never{{/missing}}{{^missing}}missing is falsey{{/missing}}
            {{#empty}}never{{/empty}}{{^empty}}an empty list is falsey{{/empty}}
            {{#blank}}an empty string is truthy: [{{.}}]{{/blank}}
            <ul>
              {{#items}}
              <li>{{name}} {{.name}} {{page.title}} {{#tags}}<i>{{.}}</i>{{/tags}}{{^tags}}no tags{{/tags}}</li>
              {{/items}}
            </ul>
            {{#page.params}}{{key}}={{value}};{{/page.params}}
            {{page.params.keyboard.tab}}
            {{#nested}}{{#inner}}{{deep.value}} {{title}}{{/inner}}{{/nested}}
              {{>indented}}
            {{{raw}}} {{&raw}} {{raw}}
            {{%CONTENT_TYPE:TEXT}}
            text type: {{raw}}
            {{! a comment }}
            {{=<% %>=}}
            <% page.title %>
            <%={{ }}=%>
            {{/main}}
            {{$aside}}overridden aside {{page.title}}{{/aside}}
            {{/base}}

            """,
        "partials/base.mustache": """
            <main>
            {{$main}}default main{{/main}}
            </main>
            <aside>{{$aside}}default aside{{/aside}}</aside>
            <footer>{{$footer}}default footer {{site.title}}{{/footer}}</footer>

            """,
        "partials/indented.mustache": """
            line one {{page.title}}
            {{#items}}
            item {{name}}
            {{/items}}
            last line

            """,
    ]

    static func context(title: String) -> [String: Any] {
        let params = OrderedMap(entries: [
            FrontEntry(key: "keyboard", value: .map([FrontEntry(key: "tab", value: .text("moves focus <next>"), line: 2, column: 3)]), line: 1, column: 1),
            FrontEntry(key: "draft", value: .bool(false), line: 3, column: 1),
            FrontEntry(key: "list", value: .list([.text("a"), .text("b")]), line: 4, column: 1),
        ])
        return [
            "site": ["title": "Guide & co"],
            "page": ["title": title, "params": params],
            "flag": true, "count": 3, "ratio": 0.5,
            "empty": [[String: Any]](), "blank": "",
            "items": [
                ["name": "Tab <b>", "tags": ["x", "y'"]],
                ["name": "Space \"bar\"", "tags": [String]()],
                ["name": "Esc", "page": ["title": "shadowed title"]],
            ],
            "nested": ["inner": ["deep": ["value": "deep value"]], "title": "nested title"],
            "raw": "<em>raw & \"quoted\"</em>",
        ]
    }

    func renderer(_ files: [String: String]) throws -> TemplateRenderer {
        var theme = Theme(files: [:], origins: [:])
        for (path, text) in files { theme.files[path] = Data(text.utf8) }
        let compiled = TemplateRenderer.compile(theme)
        #expect(compiled.diagnostics.isEmpty)
        return compiled.value
    }

    @Test("every construct: inheritance, partial indentation, sections, inverted sections, dotted names, content types, delimiters",
          arguments: ["Plain title", "<script>alert(1)</script>", "\" onmouseover=\"x", "quote\"\u{301} combining", ""])
    func constructs(title: String) throws {
        let renderer = try renderer(Self.constructs)
        #expect(renderer.compiled != nil, "the fast renderer refused a theme it should handle")
        let context = Self.context(title: title)
        let fast = try #require(renderer.render(context, layout: "page"))
        let reference = try #require(renderer.renderWithSwiftMustache(context, layout: "page"))
        #expect(fast == reference)
        if title.unicodeScalars.contains("\u{301}") {
            // A quote followed by a combining mark is one Character; escaping by bytes still
            // catches the quote (swift-mustache's own HTML type compares Characters and would not).
            let escaped = "<h1>quote&quot;\u{301} combining</h1>"
            #expect(fast.containsBytes(escaped))
        }
        #expect(fast.contains("\n  line one"), "the partial keeps the indentation of its tag")
        #expect(fast.contains("\n  item Tab"), "and its lines are indented")
        #expect(fast.contains("overridden aside"))
        #expect(fast.contains("default footer Guide &amp; co"))
        #expect(fast.contains("text type: <em>raw"))
    }

    @Test("a theme using transforms is rendered by swift-mustache, and still correctly")
    func fallback() throws {
        let renderer = try renderer(["layouts/page.mustache": "{{#reversed(items)}}{{name}},{{/reversed(items)}}"])
        #expect(renderer.compiled == nil)
        let context: [String: Any] = ["items": [["name": "a"], ["name": "b"]]]
        #expect(renderer.render(context, layout: "page") == "b,a,")
    }

    /// Templates whose whitespace, delimiters and tags are where the Mustache spec's corner cases
    /// are: standalone lines with CR LF, tags at the end without a newline, comments across
    /// lines, changed delimiters, indented partials and blocks.
    static let corpus: [String] = [
        "a{{x}}b\n", "  {{#s}}\n  in {{x}}\n  {{/s}}\n", "{{#s}}\r\n{{x}}\r\n{{/s}}\r\n", "{{^none}}\n\t no\n{{/none}}",
        "| {{! a comment\nacross lines }} |\n", "  {{! standalone }}\nafter\n", "{{=<% %>=}}\n<% x %> <%={{ }}=%>{{x}}\n",
        "  {{>p}}\n", "x {{>p}} y\n", "\t{{>p}}", "{{<base}}\n  {{$b}}\n    in b {{x}}\n  {{/b}}\n{{/base}}\n",
        "{{$b}}default {{x}}{{/b}}", "  {{$b}}\n  default\n  {{/b}}\n", "{{#list}}{{name}}{{^last}}, {{/last}}{{/list}}",
        "{{ x }} {{{ x }}} {{& x }}", "{{#s}}{{#list}}{{x}}-{{name}} {{/list}}{{/s}}", "{ {x} }{{x}}{", "{{x}}\n   ",
        "  \n  {{#s}}  \n{{/s}}", "{{%CONTENT_TYPE:TEXT}}\n{{x}}\n", "a\u{85}{{x}}\u{2028}b\r{{x}}",
    ]

    @Test("GuideSite's parser renders a corpus of corner cases as swift-mustache's does", arguments: corpus)
    func corpusCase(template: String) throws {
        try expectSameRendering(template)
    }

    @Test("and 400 templates made at random of text, whitespace and tags")
    func randomTemplates() throws {
        var random = RandomEditTests.Generator(state: 36)
        let pieces = ["a", " ", "  ", "\t", "\n", "\r\n", "{{x}}", "{{{x}}}", "{{&x}}", "{{! c }}", "  {{>p}}\n", "{{>p}}",
                      "{{=<% %>=}}<%x%><%={{ }}=%>", "<", "}}", "{"]
        var compared = 0
        for _ in 0..<400 {
            var template = ""
            func grow(_ depth: Int) {
                for _ in 0..<(1 + random.next(6)) {
                    switch random.next(10) {
                    case 0 where depth < 3:
                        let name = ["s", "list", "none"][random.next(3)]
                        let open = random.next(2) == 0 ? "#" : "^"
                        template += "{{\(open)\(name)}}" + (random.next(2) == 0 ? "\n" : "")
                        grow(depth + 1)
                        template += "{{/\(name)}}" + (random.next(2) == 0 ? "\n" : "")
                    case 1 where depth == 0:
                        template += "{{<base}}\n  {{$b}}\n"
                        grow(depth + 1)
                        template += "\n  {{/b}}\n{{/base}}"
                    default:
                        template += pieces[random.next(pieces.count)]
                    }
                }
            }
            grow(0)
            if try expectSameRendering(template) { compared += 1 }
        }
        #expect(compared > 300, "most generated templates parse")
    }

    @Test("the built-in templates cut, doubled and broken at random: read as swift-mustache reads them, or left to it")
    func mutatedTemplates() throws {
        var random = RandomEditTests.Generator(state: 7)
        let templates = DefaultTheme.files().filter { $0.key.hasSuffix(".mustache") }.sorted { $0.key < $1.key }.map { String(decoding: $0.value, as: UTF8.self) }
        let breaks = ["{", "}", "{{", "}}", "#", "^", "/", "\n", "\r\n", " ", "{{/", "{{=", "=}}", "{{!", "{{>", "{{<", "{{$", "{{&", "{{{", "{{%"]
        for round in 0..<300 {
            var characters = Array(templates[round % templates.count])
            for _ in 0..<(1 + random.next(4)) {
                let at = random.next(characters.count + 1)
                switch random.next(3) {
                case 0: characters.insert(contentsOf: breaks[random.next(breaks.count)], at: at)
                case 1: characters.removeSubrange(at..<min(characters.count, at + 1 + random.next(6)))
                default: characters.insert(contentsOf: characters[at..<min(characters.count, at + random.next(40))], at: at)
                }
            }
            try expectSameRendering(String(characters))
        }
    }

    @Test("tags keep their line and column; a template it cannot render is left to swift-mustache")
    func locations() throws {
        let template = try #require(MustacheParser.parse(FastHTMLContentType.pragma + "a\n  {{x}} {{#s}}\n{{>p}}{{/s}}", lineOffset: 1))
        guard case .variable(let path, _, let at) = template.nodes[3] else { Issue.record("\(template.nodes)"); return }
        #expect(path.name == "x" && at == .init(line: 2, column: 3))
        guard case .section(_, let inner, _, let section) = template.nodes[5] else { Issue.record("\(template.nodes)"); return }
        #expect(section == .init(line: 2, column: 9))
        guard case .partial(_, _, _, let partial) = inner.nodes[1] else { Issue.record("\(inner.nodes)"); return }
        #expect(partial == .init(line: 3, column: 1))
        for unsupported in ["{{upper(x)}}", "{{>*dynamic}}", "{{%CONTENT_TYPE:JSON}}", "{{#s}}", "{{x"] {
            #expect(MustacheParser.parse(unsupported) == nil, "\(unsupported)")
        }
    }

    /// Renders `template` as a layout (with a partial `p` and a parent `base`) both ways; false
    /// when swift-mustache does not parse it.
    @discardableResult
    func expectSameRendering(_ template: String) throws -> Bool {
        var theme = Theme(files: [:], origins: [:])
        theme.files["layouts/page.mustache"] = Data(template.utf8)
        theme.files["partials/p.mustache"] = Data("p1 {{x}}\n{{#list}}\n p {{name}}\n{{/list}}\np end\n".utf8)
        theme.files["partials/base.mustache"] = Data("<b>\n  {{$b}}\n  base default\n  {{/b}}\n</b>\n".utf8)
        let compiled = TemplateRenderer.compile(theme)
        guard compiled.diagnostics.isEmpty else { return false }
        #expect(compiled.value.compiled != nil, "GuideSite's parser refused \(template.debugDescription)")
        let context: [String: Any] = ["x": "<x&y>", "s": true, "list": [["name": "one"], ["name": "two", "last": true]]]
        let fast = compiled.value.render(context, layout: "page")
        let reference = compiled.value.renderWithSwiftMustache(context, layout: "page")
        #expect(fast == reference, "\(template.debugDescription)")
        return true
    }

    @Test("the built-in theme renders every page of a site exactly as swift-mustache does")
    func builtInTheme() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\nsections:\n  native: {title: Native}\n  web: {title: Web}\ncategories:\n  pickers: {title: Pickers}\n",
            "Content/index.md": "Welcome",
            "Content/native/picker.md": """
                ---
                title: Wheel <Picker>
                description: Spins "values"
                categories: [pickers, controls]
                wcag: [1.3.1, 2.1.1]
                keyboard:
                  tab: moves focus
                  arrow keys: change the value
                screenreader:
                  name: says its name
                ---
                ## iOS

                ### Name

                Text with a [link](../web/menu.md) and `code`.

                ```swift
                let a = 1
                ```

                | Key | Result |
                |-----|--------|
                | Tab | moves |
                """,
            "Content/web/menu.md": "---\ntitle: Menu\ncategories: [controls]\n---\n# Menu\n\n- [ ] a task\n",
            // The shapes of libraries written for other generators: criteria grouped by principle,
            // a value shown as written, an alias's redirect page, acceptance criteria under
            // headings, a live demo.
            "Content/web/link.md": """
                ---
                title: Link
                order: soon
                aliases: [/web/old-link/]
                wcag:
                  - name: Operable
                    list:
                      - criteria: Is keyboard operable
                ---
                ## Condensed

                1. Tab: focus moves to the link

                ## Gherkin

                GIVEN a keyboard

                ```html demo
                <a href="#">Go</a>
                ```
                """,
        ])
        defer { site.remove() }
        #expect(try renderer(Dictionary(uniqueKeysWithValues: DefaultTheme.files().map { ($0.key, String(decoding: $0.value, as: UTF8.self)) })).compiled != nil)
        #expect(site.build().outcome == .success)
        let fast = try site.snapshot()
        var request = BuildRequest(root: site.root)
        request.swiftMustacheOnly = true
        request.fresh = true
        let second = SiteBuilder().build(request)
        #expect(second.outcome == .success)
        #expect(!second.upToDate && second.pagesRendered == nil, "swift-mustache rendered every page")
        let reference = try site.snapshot()
        #expect(fast.count > 100)
        #expect(fast.keys.sorted() == reference.keys.sorted())
        for (path, data) in fast where reference[path] != data {
            Issue.record("\(path) differs from swift-mustache's rendering")
        }
    }
}
