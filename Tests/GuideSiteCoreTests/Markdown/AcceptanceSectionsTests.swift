import Foundation
import Testing
@testable import GuideSiteCore

/// Acceptance criteria kept under fixed headings.
@Suite("Acceptance sections")
struct AcceptanceSectionsTests {
    @Test("acceptance sections: lists become checklist items, sub-headings stay, platform lines are marked")
    func acceptanceSections() {
        let reader = AcceptanceSectionReader(headings: ["Condensed": .checklist, "Gherkin": .gherkin], platforms: ["iOS", "Android"])
        let markdown = """
        ## General Notes
        Text.
        ## Condensed:
        ### Keyboard
        1. **Tab**: focus moves to the [button](/web/button)
           - nested `detail`
        ### iOS
        - VoiceOver says "button"
        ## gherkin
        ```
        GIVEN a keyboard
        ## not a heading inside code
        ```
        ## Developer notes
        - not acceptance
        """
        let sections = reader.sections(in: markdown)
        #expect(sections.map(\.kind) == [.checklist, .gherkin])
        #expect(sections[0].text == "Keyboard\n- [ ] Tab: focus moves to the button\n  - [ ] nested detail\n\niOS\n- [ ] VoiceOver says \"button\"")
        #expect(sections[0].keeping(PlatformFilter(platforms: ["iOS", "Android"], keep: ["Android"])).text == "Keyboard\n- [ ] Tab: focus moves to the button\n  - [ ] nested detail")
        #expect(sections[1].text == "GIVEN a keyboard\n## not a heading inside code")
        #expect(reader.sections(in: "## Notes\n- item\n### Condensed\n- item").isEmpty)
    }

    @Test("site.yml renames the acceptance headings for a library that words them differently")
    func renamedHeadings() throws {
        let site = try TestSite([
            "site.yml": "acceptance-headings:\n  checklist: [Test steps]\n",
            "Content/web/button.md": "## Test steps\n\n- Tab reaches it\n\n## Condensed\n\n- not read\n",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let page = try site.html("web/button/index.html")
        #expect(page.contains(">Test steps\n- [ ] Tab reaches it</pre>"))
        #expect(!page.contains("- [ ] not read"))
    }
}
