import Foundation
import Synchronization
import Testing
@testable import GuideSiteCore

/// A small site as queries: files are inputs; a page's header is its first line; the navigation
/// lists every header; a page is its header, its body and the navigation.
private struct FileText: Input {
    typealias Value = String
    let path: String
}

private struct Listing: Input {
    typealias Value = [String]
}

private struct Header: Query {
    let path: String
    func compute(_ context: QueryContext) -> String {
        String((context.input(FileText(path: path)) ?? "(gone)").prefix { $0 != "\n" })
    }
}

private struct Navigation: Query {
    func compute(_ context: QueryContext) -> [String] {
        (context.input(Listing()) ?? []).map { context.fetch(Header(path: $0)) }
    }
}

private struct PageHTML: Query {
    let path: String
    func compute(_ context: QueryContext) -> String {
        let text = context.input(FileText(path: path)) ?? ""
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        return "<h1>\(context.fetch(Header(path: path)))</h1>\(body)<nav>\(context.fetch(Navigation()).joined(separator: "|"))</nav>"
    }
}

/// Reads what it did not fetch: verification must name it.
private let outside = Mutex(1)
private struct Impure: Query {
    func compute(_ context: QueryContext) -> Int {
        _ = context.input(Listing())
        return outside.withLock { $0 }
    }
}

/// Reads `FileText(b)` only while `a` says so.
private struct Conditional: Query {
    func compute(_ context: QueryContext) -> String {
        context.input(FileText(path: "a")) == "follow" ? (context.input(FileText(path: "b")) ?? "") : "alone"
    }
}

/// A page's first line as shown, its value not kept: only its fingerprint.
private struct Shown: Query {
    struct Value: Fingerprinted, Sendable {
        var line: String
        func write(into bytes: inout [UInt8]) { bytes.append(text: line) }
    }

    static var keepsValue: Bool { false }

    let path: String
    func compute(_ context: QueryContext) -> Value {
        Value(line: String((context.input(FileText(path: path)) ?? "").prefix { $0 != "\n" }).uppercased())
    }
}

private struct Framed: Query {
    let path: String
    func compute(_ context: QueryContext) -> String { "[" + context.fetch(Shown(path: path)).line + "]" }
}

@Suite("Query engine")
struct QueryEngineTests {
    private static func site(_ count: Int) -> (QueryEngine, [String]) {
        let engine = QueryEngine()
        let paths = (0..<count).map { "entry-\($0).md" }
        engine.set(Listing(), to: paths)
        for path in paths { engine.set(FileText(path: path), to: "Title \(path)\nBody of \(path).") }
        return (engine, paths)
    }

    private static func render(_ engine: QueryEngine, _ paths: [String]) -> [String] {
        paths.map { engine.fetch(PageHTML(path: $0)) }
    }

    /// A site of 20 rendered, then `entry-5.md` set to `text` and every page rendered again;
    /// the engine counts only the second rendering.
    private static func edited(to text: String) -> (QueryEngine, [String]) {
        let (engine, paths) = site(20)
        _ = render(engine, paths)
        _ = engine.takeExecutions()
        engine.set(FileText(path: "entry-5.md"), to: text)
        return (engine, render(engine, paths))
    }

    @Test("a first fetch computes each query once; asked again with nothing changed, none")
    func first() {
        let (engine, paths) = Self.site(20)
        let pages = Self.render(engine, paths)
        #expect(pages[3] == "<h1>Title entry-3.md</h1>Body of entry-3.md.<nav>\(paths.map { "Title \($0)" }.joined(separator: "|"))</nav>")
        #expect(engine.takeExecutions() == ["Header": 20, "Navigation": 1, "PageHTML": 20])
        #expect(Self.render(engine, paths) == pages)
        #expect(engine.takeExecutions() == [:])
    }

    @Test("a body edit: its header computed again to the same value cuts off the navigation; one page rendered")
    func bodyEdit() {
        let (engine, pages) = Self.edited(to: "Title entry-5.md\nA new body.")
        #expect(engine.takeExecutions() == ["Header": 1, "PageHTML": 1])
        #expect(pages[5].contains("A new body."))
    }

    @Test("a title edit: the navigation and every page that shows it")
    func titleEdit() {
        let (engine, pages) = Self.edited(to: "Renamed\nBody of entry-5.md.")
        #expect(engine.takeExecutions() == ["Header": 1, "Navigation": 1, "PageHTML": 20])
        #expect(pages.allSatisfy { $0.contains("|Renamed|") })
    }

    @Test("an input set to the value it has starts no revision and computes nothing")
    func sameValue() {
        let (engine, paths) = Self.site(5)
        _ = Self.render(engine, paths)
        _ = engine.takeExecutions()
        let revision = engine.currentRevision
        engine.set(FileText(path: "entry-1.md"), to: "Title entry-1.md\nBody of entry-1.md.")
        #expect(engine.currentRevision == revision)
        _ = Self.render(engine, paths)
        #expect(engine.takeExecutions() == [:])
    }

