import Testing
@testable import GuideSiteCore

@Suite("Tabs and callouts")
struct MarkdownTabsTests {
    static let names = TabNames(platforms: ["iOS", "Android", "Web"], frameworks: [
        Framework(name: "UIKit", platform: "iOS"), Framework(name: "SwiftUI", platform: "iOS"),
        Framework(name: "Jetpack Compose", platform: "Android"), Framework(name: "React"),
    ])

    func html(_ markdown: String, tabs: TabNames? = names, keep: [String]? = nil) -> String {
        let filter = keep.map { PlatformFilter(platforms: ["iOS", "Android", "Web"], keep: $0, frameworks: [
            Framework(name: "UIKit", platform: "iOS"), Framework(name: "SwiftUI", platform: "iOS"), Framework(name: "Jetpack Compose", platform: "Android"),
        ]) }
        return MarkdownRenderer(highlight: false, tabs: tabs).render(markdown, firstLine: 1, path: "a.md", title: .given("Page"), platforms: filter).value.html
    }

    static let codeRun = "## Focus\n\n```swift UIKit\na()\n```\n```swift title=\"SwiftUI\"\nb()\n```\n```kotlin title='Jetpack Compose'\nc()\n```\n"

    @Test("adjacent code blocks naming frameworks become one tab group, each under a heading one level down")
    func codeTabs() {
        let page = html(Self.codeRun)
        #expect(page.contains("<div class=\"tabs\" data-tabs=\"framework\">\n<div class=\"tab-panel\" data-tab=\"UIKit\">\n<h3 class=\"tab-heading\">UIKit</h3>\n<pre"))
        #expect(page.contains("</div>\n<div class=\"tab-panel\" data-tab=\"SwiftUI\">\n<h3 class=\"tab-heading\">SwiftUI</h3>"))
        #expect(page.contains("data-tab=\"Jetpack Compose\""))
        #expect(page.components(separatedBy: "<div class=\"tab-panel").count == 4 && page.hasSuffix("</code></pre>\n</div>\n</div>\n"))
        // A body that uses `#` (not as its opening title) moves down a level, and its tab headings with it.
        #expect(html("Intro.\n\n# Part\n\n```swift UIKit\na()\n```\n```swift SwiftUI\nb()\n```\n").contains("<h3 class=\"tab-heading\">UIKit</h3>"))
        #expect(html(Self.codeRun, tabs: nil).contains("tabs") == false)
    }

    @Test("one block, blocks apart, or words that name nothing stay plain code")
    func notTabs() {
        for markdown in ["```swift UIKit\na()\n```\n", "```swift UIKit\na()\n```\n\nText.\n\n```swift SwiftUI\nb()\n```\n",
                         "```swift Example\na()\n```\n```swift Other\nb()\n```\n", "```html demo\n<p>a</p>\n```\n```html demo\n<p>b</p>\n```\n"] {
            #expect(!html(markdown).contains("class=\"tabs\""), "\(markdown)")
        }
    }

