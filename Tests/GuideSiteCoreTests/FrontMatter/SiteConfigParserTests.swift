import Foundation
import Testing
@testable import GuideSiteCore

/// `site.yml` read into settings, each problem at its line.
@Suite("site.yml parser")
struct SiteConfigParserTests {
    func parse(_ text: String) -> Diagnosed<SiteConfig> {
        SiteConfigParser().parse(text, path: "site.yml")
    }

    @Test("frameworks by platform or as a list, and the code options of markdown:")
    func frameworks() {
        let read = parse("""
            platforms: [iOS, Android]
            frameworks:
              iOS: [UIKit, SwiftUI]
              android: [Views, Jetpack Compose]
              watchOS: [WatchKit]
            markdown: {highlight: false, tabs: false, tab: true, unsafe-html: 3}
            """)
        #expect(read.value.frameworks == [Framework(name: "UIKit", platform: "iOS"), Framework(name: "SwiftUI", platform: "iOS"),
                                          Framework(name: "Views", platform: "android"), Framework(name: "Jetpack Compose", platform: "android"),
                                          Framework(name: "WatchKit", platform: "watchOS")])
        #expect(!read.value.highlightCode && !read.value.tabs)
        let messages = read.diagnostics.map { "\($0.line):\($0.severity) \($0.message)" }
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("2:warning") && $0.contains("`watchOS`, which is not in `platforms:`") })
        #expect(messages.contains { $0.hasPrefix("6:warning") && $0.contains("unknown markdown option `tab`") })
        #expect(messages.contains { $0.hasPrefix("6:error") && $0.contains("`unsafe-html` must be `true` or `false`") })
        let list = parse("frameworks: [UIKit, Compose]\n")
        #expect(list.diagnostics.isEmpty && list.value.frameworks == [Framework(name: "UIKit"), Framework(name: "Compose")])
        #expect(parse("frameworks: [{a: 1}]\n").diagnostics.first?.message.contains("`frameworks` must be a list") == true)
        #expect(SiteConfig().highlightCode && SiteConfig().tabs && SiteConfig().frameworks.isEmpty)
    }

    @Test("the usual keys")
    func keys() {
        let read = parse("""
            title: Guide
            language: fr-CA
            url: https://a11y.example.org/guide
            sections:
              native:
                title: Apps
                layout: page
            platforms: [iOS, Android]
            markdown: {unsafe-html: true}
            includes: shared
            """)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let config = read.value
        #expect(config.title == "Guide")
        #expect(config.language == "fr-CA")
        #expect(config.url == "https://a11y.example.org/guide/")
        #expect(config.basePath == "/guide/")
        #expect(config.section(named: "native")?.title == "Apps")
        #expect(config.section(named: "native")?.layout == "page")
        #expect(config.platforms == ["iOS", "Android"])
        #expect(config.unsafeHTML)
        #expect(config.includesFolder == "shared")
    }

    @Test("wrong values are errors at their line; unknown keys a warning with a did-you-mean", arguments: [
        ("language: English", "site.yml:1:1: error: [site-config] `language` must be a language tag"),
        ("url: example.org", "site.yml:1:1: error: [site-config] `url` must be an absolute address"),
        ("title: ok\nmarkdown: yes", "site.yml:2:1: error: [site-config] `markdown` must be a map"),
        ("content: /etc", "site.yml:1:1: error: [site-config] `content` must be a folder inside the site root"),
        ("titel: Guide", "site.yml:1:1: warning: [site-config] unknown key `titel` is ignored. Did you mean `title`?"),
    ])
    func problems(text: String, expected: String) {
        #expect(parse(text).diagnostics.map(\.description).contains { $0.hasPrefix(expected) }, "\(parse(text).diagnostics)")
    }

    @Test("acceptance headings: renamed per block, a kind that is not one is an error")
    func acceptanceHeadings() {
        let read = parse("acceptance-headings:\n  checklist: [Test steps, Checks]\n  gherkin: Scenarios\n")
        #expect(read.diagnostics.isEmpty)
        #expect(read.value.acceptanceHeadings == ["Test steps": .checklist, "Checks": .checklist, "Scenarios": .gherkin])
        let wrong = parse("acceptance-headings:\n  table: [Keys]\n")
        #expect(wrong.diagnostics.first?.description.hasPrefix("site.yml:2:3: error: [site-config] `table` is not a kind of acceptance block") == true)
        #expect(SiteConfig().acceptanceHeadings["Condensed"] == .checklist)
    }

    @Test("permalinks per section, each pattern checked")
    func permalinks() {
        let read = parse("permalinks:\n  web: /web-criteria/:sections[1:]/:slug/\n  native: /apps/:year/\n")
        #expect(read.value.permalinks == ["web": "/web-criteria/:sections[1:]/:slug/"])
        #expect(read.diagnostics.map(\.description) == [
            "site.yml:3:3: error: [site-config] the permalink of `native`: `:year` is not a token GuideSite knows; use `:sections`, `:section`, `:slug`, `:filename`, `:title`",
        ])
    }
}
