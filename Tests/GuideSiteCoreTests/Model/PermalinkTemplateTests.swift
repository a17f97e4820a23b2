import Foundation
import Testing
@testable import GuideSiteCore

/// Eleventy's computed permalinks, as its documentation writes them.
@Suite("Permalinks holding template syntax")
struct PermalinkTemplateTests {
    let values = PermalinkTemplate.Values(matter: ["title": "Writing Guides", "num": "1.4.13"], pathStem: "guides/writing")

    @Test("evaluated from the page's values", arguments: [
        ("/guides/{{ page.fileSlug }}/", "/guides/writing/"),
        ("{{ title | slugify }}/index.html", "writing-guides/index.html"),
        ("/sc/{{ num | slug }}/", "/sc/1-4-13/"),
        ("{{ page.filePathStem }}.html", "/guides/writing.html"),
        ("/{{ \"fixed\" }}/{{ title | lower }}/", "/fixed/writing guides/"),
    ])
    func evaluated(pattern: String, expected: String) throws {
        #expect(try PermalinkTemplate.evaluate(pattern, values).get() == expected)
    }

    @Test("what a static build cannot run gives the reason", arguments: [
        ("{{ num | toPath }}/", "it uses the filter `toPath` of the library's own configuration"),
        ("/{{ missing }}/", "it reads `missing`, which the page does not set"),
        ("/{% if x %}a{% endif %}/", "it uses the tag `{% if x %}`"),
    ])
    func refused(pattern: String, reason: String) {
        guard case .failure(let found) = PermalinkTemplate.evaluate(pattern, values) else {
            Issue.record("\(pattern) was evaluated")
            return
        }
        #expect(found.what == reason)
    }

    @Test("a library of pages whose permalink uses its own filter builds at the pages' paths, one warning each, no error")
    func fallsBackToPath() throws {
        var files = ["site.yml": "title: 達成基準\n", "Content/writing.md": "---\ntitle: Writing\npermalink: \"/guides/{{ page.fileSlug }}/\"\n---\nText.\n"]
        for number in ["1.4.2", "1.4.10"] {
            files["Content/sc/\(number).md"] = "---\ntitle: \"\(number)\"\nnum: \"\(number)\"\npermalink: \"{{ num | toPath }}/\"\n---\n本文。\n"
        }
        let site = try TestSite(files)
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success && result.errorCount == 0)
        #expect(result.diagnostics.filter { $0.category == "permalink" }.map(\.description).sorted() == [
            "Content/sc/1.4.10.md:4:1: warning: [permalink] `permalink: {{ num | toPath }}/` cannot be evaluated in a static build: it uses the filter `toPath` of the library's own configuration; the page is at its path `/sc/1.4.10/` instead (write the address, or `:placeholders`, to choose another)",
            "Content/sc/1.4.2.md:4:1: warning: [permalink] `permalink: {{ num | toPath }}/` cannot be evaluated in a static build: it uses the filter `toPath` of the library's own configuration; the page is at its path `/sc/1.4.2/` instead (write the address, or `:placeholders`, to choose another)",
        ])
        #expect(site.exists("sc/1.4.2/index.html") && site.exists("sc/1.4.10/index.html") && site.exists("guides/writing/index.html"))
    }
}