    @Test("a value set as not comparable is read again on every set, and once more when it becomes comparable, then no more")
    func notComparable() {
        let (engine, paths) = Self.site(3)
        _ = Self.render(engine, paths)
        let text = "Title entry-1.md\nBody of entry-1.md."
        var runs: [Int] = []
        for comparable in [false, false, true, true] {
            _ = engine.takeExecutions()
            engine.set(FileText(path: "entry-1.md"), to: text, comparable: comparable)
            _ = Self.render(engine, paths)
            runs.append(engine.takeExecutions()["Header"] ?? 0)
        }
        #expect(runs == [1, 1, 1, 0])
    }

    @Test("a file removed: the queries that read it see it absent")
    func removed() {
        let (engine, paths) = Self.site(3)
        _ = Self.render(engine, paths)
        engine.set(FileText(path: "entry-2.md"), to: nil)
        #expect(engine.fetch(Header(path: "entry-2.md")) == "(gone)")
        #expect(engine.fetch(PageHTML(path: "entry-0.md")).hasSuffix("|(gone)</nav>"))
    }

    @Test("a dependency no longer read does not make the query run again")
    func conditional() {
        let engine = QueryEngine()
        engine.set(FileText(path: "a"), to: "follow")
        engine.set(FileText(path: "b"), to: "one")
        #expect(engine.fetch(Conditional()) == "one")
        engine.set(FileText(path: "b"), to: "two")
        #expect(engine.fetch(Conditional()) == "two")
        engine.set(FileText(path: "a"), to: "stop")
        #expect(engine.fetch(Conditional()) == "alone")
        _ = engine.takeExecutions()
        engine.set(FileText(path: "b"), to: "three")
        #expect(engine.fetch(Conditional()) == "alone")
        #expect(engine.takeExecutions() == [:])
    }

    @Test("verification computes kept values again and names the query that read what it did not fetch")
    func verification() {
        let (engine, paths) = Self.site(5)
        engine.verifies = true
        _ = Self.render(engine, paths)
        #expect(engine.fetch(Impure()) == 1)
        engine.set(FileText(path: "entry-1.md"), to: "Title entry-1.md\nEdited.")
        _ = Self.render(engine, paths)
        #expect(engine.verificationFailures.isEmpty, "\(engine.verificationFailures)")
        outside.withLock { $0 = 2 }
        defer { outside.withLock { $0 = 1 } }
        engine.set(FileText(path: "entry-1.md"), to: "Title entry-1.md\nEdited again.")
        #expect(engine.fetch(Impure()) == 1, "kept: its inputs did not change")
        #expect(engine.verificationFailures.count == 1)
        #expect(engine.verificationFailures.first?.hasPrefix("Impure()") == true)
    }

    @Test("pages fetched on several threads share one navigation, computed once")
    func threads() {
        let (engine, paths) = Self.site(2000)
        let pages = Mutex([String](repeating: "", count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let page = engine.fetch(PageHTML(path: paths[index]))
            pages.withLock { $0[index] = page }
        }
        #expect(engine.takeExecutions() == ["Header": 2000, "Navigation": 1, "PageHTML": 2000])
        #expect(pages.withLock { $0 } == Self.render(engine, paths))
    }

    @Test("values fetched all at once equal those fetched one by one, and only what an edit reached runs; inputs set all at once start one revision, none when equal")
    func all() {
        let (engine, paths) = Self.site(20)
        #expect(engine.fetch(all: paths.map { PageHTML(path: $0) }) == Self.render(engine, paths))
        #expect(engine.takeExecutions() == ["Header": 20, "Navigation": 1, "PageHTML": 20])
        let revision = engine.currentRevision
        engine.set(all: paths.map { (FileText(path: $0), "Title \($0)\nBody of \($0).") })
        #expect(engine.currentRevision == revision)
        engine.set(all: paths.map { (FileText(path: $0), "Title \($0)\n" + ($0 == "entry-5.md" ? "New." : "Body of \($0).")) })
        #expect(engine.currentRevision == revision + 1)
        let pages = engine.fetch(all: paths.map { PageHTML(path: $0) })
        #expect(engine.takeExecutions() == ["Header": 1, "PageHTML": 1])
        #expect(pages[5].contains("New.") && pages == Self.render(engine, paths))
    }

    @Test("a value not kept: its fingerprint is, so it is made again when asked for or when what it read moved, and its dependents are cut off when it comes back the same")
    func notKept() {
        let (engine, paths) = Self.site(3)
        #expect(engine.fetch(all: paths.map { Framed(path: $0) }) == paths.map { "[TITLE \($0.uppercased())]" })
        _ = engine.takeExecutions()
        #expect(engine.fetch(all: paths.map { Framed(path: $0) }).count == 3 && engine.takeExecutions() == [:])
        #expect(engine.fetch(Shown(path: paths[0])).line == "TITLE ENTRY-0.MD" && engine.takeExecutions() == ["Shown": 1])

        engine.set(FileText(path: paths[1]), to: "Title entry-1.md\nAnother body.")
        _ = engine.fetch(all: paths.map { Framed(path: $0) })
        #expect(engine.takeExecutions() == ["Shown": 1])
        engine.set(FileText(path: paths[1]), to: "Renamed\nAnother body.")
        #expect(engine.fetch(Framed(path: paths[1])) == "[RENAMED]" && engine.takeExecutions() == ["Framed": 1, "Shown": 1])
    }
}
