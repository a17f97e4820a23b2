import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Bodies kept by what they read, in memory and on disk")
struct BodyMemoTests {
    static func body(_ html: String, links: [BodyMemo.AskedLink] = []) -> BodyMemo.Body {
        var rendered = RenderedBody(html: html, headings: [Heading(level: 2, text: "Role", id: "role", line: 7)])
        rendered.title = "Title"
        rendered.links = [SourceLink(target: "other.md", line: 9, column: 3)]
        rendered.annotations = [SourceLink(target: "1.4.3", line: 10, column: 1)]
        rendered.rewritten = [SourceLink(target: "`gone.md` is now text", line: 11, column: 2)]
        return BodyMemo.Body(links: links, body: rendered, diagnostics: [Diagnostic(.warning, "Content/a.md", line: 3, column: 1, category: "c", "m")])
    }

    @Test("every field of a rendered body is written: a field added to RenderedBody must be added to the bodies file")
    func everyField() {
        // html, headings, title, links, annotations, rewritten, where the HTML is stored
        // (`stored`, written as `htmlText`), and the identity (made from the record's key).
        #expect(Mirror(reflecting: RenderedBody(html: "", headings: [])).children.count == 8)
        #expect(Mirror(reflecting: Heading(level: 1, text: "", id: "", line: 0)).children.count == 4)
        #expect(Mirror(reflecting: Self.body("")).children.count == 3)
    }

    @Test("bodies written to disk are read back whole, each key's once per set of link answers, and taken only when every link has the same answer")
    func onDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "bodies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = folder.appending(path: "build.bodies")
        let key = BodyMemo.digest("one"), other = BodyMemo.digest("two")
        let links = [BodyMemo.AskedLink(url: "other.md", target: .url("\u{1}other/")), BodyMemo.AskedLink(url: "gone.md", target: .plainText)]
        let writing = BodyMemo(location: location)
        func record(_ key: BodyMemo.Key, _ body: BodyMemo.Body) {
            writing.keep(key, BodyMemo.Taken(body: body))
        }
        record(key, Self.body("<p>One</p>", links: links))
        record(key, Self.body("<p>One, elsewhere</p>", links: [BodyMemo.AskedLink(url: "other.md", target: .leavingGuide("https://x/"))]))
        // This run's bodies are taken by the sites after it, before the file is in place.
        #expect(writing.take(key) { $0 == "other.md" ? .url("\u{1}other/") : .plainText }?.body.body.html == "<p>One</p>")
        record(other, Self.body(String(repeating: "<p>Long</p>", count: 500_000)))
        writing.endRun()

        let reading = BodyMemo(location: location)
        let taken = try #require(reading.take(key) { $0 == "other.md" ? .url("\u{1}other/") : .plainText })
        #expect(taken.body.body == Self.body("<p>One</p>").body)
        #expect(taken.body.links == links && taken.body.diagnostics == Self.body("").diagnostics)
        var encoded = ByteWriter()
        encoded.body(Self.body("<p>One</p>", links: links))
        #expect(taken.record == encoded.bytes, "its record, to be kept again as it is")
        // Another site's body of the same key, whose links answer otherwise, is kept too, even
        // by a run that took nothing (the first build): the build after it takes the subset's.
        #expect(reading.take(key) { _ in .leavingGuide("https://x/") }?.body.body.html == "<p>One, elsewhere</p>")
        #expect(reading.take(key) { _ in .keep } == nil, "a link whose answer changed")
        #expect(reading.take(other) { _ in .keep }?.body.body.html.count == 5_500_000)
        #expect(reading.take(BodyMemo.digest("three")) { _ in .keep } == nil)
        #expect(BodyMemo(location: location, takes: false).take(key) { _ in .plainText } == nil, "--fresh takes nothing")

