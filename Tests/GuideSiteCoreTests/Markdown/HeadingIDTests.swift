import Testing
@testable import GuideSiteCore

@Suite("Heading ids written in the heading")
struct HeadingIDTests {
    func headings(_ markdown: String) -> [Heading] {
        MarkdownRenderer(highlight: false).render(markdown, firstLine: 1, path: "a.md", title: .given("Page")).value.headings
    }

    @Test("kramdown's, attr_list's, Pandoc's and Docusaurus's `{#id}` name the heading and leave its text")
    func explicit() {
        let found = headings("## Keyboard {#keys}\n\n## Focus order {: #focus-order .wide}\n\n## Contrast { #contrast }\n\n## Code `x` and more {#code}\n")
        #expect(found.map(\.id) == ["keys", "focus-order", "contrast", "code"])
        #expect(found.map(\.text) == ["Keyboard", "Focus order", "Contrast", "Code x and more"])
        let html = MarkdownRenderer(highlight: false).render("## Keyboard {#keys}\n", firstLine: 1, path: "a.md", title: .given("Page")).value.html
        #expect(html.hasPrefix("<div class=\"heading\"><h2 id=\"keys\">Keyboard</h2>"))
    }

    @Test("an id asked for twice, or taken by a heading before, gets a number; braces that name no id are text")
    func others() {
        #expect(headings("## Keys\n\n## Other {#keys}\n").map(\.id) == ["keys", "keys-1"])
        #expect(headings("## Sets {a, b}\n\n## Style {.wide}\n").map(\.text) == ["Sets {a, b}", "Style {.wide}"])
        #expect(headings("## Bad {#two words here}\n").map(\.id) == ["bad-two-words-here"])
    }

    @Test("ids by the generator's rules: Python-Markdown's toc (MkDocs) and github-slugger (Docusaurus, VitePress, Starlight)")
    func generatorStyles() {
        func ids(_ texts: [String], _ style: HeadingIDGenerator.Style) -> [String] {
            var generator = HeadingIDGenerator()
            generator.style = style
            return texts.map { generator.id(for: $0) }
        }
        let texts = ["Keyboard & focus", "snake_case keys", "Über uns", "Step 1: Open", "Notes", "Notes"]
        #expect(ids(texts, .guidesite) == ["keyboard-focus", "snake-case-keys", "über-uns", "step-1-open", "notes", "notes-1"])
        #expect(ids(texts, .pythonMarkdown) == ["keyboard-focus", "snake_case-keys", "uber-uns", "step-1-open", "notes", "notes_1"])
        #expect(ids(texts, .github) == ["keyboard--focus", "snake_case-keys", "über-uns", "step-1-open", "notes", "notes-1"])
    }
}
