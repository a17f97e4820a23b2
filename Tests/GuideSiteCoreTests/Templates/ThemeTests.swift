import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Accessible theme markup")
struct ThemeTests {
    static let entry = """
        ---
        title: Stepper
        keyboard:
          tab: |
            Focus moves to the minus button
          space: |
            The value goes down by one
        screenreader:
          name: |
            Says what is counted
        gherkin-mobile:
          - when: I double tap the plus button
            then: the value goes up by one
            result: the new value is announced
        ---
        ## iOS

        - [x] Label both buttons
        - [ ] Announce the value

        ![](stepper.png)

        ## Android

        Text.
        """

    func built() throws -> (TestSite, BuildResult) {
        let site = try TestSite(["Content/native/stepper.md": Self.entry, "Content/native/other.md": "# Other\n"])
        return (site, site.build())
    }

    @Test("task-list checkboxes are named by their item's text")
    func taskLabels() throws {
        let (site, _) = try built()
        defer { site.remove() }
        let html = try site.html("native/stepper/index.html")
        #expect(html.contains("<input type=\"checkbox\" aria-label=\"Label both buttons\" checked=\"\" disabled=\"\" />"))
        #expect(html.contains("<input type=\"checkbox\" aria-label=\"Announce the value\" disabled=\"\" />"))
    }

    @Test("an image without alt text is a warning with path and line")
    func imageAlt() throws {
        let (site, result) = try built()
        defer { site.remove() }
        #expect(result.printed.contains("Content/native/stepper.md:21:1: warning: [image-alt] image `stepper.png` has no alt text"))
    }

    @Test("How to test comes as tables and as copy-ready checklist and Gherkin text, with Copy buttons hidden until JavaScript runs")
    func acceptance() throws {
        let (site, _) = try built()
        defer { site.remove() }
        let html = try site.html("native/stepper/index.html")
        #expect(html.contains("<pre class=\"copy-text\" dir=\"auto\" id=\"checklist-text\""))
        #expect(html.contains("Keyboard\n- [ ] tab: Focus moves to the minus button\n- [ ] space: The value goes down by one\n\nScreen reader\n- [ ] name: Says what is counted"))
        // The Gherkin text is the entry's .feature file, valid Gherkin.
        #expect(html.contains(">Feature: Stepper\n\n  Scenario: Keyboard\n    Given I am using a keyboard\n    When I press tab\n    Then focus moves to the minus button\n    When I press space\n"))
        #expect(html.contains("  Scenario: Mobile\n    Given I am using a screen reader on a mobile device\n    When I double tap the plus button\n    Then the value goes up by one\n    And the new value is announced"))
        #expect(html.contains("  Scenario: Screen reader\n    Given I am using a screen reader\n    When focus reaches the stepper\n    Then its name: says what is counted"))
        let feature = try String(contentsOf: site.root.appending(path: "Output/native/stepper/stepper.feature"), encoding: .utf8)
        #expect(html.contains(feature.trimmingCharacters(in: .newlines)), "the page shows the file")
        #expect(html.contains("<a href=\"../../native/stepper/stepper.feature\" download=\"stepper.feature\">Gherkin file (stepper.feature)</a>"))
        #expect(html.contains("data-copy=\"checklist-text\" data-done=\"Checklist copied to the clipboard\" hidden>Copy checklist</button>"))
        #expect(html.contains("id=\"copy-status\" role=\"status\" aria-live=\"polite\""))
        #expect(html.contains("<script src=\"../../assets/site.js\" defer></script>"))
    }

    @Test("entries get a table of contents of their platform sections and previous/next links")
    func tocAndPager() throws {
        let (site, _) = try built()
        defer { site.remove() }
        let html = try site.html("native/stepper/index.html")
        #expect(html.contains("<nav class=\"toc\" aria-labelledby=\"contents\">"))
        #expect(html.contains("<li><a href=\"#ios\">iOS</a>"))
        #expect(html.contains("<li><a href=\"#android\">Android</a>"))
        #expect(html.contains("<nav class=\"pager\" aria-label=\"More in Native\">"))
        #expect(try site.html("native/other/index.html").contains("<span class=\"pager-label\">Next</span> Stepper"))
    }

    @Test("pages make no request outside the site: no external scripts, styles or fonts")
    func noExternalRequests() throws {
        let (site, _) = try built()
        defer { site.remove() }
        for page in ["index.html", "native/index.html", "native/stepper/index.html", "404.html"] {
            let html = try site.html(page)
            #expect(!html.contains("src=\"http"), "\(page)")
            #expect(!html.contains("<link rel=\"stylesheet\" href=\"http"), "\(page)")
        }
        let css = try site.html("assets/site.css")
        #expect(!css.contains("@import") && !css.contains("url("))
        #expect(css.contains(":focus-visible"))
        #expect(css.contains("@media (prefers-color-scheme: dark)"))
        #expect(css.contains("@media (forced-colors: active)"))
        #expect(css.contains("@media print"))
    }
}
