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

    @Test("other tags stay visible with a warning naming tag, line and column")
    func unsupported() {
        let result = liquid.process("one\ntwo {% assign x = 1 %} three", firstLine: 10, path: "Content/a.md")
        #expect(result.value == "one\ntwo {% assign x = 1 %} three")
        #expect(result.diagnostics.map(\.description) == [
            "Content/a.md:11:5: warning: [liquid] unsupported tag `{% assign x = 1 %}` is shown as text; replace it with Markdown or remove it"
        ])
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

    @Test("other output tags stay visible with a warning")
    func outputTags() {
        let result = liquid.process("Hi {{ page.author }}", firstLine: 3, path: "a.md")
        #expect(result.value == "Hi {{ page.author }}")
        #expect(result.diagnostics.first?.description.hasPrefix("a.md:3:4: warning: [liquid] unsupported output tag `{{ page.author }}`") == true)
    }

    @Test("Kramdown attribute lists are removed")
    func kramdown() {
        let result = liquid.process("Intro\n{: .note}\n## Heading {: #custom}\n{:toc}", firstLine: 1, path: "a.md")
        #expect(result.value == "Intro\n\n## Heading\n")
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
