import Foundation
import Testing
@testable import GuideSiteCore

/// acceptance.csv, acceptance/index.js and coverage.csv as a build writes them.
@Suite("Acceptance exports")
struct AcceptanceExportTests {
    @Test("entries are spread over the basket's scripts by a hash basket.js computes the same way")
    func scripts() {
        #expect(CriteriaBasket.scriptCount(entries: 0) == 1 && CriteriaBasket.scriptCount(entries: 200) == 1)
        #expect(CriteriaBasket.scriptCount(entries: 201) == 2 && CriteriaBasket.scriptCount(entries: 10_000) == 50)
        // FNV-1a (32 bits) of the key; basket-test.py checks basket.js finds entries spread over three scripts.
        #expect(CriteriaBasket.script(of: "native/wheel-picker/", count: 4_294_967_295) == 0x92BD_67B4)
        #expect(CriteriaBasket.script(of: "", count: 1_000_000) == 2_166_136_261 % 1_000_000)
        let spread = Set((0..<1000).map { CriteriaBasket.script(of: "web/entry-\($0)/", count: 5) })
        #expect(spread == [0, 1, 2, 3, 4])
    }

    @Test("CSV fields with commas, quotes and line breaks are quoted; records end in CRLF")
    func quoting() {
        var output: [UInt8] = []
        AcceptanceExport.row(["plain", "a, b", "say \"hi\"", "two\nlines", " padded"], into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "plain,\"a, b\",\"say \"\"hi\"\"\",\"two\nlines\",\" padded\"\r\n")
    }

