import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Liquid tags")
struct LiquidPreprocessorTests {
    let liquid = LiquidPreprocessor()

    @Test("highlight blocks become fenced code in their language, lines kept in place")
    func highlight() {
        let input = "Intro\n{% highlight kotlin %}\nval x = 1\n{% endhighlight %}\nAfter"
        let result = liquid.process(input, firstLine: 5, path: "a.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.value == "Intro\n```kotlin\nval x = 1\n```\nAfter")
    }

    @Test("an endhighlight followed by kramdown's attribute list closes the block: the code stays code, the heading after it a heading")
    func highlightWithAttributes() {
        let input = "{% highlight html %}\n<button>Save</button>\n{% endhighlight %}{: .demo}\n## After"
        let result = liquid.process(input, firstLine: 1, path: "a.md")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.value == "```html\n<button>Save</button>\n```\n## After")
    }

    @Test("tags written over several lines are read as one, later lines keeping their numbers; code keeps its braces")
    func spannedTags() {
        let input = "{% assign name =\n  \"Save\" %}\nButton {{\n  name\n}} here.\n```\n{{ open\n}}\n```\nSee `{{` in text.\n}} stays."
        let result = liquid.process(input, firstLine: 1, path: "a.md")
        let lines = result.value.components(separatedBy: "\n")
        #expect(lines.count == 11, "\(result.value)")
        #expect(lines[2] == "Button Save here." && lines[3].isEmpty && lines[4].isEmpty, "\(lines)")
        #expect(lines[6...8] == ["{{ open", "}}", "```"] && lines[9] == "See `{{` in text.", "\(lines)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("a highlight block holding backtick fences gets a longer fence")
    func longerFence() {
        let result = liquid.process("{% highlight md %}\n```\ncode\n```\n{% endhighlight %}", firstLine: 1, path: "a.md")
        #expect(result.value.hasPrefix("````md\n"))
        #expect(result.value.hasSuffix("\n````"))
    }

    @Test("raw and endraw disappear, keeping the text between without warnings")
    func raw() {
        let result = liquid.process("Use {% raw %}{{ value }} and {% if %}{% endraw %} here", firstLine: 1, path: "a.md")
        #expect(result.value == "Use {{ value }} and {% if %} here")
        #expect(result.diagnostics.isEmpty)
    }

    @Test("a tag that cannot run is left out of the page, never shown, with a warning naming it, its engine, line and column; a macro's definition is kept for calls, not shown")
    func unsupported() {
        let result = liquid.process("one\ntwo {% cycle 'a', 'b' %} three {% macro card(x) %}<p>{{ x }}</p>{% endmacro %}end", firstLine: 10, path: "Content/a.md")
        #expect(result.value == "one\ntwo  three end")
        #expect(result.diagnostics.map(\.description) == [
            "Content/a.md:11:5: warning: [liquid] `{% cycle 'a', 'b' %}` is a Liquid tag that a static build cannot run; it is left out of the page (replace it with Markdown, or remove it)",
        ])
    }

    @Test("output tags read the page, site.yml and what the page assigned, through the filters libraries use", arguments: [
        ("{{ page.author | upcase }}", "ANA"),
        ("{{ author }}", "Ana"),
        ("{{ site.title }}", "Guide"),
        ("{{ page.nothing | default: \"none\" }}", "none"),
        ("{{ page.tags | join: \", \" }}", "a, b"),
        ("{{ page.tags | size }}", "2"),
        ("{{ page.tags | first }}", "a"),
        ("{{ \"Wheel Picker\" | slugify }}", "wheel-picker"),
        ("{{ page.html | escape }}", "&lt;b&gt;"),
        ("{% assign who = \"Bo\" %}{{ who }}", "Bo"),
        ("{% set who = page.author | downcase %}{{ who }}", "ana"),
        ("{# a Nunjucks comment #}kept", "kept"),
        ("a{% comment %} hidden {% endcomment %}b", "ab"),
    ])
    func evaluated(input: String, expected: String) {
        let page = [FrontEntry(key: "author", value: .text("Ana"), line: 2, column: 1),
                    FrontEntry(key: "tags", value: .list([.text("a"), .text("b")]), line: 3, column: 1),
                    FrontEntry(key: "html", value: .text("<b>"), line: 4, column: 1)]
        let result = LiquidPreprocessor(page: page, site: [FrontEntry(key: "title", value: .text("Guide"), line: 1, column: 1)])
            .process(input, firstLine: 1, path: "a.md")
        #expect(result.value == expected)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("conditions read the page's values: if, elsif, elif, else, unless, not, ==, !=, contains, and, or, parentheses", arguments: [
        ("{% if page.author %}by {{ author }}{% endif %}", "by Ana"),
        ("{% if showVisited %}visited{% endif %}after", "after"),
        ("{% if level == \"AA\" %}double{% elsif level == \"A\" %}single{% else %}none{% endif %}", "double"),
        ("{% if level == \"AAA\" %}triple{% elif level == \"AA\" %}double{% else %}none{% endif %}", "double"),
        ("{% if missing %}a{% else %}b{% endif %}", "b"),
        ("{% unless draft %}published{% endunless %}", "published"),
        ("{% if not draft and tags contains \"a\" %}tagged{% endif %}", "tagged"),
        ("{% if draft or level != \"AA\" %}x{% else %}y{% endif %}", "y"),
        ("{% if missing %}{% include \"gone.html\" %}{% assign x = 1 %}{% endif %}done", "done"),
        ("{% if page.author %}{% if missing %}no{% else %}yes{% endif %}{% endif %}", "yes"),
        // Grouped as written (Liquid alone would read `draft or level == "AA"` first, from the right).
        ("{% if (draft or level == \"AA\") and missing %}x{% else %}y{% endif %}", "y"),
        ("{% if (missing and draft) or (tags contains \"b\") %}x{% else %}y{% endif %}", "x"),
        ("{% if not (draft or missing) %}x{% endif %}", "x"),
    ])
    func conditions(input: String, expected: String) {
        let page = [FrontEntry(key: "author", value: .text("Ana"), line: 2, column: 1),
                    FrontEntry(key: "level", value: .text("AA"), line: 3, column: 1),
                    FrontEntry(key: "draft", value: .bool(false), line: 4, column: 1),
                    FrontEntry(key: "tags", value: .list([.text("a"), .text("b")]), line: 5, column: 1)]
        let result = LiquidPreprocessor(page: page).process(input, firstLine: 1, path: "a.md")
        #expect(result.value == expected)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("a condition this build cannot read keeps its text, leaving the tags out with a warning; hidden lines stay in place")
    func unreadCondition() {
        let result = liquid.process("{% if items.size > 2 %}many{% endif %}\n{% if nope %}\nhidden\n{% endif %}\nlast", firstLine: 1, path: "a.md")
        #expect(result.value == "many\n\n\n\nlast")
        #expect(result.diagnostics.map { "\($0.line):\($0.column)" } == ["1:1", "1:28"])
    }

    @Test("a Nunjucks macro that renders an example from outside the library becomes a note naming the example")
    func macroExample() {
        let input = "{% from \"macros/demo.njk\" import demo %}\n{{ demo({ item: \"button\", variant: \"default\" }) }}\n{% call demo({ item: \"link\" }) %}\nBody\n{% endcall %}\nAfter"
        let result = liquid.process(input, firstLine: 5, path: "a.md")
        #expect(result.value == "\n> **Example not shown:** button, default\n> **Example not shown:** link\n\n\nAfter")
        #expect(result.diagnostics.map { "\($0.line):\($0.column)" } == ["5:1", "6:1", "7:1"])
        #expect(result.diagnostics[1].message.contains("the Nunjucks macro `demo` renders an example this build does not have"))
    }

    @Test("Jekyll's URL tags become root-relative paths the link stage completes", arguments: [
        ("[a]({{ site.baseurl }}/native/picker/)", "[a](/native/picker/)"),
        ("[a]({{site.baseurl}}/web/)", "[a](/web/)"),
        ("[a]({{ \"/native/picker/\" | relative_url }})", "[a](/native/picker/)"),
        ("![x]({{ '/img/a.png' | relative_url }})", "![x](/img/a.png)"),
        ("[a]({% link _checklist-web/button.md %})", "[a](/_checklist-web/button.md)"),
    ])
    func urlTags(input: String, expected: String) {
        let result = liquid.process(input, firstLine: 1, path: "a.md")
        #expect(result.value == expected)
        #expect(result.diagnostics.isEmpty)
    }

    @Test("an output tag that cannot be evaluated is left out with a warning")
    func outputTags() {
        let result = liquid.process("Hi {{ page.author }}", firstLine: 3, path: "a.md")
        #expect(result.value == "Hi ")
        #expect(result.diagnostics.first?.description == "a.md:3:4: warning: [liquid] the output tag `{{ page.author }}` cannot be evaluated: `page.author` is not set by the page, site.yml, a data file or the include; it is left out of the page (write the value, or remove the tag)")
    }

    @Test("Kramdown attribute lists leave the text: a block's as a marker the rendered HTML takes back, a span's and toc's removed")
    func kramdown() {
        let result = liquid.process("Intro\n{: .note}\n## Heading {: #custom}\n{:toc}", firstLine: 1, path: "a.md")
        #expect(result.value == "Intro\u{E000}p note\u{E002}\u{E001}\n\n## Heading\n")
        #expect(KramdownAttributes.stripped(result.value) == "Intro\n\n## Heading\n")
    }

    @Test("includes come in as an HTML code sample, or as raw HTML with unsafe-html; a missing one is a warning")
    func includes() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "guidesite-includes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<p class=\"note\">Shared note</p>\n".utf8).write(to: folder.appending(path: "note.html"))
        let escaped = LiquidPreprocessor(includes: folder).process("{% include note.html %}", firstLine: 1, path: "a.md")
        #expect(escaped.value == "```html\n<p class=\"note\">Shared note</p>\n```")
        let raw = LiquidPreprocessor(includes: folder, unsafeHTML: true).process("{% include note.html %}", firstLine: 1, path: "a.md")
        #expect(raw.value == "<p class=\"note\">Shared note</p>")
        let missing = LiquidPreprocessor(includes: folder).process("Before {% include gone.html %} after", firstLine: 3, path: "a.md")
        #expect(missing.value == "Before  after")
        #expect(missing.diagnostics.map { "\($0.path):\($0.line):\($0.column)" } == ["a.md:3:8"])
        #expect(missing.diagnostics.first?.message.contains("include `gone.html` was not found") == true)
    }

    @Test("an include written with a leading slash is found in the includes folder, as Jekyll finds it", arguments: [
        "{% include /examples/input-text.html %}", "{% include //examples/input-text.html %}", "{% include examples/input-text.html %}",
        "{%- include \"/examples/input-text.html\" -%}",
    ])
    func leadingSlash(tag: String) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "guidesite-includes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "examples"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<input id=\"name\">\n".utf8).write(to: folder.appending(path: "examples/input-text.html"))
        let result = LiquidPreprocessor(includes: folder, unsafeHTML: true).process(tag, firstLine: 1, path: "a.md")
        #expect(result.value == "<input id=\"name\">")
        #expect(result.diagnostics.isEmpty)
    }

    @Test("an include may not climb out of the includes folder")
    func climbing() {
        let result = LiquidPreprocessor(includes: URL(fileURLWithPath: "/tmp/none")).process("{% include /../site.yml %}", firstLine: 1, path: "a.md")
        #expect(result.value.isEmpty)
        #expect(result.diagnostics.count == 1)
    }

    @Test("tags inside fenced code are code, not Liquid")
    func insideFence() {
        let input = "```jinja\n{% for x in y %}\n```"
        let result = liquid.process(input, firstLine: 1, path: "a.md")
        #expect(result.value == input)
        #expect(result.diagnostics.isEmpty)
    }

    @Test("an unclosed highlight is a warning, not a crash")
    func unclosedHighlight() {
        let result = liquid.process("{% highlight swift %}\nlet a = 1", firstLine: 1, path: "a.md")
        #expect(result.diagnostics.first?.message.contains("never closed") == true)
    }
}
