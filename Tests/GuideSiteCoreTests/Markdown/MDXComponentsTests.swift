import Testing
@testable import GuideSiteCore

@Suite("MDX components of Docusaurus and Starlight")
struct MDXComponentsTests {
    /// `markdown` of `path` read as a page body is: components, tabs, admonitions, then rendered.
    func html(_ markdown: String, path: String = "a.mdx") -> (html: String, diagnostics: [Diagnostic]) {
        let mdx = MDXComponents.process(markdown, firstLine: 1, path: path)
        let carried = Admonitions.process(ContentTabs.process(mdx.value), firstLine: 1, path: path)
        let rendered = MarkdownRenderer(unsafeHTML: true, highlight: false).render(carried.value, firstLine: 1, path: path, title: .given("Page"))
        return (rendered.value.html, mdx.diagnostics + carried.diagnostics + rendered.diagnostics)
    }

    @Test("known components become the theme's: Admonition and Aside callouts, Details folded, CodeBlock code, Card titles")
    func known() {
        let source = """
            import Admonition from '@theme/Admonition';

            <Admonition type="tip" title="Keyboard first">
            Press **Tab**.
            </Admonition>

            <Aside type="caution">Check the contrast.</Aside>

            <Details summary="Show the code">
            Hidden.
            </Details>

            <CodeBlock language="swift">
            let picker = UIPickerView()
            </CodeBlock>

            <Card title="Focus">
            Visible at all times.
            </Card>
            """
        #expect(source.split(separator: "\n", omittingEmptySubsequences: false).count
            == MDXComponents.process(source, firstLine: 1, path: "a.mdx").value.split(separator: "\n", omittingEmptySubsequences: false).count)
        let page = html(source)
        #expect(page.html.contains("<aside class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-label\">Tip: Keyboard first</p>\n<p>Press <strong>Tab</strong>.</p>\n</aside>"), "\(page.html)")
        #expect(page.html.contains("<details class=\"callout callout-note\">\n<summary class=\"callout-label\">Note: Show the code</summary>"), "\(page.html)")
        #expect(page.html.contains("<code class=\"language-swift\">let picker = UIPickerView()"), "\(page.html)")
        #expect(page.html.contains("<p><strong>Focus</strong><br />\nVisible at all times.</p>"), "\(page.html)")
        #expect(page.html.contains("<p>Check the contrast.</p>") && !page.diagnostics.contains { $0.category == "mdx-component" }, "\(page)")
        #expect(!page.html.contains("Admonition") && !page.html.contains("<Card") && !page.html.contains("import"), "\(page.html)")
    }

    @Test("Starlight's and VitePress's components whose text is in attributes show it: Badge its text, LinkCard a link")
    func attributeText() {
        let page = html("""
            A switch <Badge text="WCAG 4.1.2" variant="note" /> has a role.

            <LinkCard title="The switch" href="/components/switch/" description="Built first." />
            """)
        #expect(page.html.contains("<p>A switch WCAG 4.1.2 has a role.</p>"), "\(page.html)")
        #expect(page.html.contains("<a href=\"/components/switch/\">The switch</a>: Built first."), "\(page.html)")
        #expect(page.diagnostics.isEmpty, "\(page.diagnostics)")
    }

    @Test("an unknown component is left out with its content, one warning per name with a count; JSX expressions never reach Liquid")
    func unknown() {
        let page = html("<Highlight color=\"#25c2a0\">Docusaurus green</Highlight> and <Highlight>again</Highlight>.\n\n<Figure src=\"a.png\" />\n\n<div style={{color: 'blue'}}>Blue</div>\n")
        #expect(page.html.contains("<p>Docusaurus green and again.</p>") && page.html.contains("<div>Blue</div>"), "\(page.html)")
        let warnings = page.diagnostics.filter { $0.category == "mdx-component" }.map(\.message)
        #expect(warnings.count == 2 && warnings[0].contains("`<Figure>`") && warnings[1].contains("`<Highlight>`") && warnings[1].contains("2 places"), "\(warnings)")
    }

    @Test("a Markdown page that imports nothing is not MDX: its text is left alone")
    func plainMarkdown() {
        let source = "Use the <Button> component.\n\n<Admonition type=\"tip\">\nText.\n</Admonition>\n"
        #expect(MDXComponents.process(source, firstLine: 1, path: "a.md").value == source)
    }

    @Test("MDX comments are left out, on one line or several, line for line; in code they are code")
    func comments() {
        let source = "Before {/* hidden */} after.\n\n{/*\nTwo lines\nof comment. */}\nKept.\n\n`{/* shown */}`\n\n```js\n{/* code */}\n```\n"
        let carried = MDXComponents.process(source, firstLine: 1, path: "a.mdx").value
        #expect(carried == "Before  after.\n\n\n\n\nKept.\n\n`{/* shown */}`\n\n```js\n{/* code */}\n```\n", "\(carried)")
        #expect(MDXComponents.process("{/* Markdown, not MDX */}\n", firstLine: 1, path: "a.md").value == "{/* Markdown, not MDX */}\n")
    }

    @Test("VitePress's Vue interpolations outside code are left out, one warning counting them at the first; in code they are code")
    func interpolations() {
        let source = "Seen {{ count }} times by {{ $frontmatter.author }}.\n\n`{{ kept }}`\n\n```vue\n{{ code }}\n```\n\nAgain {{ count }}.\n"
        let carried = MDXComponents.process(source, firstLine: 3, path: "a.md", components: true, interpolates: true)
        #expect(carried.value == "Seen  times by .\n\n`{{ kept }}`\n\n```vue\n{{ code }}\n```\n\nAgain .\n", "\(carried.value)")
        #expect(carried.diagnostics.count == 1 && carried.diagnostics[0].line == 3, "\(carried.diagnostics)")
        #expect(carried.diagnostics.first?.message.hasPrefix("`{{ count }}` is a Vue interpolation (3 in this file)") == true)
        #expect(MDXComponents.process(source, firstLine: 1, path: "a.md", components: true).value == source, "Docusaurus and Starlight: not Vue")
    }

    @Test("VitePress's Vue directives in HTML tags are left out, the elements kept, one warning counting them; in code they are code")
    func directives() {
        let source = "<button type=\"button\" @click=\"count++\" :disabled='busy'>Add</button> <p v-if=\"shown\">Shown</p>\n\n`<b @click=\"x\">`\n"
        let carried = MDXComponents.process(source, firstLine: 2, path: "a.md", components: true, interpolates: true)
        #expect(carried.value == "<button type=\"button\">Add</button> <p>Shown</p>\n\n`<b @click=\"x\">`\n", "\(carried.value)")
        #expect(carried.diagnostics.map(\.line) == [2], "\(carried.diagnostics)")
        #expect(carried.diagnostics.first?.message.hasPrefix("`@click` is a Vue directive (3 in this file)") == true, "\(carried.diagnostics)")
    }
}