    @Test("a field is quoted by its bytes exactly when by its characters")
    func quotingByBytes() {
        var random = RandomEditTests.Generator(state: 57)
        let pieces = [" ", "a", ",", "\"", "\n", "\r", "é", "\u{301}", "\u{600}", "\u{200D}", "b c", "\t"]
        for _ in 0..<5000 {
            let field = (0..<random.next(6)).map { _ in pieces[random.next(pieces.count)] }.joined()
            let byCharacters = field.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 } || field.hasPrefix(" ") || field.hasSuffix(" ")
            #expect(AcceptanceExport.needsQuotes(field) == byCharacters, "\(Array(field.unicodeScalars))")
        }
    }

    @Test("each site and subset writes its own acceptance.csv, basket data and coverage.csv; every entry with tests has a .feature")
    func files() throws {
        let site = try TestSite([
            "site.yml": "title: T\nurl: https://a.example/\nstandards: [section-508]\nsubsets:\n  web:\n    sections: [web]\n",
            "Content/web/button.md": "---\ntitle: Button\nwcag: [2.1.1]\nkeyboard:\n  \"space, enter\": \"Activates, \\\"once\\\"\"\n---\nBody.\n",
            "Content/web/empty.md": "---\ntitle: Empty\n---\nNo tests yet.\n",
            "Content/native/slider.md": "---\ntitle: Slider\nmobile:\n  swipe up: Value goes up\n---\n",
        ])
        var request = BuildRequest(root: site.root)
        request.allSubsets = true
        let result = SiteBuilder().build(request)
        #expect(result.outcome == .success, "\(result.printed)")
        let csv = try site.html("acceptance.csv")
        #expect(csv.hasPrefix("ID,Test,Entry,Section,Platform,Test kind,Step,Expected result,WCAG criteria,URL,Assistive technologies\r\n"))
        #expect(csv.contains("web/button/#keyboard,Button: Keyboard,Button,Web,,keyboard,\"space, enter\",\"Activates, \"\"once\"\"\",2.1.1,https://a.example/web/button/,\r\n"))
        #expect(csv.contains("native/slider/#mobile-gestures,Slider: Mobile gestures,Slider,Native,,gesture,swipe up,Value goes up,,https://a.example/native/slider/,\r\n"))
        #expect(!site.exists("web/empty/empty.feature"), "an entry without tests is an article: no .feature, no basket")
        #expect(!(try site.html("web/empty/index.html")).contains("basket-toggle"))
        let script = try site.html("acceptance/0.js")
        #expect(script.hasPrefix("GuideSite.acceptance.add({\"columns\":[\"ID\",\"Test\""))
        #expect(script.contains("\"web/button/\":{\"title\":\"Button\",\"section\":\"Web\",\"platforms\":\"\",\"criteria\":\"2.1.1\""))
        let subset = try site.html("subsets/web/acceptance.csv")
        #expect(subset.contains("Button: Keyboard") && !subset.contains("Slider"))
        #expect(site.exists("subsets/web/web/button/button.feature") && site.exists("subsets/web/my-criteria/index.html"))
        let coverage = try site.html("wcag/coverage/coverage.csv")
        #expect(coverage.hasPrefix("Criterion,Name,Level,Pages,Entries,Entry URLs,Section 508,axe-core \(AutomatedRules.axeVersion) rules,ACT rules\r\n"))
        #expect(coverage.contains("2.1.1,Keyboard,A,1,Button,https://a.example/web/button/,required (WCAG 2.0 Level A),"
                                  + "frame-focusable-content; scrollable-region-focusable; server-side-image-map,akn7bn; 0ssw9k\r\n"), "\(coverage)")
        #expect(try site.html("wcag/coverage/index.html").contains("<a href=\"../../wcag/coverage/coverage.csv\" download>Download the coverage as CSV</a>"))
        let basket = try site.html("my-criteria/index.html")
        #expect(basket.contains("<div class=\"basket\" id=\"basket\" data-scripts=\"../acceptance/\" data-script-count=\"1\" hidden>"))
        #expect(basket.contains("<a href=\"../acceptance.csv\" download>acceptance.csv</a>"))
        let list = try site.html("web/index.html")
        // A list is a list: its rows have no toggle (the entry page and the search results do).
        #expect(list.contains("<a href=\"../web/button/\">Button</a>") && !list.contains("data-entry"))
        #expect(try site.html("web/button/index.html").contains("<button type=\"button\" class=\"basket-toggle\" aria-pressed=\"false\" data-entry=\"web/button/\" data-title=\"Button\" hidden>Add to my criteria</button>"))
    }

    @Test("criteria.json and the acceptance files made in runs of entries (as at 100,000) are the files made all at once")
    func runs() throws {
        var files: [String: String] = ["site.yml": "title: T\n"]
        for number in 0..<7 {
            files["Content/web/entry-\(number).md"] = "---\ntitle: Entry \(number)\nwcag: [2.1.1]\nkeyboard:\n  tab: Focus moves \(number)\n---\nBody.\n"
        }
        let root = try TestSite(files)
        let reader = PageReader(layout: SiteLayout(root: root.root), config: SiteConfig())
        let pages = try (0..<7).map { number in
            let path = "web/entry-\(number).md"
            return try #require(reader.read(ContentFile(path: root.root.appending(path: "Content/" + path).path, relativePath: path, kind: .markdown)).value)
        }
        let site = SiteAssembler().assemble(pages: pages, assets: [], config: SiteConfig(), strings: ThemeStrings.english)
        func acceptance(run: Int) throws -> ([String: [UInt8]], [String: [UInt8]]) {
            var written: [String: [UInt8]] = [:]
            let parts = try AcceptanceExport.files(of: site, basePath: "/", keepingParts: true, run: run) { written[$0] = $1 }
            return (written, parts.byPath.mapValues { Array($0.rows + $0.entry) })
        }
        let whole = CriteriaExport.json(for: site, basePath: "/", keepingParts: true)
        #expect(String(decoding: whole.bytes, as: UTF8.self).hasPrefix("{\"entries\":[{\"categories\":[],\"criteria\":[]"))
        #expect(try JSONSerialization.jsonObject(with: Data(whole.bytes)) is [String: Any] && whole.parts.count == 7)
        let wholeAcceptance = try acceptance(run: 4096)
        #expect(wholeAcceptance.0.keys.sorted() == ["acceptance.csv", "acceptance/0.js"] && wholeAcceptance.1.count == 7)
        for run in [1, 3] {
            let made = CriteriaExport.json(for: site, basePath: "/", keepingParts: true, run: run)
            #expect(made.bytes == whole.bytes && made.parts == whole.parts, "run of \(run)")
            let madeAcceptance = try acceptance(run: run)
            #expect(madeAcceptance.0 == wholeAcceptance.0 && madeAcceptance.1 == wholeAcceptance.1, "run of \(run)")
        }
    }
}
