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
        let result = liquid.process("one\ntwo {% include note.html %} three", firstLine: 10, path: "Content/a.md")
        #expect(result.value == "one\ntwo {% include note.html %} three")
        #expect(result.diagnostics.map(\.description) == [
            "Content/a.md:11:5: warning: [liquid] unsupported tag `{% include note.html %}` is shown as text; replace it with Markdown or remove it"
        ])
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
