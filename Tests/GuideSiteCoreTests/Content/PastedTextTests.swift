import Testing
@testable import GuideSiteCore

@Suite("Text pasted from a rich-text editor")
struct PastedTextTests {
    /// A fixture in the shape of a page copied out of a word processor: a platform name first,
    /// short lines above each part, `•` bullets nested by indentation, and indented code.
    static let pasted = """
        iOS

        Developer notes

          • A stepper changes a number by one step.
          • Keep both buttons.

        Name

          • The name says what is counted.
            • Note: match the visible label.
              • Deeper still.
          • UIKit
            • Set accessibilityLabel.
            override func accessibilityIncrement() {
                value += 1
            }

        Android

        Role

          • Use a Slider with steps.
        Keys
        tab  To focus
        space  To change
        """

    @Test("bullets nest by indentation, short lines become headings, code becomes a code block")
    func convert() {
        let markdown = PastedTextConverter().convert(Self.pasted)
        #expect(markdown == """
            ## iOS

            ### Developer notes

            - A stepper changes a number by one step.
            - Keep both buttons.

            ### Name

            - The name says what is counted.
              - Note: match the visible label.
                - Deeper still.
            - UIKit
              - Set accessibilityLabel.
                ```
                override func accessibilityIncrement() {
                    value += 1
                }
                ```

            ## Android

            ### Role

            - Use a Slider with steps.
            Keys\\
            tab  To focus\\
            space  To change
            """)
    }

    @Test("a pasted file builds with a heading outline, nested lists, a title from its file name, and is counted")
    func build() throws {
        let site = try TestSite(["Content/native/stepper.md": Self.pasted, "Content/native/plain.md": "Just text.\n"])
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0 && result.warningCount == 0, "\(result.printed)")
        #expect(result.pastedText == 1)
        let html = try site.html("native/stepper/index.html")
        #expect(html.contains("<h1 id=\"page-title\">Stepper</h1>"))
        #expect(html.contains("<h2 id=\"ios\">iOS</h2>"))
        #expect(html.contains("<h3 id=\"name\">Name</h3>"))
        #expect(html.contains("<li>Note: match the visible label.\n<ul>\n<li>Deeper still.</li>"))
        #expect(html.contains("<code>override func accessibilityIncrement() {\n    value += 1\n}\n</code>"))
    }

    @Test("a first line that is not a platform becomes the title", arguments: [
        ("Picker / Spinner\n\nName\n\n  • One\n  • Two\n", "# Picker / Spinner"),
        ("Android\n\nName\n\n  • One\n  • Two\n", "## Android"),
    ])
    func firstLine(text: String, expected: String) {
        #expect(PastedTextConverter().convert(text).hasPrefix(expected))
    }
}