    @Test("sibling sections naming platforms or frameworks become tabs, their own headings inside")
    func sectionTabs() {
        let page = html("## State\n\n### UIKit\n\nSelected trait.\n\n### SwiftUI\n\nToggle.\n\n## After\n\nText.\n")
        #expect(page.contains("<div class=\"tabs\" data-tabs=\"framework\">\n<div class=\"tab-panel\" data-tab=\"UIKit\">\n<div class=\"heading\"><h3 id=\"uikit\">"))
        #expect(page.contains("<p>Toggle.</p>\n</div>\n</div>\n<div class=\"heading\"><h2 id=\"after\">"))
        let platforms = html("## iOS\n\nA.\n\n## Android\n\nB.\n")
        #expect(platforms.contains("data-tabs=\"platform\"") && platforms.hasSuffix("<p>B.</p>\n</div>\n</div>\n"))
        // A platform section's own headings go into its tab; the next heading of its level ends it.
        let parts = html("## iOS\n\n### Name\n\nA.\n\n## Android\n\n### Name\n\nB.\n\n## Notes\n\nC.\n")
        #expect(parts.components(separatedBy: "class=\"tabs\"").count == 2)
        #expect(parts.contains("<h3 id=\"name-1\">Name</h3>"), "\(parts)")
        #expect(parts.contains("<p>B.</p>\n</div>\n</div>\n<div class=\"heading\"><h2 id=\"notes\">"), "\(parts)")
        // A member that is a heading alone, last on the page, is an empty tab.
        #expect(html("## iOS\n\nA.\n\n## Android\n").hasSuffix("Android</span></a></div>\n</div>\n</div>\n"))
        // Inside such a section, framework sections make a tab set of their own, closed before the next tab.
        let nested = html("## iOS\n\n### UIKit\n\nA.\n\n### SwiftUI\n\nB.\n\n## Android\n\nC.\n")
        #expect(nested.components(separatedBy: "class=\"tabs\"").count == 3)
        #expect(nested.contains("<p>B.</p>\n</div>\n</div>\n</div>\n<div class=\"tab-panel\" data-tab=\"Android\">"), "\(nested)")
    }

    @Test("a subset drops other platforms' tabs; one left is no tab group")
    func subsetTabs() {
        let page = html(Self.codeRun, keep: ["iOS"])
        #expect(page.contains("data-tab=\"UIKit\"") && page.contains("data-tab=\"SwiftUI\"") && !page.contains("Compose") && !page.contains("c()"))
        let single = html("```swift UIKit\na()\n```\n```kotlin title=\"Jetpack Compose\"\nc()\n```\n", keep: ["Android"])
        #expect(!single.contains("class=\"tabs\"") && single.contains("c()") && !single.contains("a()"))
        let sections = html("## UIKit\n\nA.\n\n## Jetpack Compose\n\nB.\n", keep: ["Android"])
        #expect(!sections.contains("class=\"tabs\"") && !sections.contains("A.") && sections.contains("B."))
    }

    @Test("GitHub alerts become labelled notes; other quotes stay quotes")
    func callouts() {
        for (marker, label) in [("NOTE", "Note"), ("TIP", "Tip"), ("IMPORTANT", "Important"), ("WARNING", "Warning"), ("caution", "Caution")] {
            let page = html("> [!\(marker)]\n> Body *text*.\n")
            #expect(page == "<aside class=\"callout callout-\(label.lowercased())\" role=\"note\">\n<p class=\"callout-label\">\(label)</p>\n<p>Body <em>text</em>.</p>\n</aside>\n", "\(page)")
        }
        #expect(html("> [!NOTE]\n").contains("<p class=\"callout-label\">Note</p>\n</aside>"))
        #expect(html("- item\n\n  > [!TIP]\n  > Inside a list.\n").contains("<li>\n<p>item</p>\n<aside class=\"callout callout-tip\""))
        // Obsidian's names and titles (`[!DANGER]`, `[!NOTE] Title`) are callouts too (AdmonitionsTests).
        for quote in ["> [!SHOUT]\n> No such kind.\n", "> [!NOTE]on one line\n", "> Plain quote.\n", "> **[!NOTE]**\n> Bold.\n"] {
            #expect(html(quote).hasPrefix("<blockquote>"), "\(quote)")
        }
    }

    @Test("a fence's tab label is read over bytes as by characters")
    func labelsByBytes() {
        var random = RandomEditTests.Generator(state: 58)
        let pieces = ["swift", " ", "\t", "UIKit", "demo", "Jetpack", "Compose", "title=", "\"Web\"", "'x y'", "\u{0B}", "\u{1C}", "é", "  "]
        for _ in 0..<4000 {
            let info = (0..<random.next(7)).map { _ in pieces[random.next(pieces.count)] }.joined()
            #expect(MarkdownRenderer.tabLabel(ofFenceInfo: info) == MarkdownRenderer.tabLabelByCharacters(ofFenceInfo: info), "\(info)")
        }
    }
}
