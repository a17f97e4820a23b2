import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Liquid loops, includes with parameters, and filters over lists")
struct LiquidBlocksTests {
    /// An includes folder holding the files, removed when the test ends.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "liquid-\(UUID().uuidString)", directoryHint: .isDirectory)
        for (name, text) in files {
            let url = folder.appending(path: name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    static let components: FrontValue = .list([
        .map([FrontEntry(key: "name", value: .text("Button"), line: 1, column: 1), FrontEntry(key: "status", value: .text("ready"), line: 1, column: 1)]),
        .map([FrontEntry(key: "name", value: .text("Carousel"), line: 1, column: 1), FrontEntry(key: "status", value: .text("draft"), line: 1, column: 1)]),
        .map([FrontEntry(key: "name", value: .text("Dialog"), line: 1, column: 1), FrontEntry(key: "status", value: .text("ready"), line: 1, column: 1)]),
    ])

    var liquid: LiquidPreprocessor {
        LiquidPreprocessor(page: [FrontEntry(key: "steps", value: .list([.text("Tab"), .text("Enter"), .text("Escape")]), line: 2, column: 1),
                                  FrontEntry(key: "date", value: .text("2024-05-01"), line: 3, column: 1)],
                           data: [FrontEntry(key: "components", value: Self.components, line: 1, column: 1)])
    }

    @Test("for over a front matter list and over a data file, with limit:, offset:, reversed, forloop and whitespace control", arguments: [
        ("{% for key in page.steps %}\n1. Press {{ key }}\n{% endfor %}", "\n1. Press Tab\n\n1. Press Enter\n\n1. Press Escape\n\n\n"),
        ("{% for key in page.steps limit:2 -%}\n- {{ key }}\n{%- endfor %}", "- Tab- Enter\n\n"),
        ("{% for key in page.steps offset:1 %}{{ forloop.index }}. {{ key }} {% endfor %}", "1. Enter 2. Escape "),
        ("{% for key in page.steps reversed %}{{ key }}{% unless forloop.last %}, {% endunless %}{% endfor %}", "Escape, Enter, Tab"),
        ("{% for c in site.data.components %}{{ c.name }};{% endfor %}", "Button;Carousel;Dialog;"),
        ("{% for n in (1..3) %}{{ n }}{% endfor %} done", "123 done"),
        ("{% for c in components | where(\"status\", \"ready\") %}{{ loop.index }}:{{ c.name }} {% endfor %}", "1:Button 2:Dialog "),
    ])
    func loops(input: String, expected: String) {
        let result = liquid.process(input, firstLine: 1, path: "a.md")
        #expect(result.value == expected)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("a loop keeps the lines after it where they were, and one never closed is a warning")
    func loopLines() {
        let result = liquid.process("A\n{% for key in page.steps %}\n{{ key }}\n{% endfor %}\nB", firstLine: 1, path: "a.md")
        #expect(result.value.hasSuffix("\n\n\nB"))
        #expect(result.value.components(separatedBy: "\n").count >= 5)
        let open = liquid.process("{% for key in page.steps %}\n{{ key }}", firstLine: 4, path: "a.md")
        #expect(open.diagnostics.map(\.description).first?.contains("a.md:4:1: warning: [liquid] `{% for key in page.steps %}` is never closed") == true)
        #expect(!open.value.contains("{%"))
    }

    @Test("loops that would run a million times, or over a huge range, stop at the page's budget with a warning")
    func loopBudget() {
        let nested = liquid.process("{% for a in (1..1000) %}{% for b in (1..1000) %}x{% endfor %}{% endfor %}", firstLine: 1, path: "a.md")
        #expect(nested.value.count <= LiquidPreprocessor.maximumPasses)
        #expect(nested.diagnostics.contains { $0.message.contains("loops run more than 10000 times") })
        let huge = liquid.process("{% for n in (1..100000000) %}{% endfor %}done", firstLine: 1, path: "a.md")
        #expect(huge.value == "done")
    }

    @Test("filters over lists and dates: where, map, sort, join, size, date", arguments: [
        ("{{ site.data.components | where: \"status\", \"ready\" | map: \"name\" | join: \", \" }}", "Button, Dialog"),
        ("{{ site.data.components | where: \"status\", \"draft\" | size }}", "1"),
        ("{{ page.steps | sort | first }}", "Enter"),
        ("{{ page.date | date: \"%B %-d, %Y\" }}", "May 1, 2024"),
        ("{{ page.date | date: \"%d %b %Y\" }}", "01 May 2024"),
        ("{{ page.date | date_to_long_string }}", "01 May 2024"),
        ("{{ \"Wheel picker\" | append: \" guide\" | replace: \"picker\", \"selector\" }}", "Wheel selector guide"),
    ])
    func filters(input: String, expected: String) {
        let result = liquid.process(input, firstLine: 1, path: "a.md")
        #expect(result.value == expected)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("include parameters as include.NAME, tags inside includes run, includes nest, include_cached is include")
    func includeParameters() throws {
        let folder = try Self.folder([
            "callout.html": "<aside class=\"callout callout-{{ include.type }}\">{% if include.title %}<strong>{{ include.title }}</strong>{% endif %}</aside>",
            "figure.html": "<figure>{% include caption.html text=include.caption %}</figure>",
            "caption.html": "<figcaption>{{ include.text | upcase }}</figcaption>",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var liquid = LiquidPreprocessor(includes: folder, unsafeHTML: true, page: [FrontEntry(key: "title", value: .text("Switch"), line: 2, column: 1)])
        liquid.includesDisplay = "_includes"
        let result = liquid.process("""
            {% include callout.html type="warning" title=page.title %}
            {% include_cached callout.html type='note' %}
            {% include figure.html caption="a switch, on" %}
            """, firstLine: 1, path: "a.md")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.value == """
            <aside class="callout callout-warning"><strong>Switch</strong></aside>
            <aside class="callout callout-note"></aside>
            <figure><figcaption>A SWITCH, ON</figcaption></figure>
            """)
    }

    @Test("an include that includes itself with the same values stops at once, with one error; with others it nests; include_relative reads beside the page")
    func recursionAndRelative() throws {
        let folder = try Self.folder(["loop.html": "x{% include loop.html %}", "twice.html": "y{% include twice.html %}{% include twice.html %}",
                                      "tree.html": "{{ include.n }}{% if include.n == \"1\" %}{% include tree.html n=\"2\" %}{% endif %}",
                                      "page/example.html": "<button>Save</button>\n", "page/a.md": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        var liquid = LiquidPreprocessor(includes: folder, unsafeHTML: true)
        liquid.pagePath = folder.appending(path: "page/a.md").path
        let looping = liquid.process("{% include loop.html %}", firstLine: 1, path: "a.md")
        #expect(looping.value == "x")
        #expect(looping.diagnostics.map(\.message) == ["`loop.html` includes itself with the same values, which would never end; "
            + "remove the include of itself, or give it other values"])
        #expect(looping.diagnostics.map(\.severity) == [.error])
        // (Before: 2^11 copies, 12 levels deep.)
        #expect(liquid.process("{% include twice.html %}", firstLine: 1, path: "a.md").value == "y")
        #expect(liquid.process("{% include tree.html n=\"1\" %}", firstLine: 1, path: "a.md").value == "12")
        let relative = liquid.process("{% include_relative example.html %}\n{% include_relative ../loop.html %}", firstLine: 1, path: "a.md")
        #expect(relative.value.hasPrefix("<button>Save</button>\n"))
        #expect(relative.diagnostics.map(\.message).first?.contains("include_relative `../loop.html` was not found beside the page") == true)
    }

    @Test("an include inside a highlight block is the code sample's code, as Jekyll shows it")
    func includeInHighlight() throws {
        let folder = try Self.folder(["examples/toggle.html": "<button aria-pressed=\"false\">Mute</button>\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let liquid = LiquidPreprocessor(includes: folder, unsafeHTML: true)
        let result = liquid.process("Code:\n{% highlight html %}\n{% include examples/toggle.html %}\n{% endhighlight %}\nAfter", firstLine: 1, path: "a.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.value == "Code:\n```html\n<button aria-pressed=\"false\">Mute</button>\n```\n\n\nAfter")
    }
}

@Suite("Nunjucks macros from the includes folder, call blocks, captures")
struct LiquidMacroTests {
    @Test("a macro imported from the includes folder runs with its arguments (an object, positional, named, defaults); call's body is caller()")
    func imported() throws {
        let folder = try LiquidBlocksTests.folder([
            "_includes/macros/ui.njk": """
                {% macro badge(text, tone="info") -%}
                <span class="badge badge-{{ tone }}">{{ text }}</span>
                {%- endmacro %}
                {% macro panel(options) %}
                <section class="panel" aria-label="{{ options.label }}">{{ caller() }}</section>
                {% endmacro %}
                """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var liquid = LiquidPreprocessor(includes: folder.appending(path: "_includes"), unsafeHTML: true)
        liquid.publishedFolders = [folder]
        let result = liquid.process("""
            {% from "macros/ui.njk" import badge, panel as box %}
            {% import "macros/ui.njk" as ui %}
            Status: {{ badge("Ready") }} {{ ui.badge("Draft", tone="warning") }}
            {% call box({ label: "Keyboard" }) %}
            Press **Tab**.
            {% endcall %}
            """, firstLine: 1, path: "a.md")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.value.contains("Status: <span class=\"badge badge-info\">Ready</span> <span class=\"badge badge-warning\">Draft</span>"))
        #expect(result.value.contains("<section class=\"panel\" aria-label=\"Keyboard\">\nPress **Tab**.\n</section>"))
        #expect(!result.value.contains("{%") && !result.value.contains("{{"))
    }

    @Test("a macro whose example page is not in the library becomes a note, linked to the example's source when the library has it")
    func exampleNotInLibrary() throws {
        let folder = try LiquidBlocksTests.folder([
            "_includes/macros/demo.njk": "{% macro demo(options) %}\n<iframe src=\"/examples/{{ options.item }}/{{ options.variant }}.html\" title=\"{{ options.item }} example\"></iframe>\n{% endmacro %}\n",
            "examples/button/default.njk": "<button>Save</button>\n",
            "examples/link/default.html": "<a href=\"/\">Home</a>\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var liquid = LiquidPreprocessor(includes: folder.appending(path: "_includes"), unsafeHTML: true)
        liquid.publishedFolders = [folder]
        let result = liquid.process("""
            {% from "macros/demo.njk" import demo %}
            {{ demo({ item: "button", variant: "default" }) }}

            {{ demo({ item: "link", variant: "default" }) }}

            {{ demo({ item: "menu", variant: "open" }) }}
            """, firstLine: 1, path: "a.md")
        let lines = result.value.components(separatedBy: "\n")
        #expect(lines[1] == "> **Example not shown:** button, default ([source](/examples/button/default.njk))")
        #expect(result.value.contains("<iframe src=\"/examples/link/default.html\" title=\"link example\"></iframe>"))
        #expect(lines.last == "> **Example not shown:** menu, open")
        #expect(result.diagnostics.count == 2)
        #expect(result.diagnostics.first?.message.contains("renders `/examples/button/default.html`, which is not in the library") == true)
    }

    @Test("a macro defined in the page is called there; capture keeps its text for later tags; a file that is not there is one warning")
    func pageMacroAndCapture() {
        let liquid = LiquidPreprocessor(unsafeHTML: true, page: [FrontEntry(key: "title", value: .text("Slider"), line: 2, column: 1)])
        let result = liquid.process("""
            {% macro key(name) %}<kbd>{{ name }}</kbd>{% endmacro %}
            Press {{ key("Home") }} or {{ key("End") }}.
            {% capture heading %}How to test {{ page.title }}{% endcapture %}
            {{ heading | upcase }}
            {% from "missing.njk" import x %}
            """, firstLine: 1, path: "a.md")
        #expect(result.value.contains("Press <kbd>Home</kbd> or <kbd>End</kbd>."))
        #expect(result.value.contains("HOW TO TEST SLIDER"))
        #expect(result.diagnostics.map(\.message) == ["`{% from \"missing.njk\" import x %}` names a file that is not in the includes folder; its macros' examples become notes (add the file there to show them)"])
    }
}