        // A run keeps what it took and made, each set of link answers once; the run after it
        // takes those.
        let second = BodyMemo(location: location)
        let first = try #require(second.take(key) { $0 == "other.md" ? .url("\u{1}other/") : .plainText })
        second.keep(key, first)
        second.keep(key, BodyMemo.Taken(body: Self.body("<p>One, elsewhere</p>", links: [BodyMemo.AskedLink(url: "other.md", target: .leavingGuide("https://x/"))])))
        second.keep(key, BodyMemo.Taken(body: Self.body("<p>One, elsewhere</p>", links: [BodyMemo.AskedLink(url: "other.md", target: .leavingGuide("https://x/"))])))
        second.endRun()
        let third = BodyMemo(location: location)
        #expect(third.take(key) { $0 == "other.md" ? .url("\u{1}other/") : .plainText }?.body.body.html == "<p>One</p>")
        #expect(third.take(key) { _ in .leavingGuide("https://x/") }?.body.body.html == "<p>One, elsewhere</p>")
        #expect(third.take(other) { _ in .keep } == nil, "a body the second run did not keep")
    }

    @Test("a damaged or foreign bodies file is no file: nothing is taken, nothing crashes")
    func damaged() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "bodies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = folder.appending(path: "build.bodies")
        let key = BodyMemo.digest("one")
        // What a killed build left beside it goes when the next one writes.
        let stale = folder.appending(path: "build.bodies.new-99999")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: stale)
        let writing = BodyMemo(location: location)
        writing.keep(key, BodyMemo.Taken(body: Self.body("<p>One</p>")))
        writing.endRun()
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        let whole = try Data(contentsOf: location)
        for cut in [whole.prefix(5), whole.dropLast(3), whole.prefix(40) + Data(repeating: 0xff, count: 40) + whole.suffix(16), Data("hello".utf8)] {
            try Data(cut).write(to: location)
            #expect(BodyMemo(location: location).take(key) { _ in .keep } == nil)
        }
        // A record whose bytes were changed is not taken either.
        var changed = whole
        changed[BodyMemo.magic.count + 2] ^= 0xff
        try changed.write(to: location)
        _ = BodyMemo(location: location).take(key) { _ in .keep }
    }

    @Test("a body's key reads its Markdown, path, first line and title, and the site's renderer")
    func keys() {
        // The renderer's key reads the code that renders: the binary, cmark-gfm, KSyntaxHighlighting.
        let code = BodyMemo.renderingCode
        #expect(code.hasPrefix("/proc/self/exe ") && code.contains("cmark-gfm") && code.contains("SyntaxHighlighting"), "\(code)")
        var page = Page(sourcePath: "Content/a.md", contentPath: "a.md", kind: .entry, section: nil, route: Route(segments: ["a"]),
                        frontMatter: FrontMatter(), frontMatterKey: 0, title: "A", layout: "entry",
                        body: RenderedBody(html: "", headings: []), markdown: "Text", bodyFirstLine: 4)
        let renderer = BodyMemo.digest("renderer")
        let key = BodyMemo.key(renderer: renderer, page: page, markdown: BodyMemo.digest(page.markdown))
        #expect(key == BodyMemo.key(renderer: renderer, page: page, markdown: BodyMemo.digest("Text")))
        #expect(key != BodyMemo.key(renderer: BodyMemo.digest("other"), page: page, markdown: BodyMemo.digest("Text")))
        #expect(key != BodyMemo.key(renderer: renderer, page: page, markdown: BodyMemo.digest("Text.")))
        page.bodyFirstLine = 5
        #expect(key != BodyMemo.key(renderer: renderer, page: page, markdown: BodyMemo.digest("Text")))
        page.bodyFirstLine = 4
        page.frontMatter.title = "Given"
        #expect(key != BodyMemo.key(renderer: renderer, page: page, markdown: BodyMemo.digest("Text")))
        page.frontMatter.title = nil
        page.sourcePath = "Content/b.md"
        #expect(key != BodyMemo.key(renderer: renderer, page: page, markdown: BodyMemo.digest("Text")))
    }
}
