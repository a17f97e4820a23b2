import Foundation
import GuideSiteCore
import Testing
@testable import GuideSitePreview

@Suite("Preview path rules")
struct RequestPathTests {
    @Test("site paths under the base path, the base path without its slash is the root")
    func relative() {
        #expect(RequestPath.relative("/", basePath: "/") == "")
        #expect(RequestPath.relative("/native/picker/", basePath: "/") == "native/picker/")
        #expect(RequestPath.relative("/assets/site.css", basePath: "/") == "assets/site.css")
        #expect(RequestPath.relative("/guide/native/picker/", basePath: "/guide/") == "native/picker/")
        #expect(RequestPath.relative("/guide", basePath: "/guide/") == "")
        #expect(RequestPath.relative("/native/picker/", basePath: "/guide/") == nil)
    }

    @Test("traversal, backslashes, NUL bytes, empty segments and hidden files are refused", arguments: [
        "/../etc/passwd", "/native/../../etc/passwd", "/..\\..\\etc\\passwd", "/index.html\0.css",
        "//etc/passwd", "/.guidesite-output", "/native/./picker/index.html", "relative/path", "/native//picker/",
    ])
    func unsafe(path: String) {
        #expect(!RequestPath.isSafe(path))
        #expect(RequestPath.relative(path, basePath: "/") == nil)
    }
}

/// A preview session over a temporary copy of a fixture site, built once.
struct PreviewSite {
    let root: URL
    let session: PreviewSession

    init(files: [String: String]) async throws {
        root = FileManager.default.temporaryDirectory.appending(path: "guidesite-preview-\(UUID().uuidString)", directoryHint: .isDirectory)
        session = PreviewSession(request: BuildRequest(root: root))
        for (path, text) in files { try write(text, to: path) }
        await session.rebuild()
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// A running `serve` on a real port, for the one test that needs sockets.
final class RunningPreview: @unchecked Sendable {
    let site: PreviewSite
    let port: Int
    private let task: Task<Void, Error>

    /// `watching`: saves rebuild by themselves; without it the test rebuilds when it chooses.
    init(files: [String: String], idleTimeout: Duration = .seconds(15), watching: Bool = true) async throws {
        site = try await PreviewSite(files: files)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var server = PreviewServer(session: site.session, host: "127.0.0.1", port: 0)
        server.idleTimeout = idleTimeout
        let watcher = watching ? FileWatcher(layout: SiteLayout(root: site.root)) : nil
        let app = server.application(watcher: watcher, onRunning: { continuation.yield($0) })
        task = Task { try await app.run() }
        var found = 0
        for await port in ports {
            found = port
            break
        }
        port = found
    }

    func stop() async {
        await site.session.state.close()
        task.cancel()
        site.remove()
    }
}

@Suite("Preview server", .serialized)
struct PreviewServerTests {
    static let site: [String: String] = [
        "site.yml": "title: Preview Test\n",
        "Content/index.md": "---\ntitle: Home\n---\nWelcome.\n",
        "Content/native/picker.md": "---\ntitle: Picker\ncategories: [controls]\n---\n## Role\n\nFirst version.\n",
        "Content/native/stepper.md": "---\ntitle: Stepper\ncategories: [controls]\n---\nSteps.\n",
    ]

    /// One request to the running preview, read to its end.
    static func get(_ preview: RunningPreview, _ target: String, method: String = "GET",
                    headers: [String: String] = [:]) throws -> LiveSocket.Reply {
        try LiveSocket.request(port: preview.port, method: method, target: target, headers: headers)
    }

    @Test("edit, delete, break and fix an entry: the rebuild names the pages to reload, and the served site equals a fresh build")
    func liveEditing() async throws {
        let preview = try await RunningPreview(files: Self.site, watching: false)
        defer { Task { await preview.stop() } }
        let (site, session) = (preview.site, preview.site.session)
        let first = try Self.get(preview, "/native/picker/")
        #expect(first.status == 200)
        #expect(first.body.contains("First version."))
        #expect(first.body.contains("data-guidesite-live-reload"))
        #expect(first.headers["content-type"] == "text/html; charset=utf-8")

        try site.write("---\ntitle: Picker\ncategories: [controls]\n---\n## Role\n\nSecond version.\n", to: "Content/native/picker.md")
        let edited = await session.rebuild()
        #expect(edited.changedPages.contains("/native/picker/"))
        #expect(!edited.changedPages.contains("/native/stepper/"), "an unrelated page is not reloaded")
        #expect(try Self.get(preview, "/native/picker/").body.contains("Second version."))

        try FileManager.default.removeItem(at: site.root.appending(path: "Content/native/stepper.md"))
        #expect(await session.rebuild().changedPages.contains("/native/stepper/"))
        #expect(try Self.get(preview, "/native/stepper/").status == 404)
        #expect(try !Self.get(preview, "/native/").body.contains("Stepper"))
        #expect(try !Self.get(preview, "/categories/controls/").body.contains("Stepper"))

        try site.write("---\ntitle: [Picker\n---\nBroken.\n", to: "Content/native/picker.md")
        #expect(await session.rebuild().changedPages == ["*"])
        let failed = try Self.get(preview, "/native/")
        #expect(failed.status == 500)
        #expect(failed.body.contains("<h1>The site could not be built</h1>"))
        #expect(failed.body.contains("<div role=\"alert\">"))
        #expect(failed.body.contains("Content/native/picker.md:2:8: error:"))
        #expect(failed.body.contains("data-guidesite-live-reload"))
        #expect(try Self.get(preview, "/nowhere/").status == 500)
        #expect(try Self.get(preview, "/assets/site.css").status == 200, "files other than pages are still served")

        try site.write("---\ntitle: Picker\ncategories: [controls]\n---\n## Role\n\nThird version.\n", to: "Content/native/picker.md")
        #expect(await session.rebuild().changedPages == ["*"])
        #expect(try Self.get(preview, "/native/picker/").body.contains("Third version."))

        try site.write("---\ntitle: Button\n---\nNew section.\n", to: "Content/web/button.md")
        #expect(await session.rebuild().changedPages.contains("/web/button/"))
        #expect(try Self.get(preview, "/web/button/").body.contains("New section."))

        // After all these edits, the served files equal a fresh `guidesite build` of the same files.
        let served = session.state.servedFiles().mapValues(\.data)
        let output = FileManager.default.temporaryDirectory.appending(path: "guidesite-preview-build-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var reference = BuildRequest(root: site.root, output: output)
        reference.fresh = true
        let result = SiteBuilder().build(reference)
        #expect(result.outcome == .success && !result.upToDate && result.pagesRendered == nil, "the reference build ran in full")
        var built: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: output.path)! {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: output.path + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue, path != SiteWriter.markerName {
                built[path] = try Data(contentsOf: output.appending(path: path))
            }
        }
        #expect(served.keys.sorted() == built.keys.sorted())
        #expect(served == built)
        #expect(!FileManager.default.fileExists(atPath: site.root.appending(path: "Output").path), "serve never writes Output/")
    }

    @Test("only GET and HEAD, conditional requests, content types, folders, the 404 page, and traversal answers no file")
    func protocolRules() async throws {
        let preview = try await RunningPreview(files: Self.site, watching: false)
        defer { Task { await preview.stop() } }
        let post = try Self.get(preview, "/", method: "POST")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        #expect(try Self.get(preview, "/native/picker/", method: "DELETE").status == 405)
        let head = try Self.get(preview, "/native/picker/", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(Int(head.headers["content-length"] ?? "") ?? 0 > 0)
        let page = try Self.get(preview, "/native/picker/")
        #expect(Int(page.headers["content-length"] ?? "") == page.body.utf8.count, "the length counts the live-reload script")
        let css = try Self.get(preview, "/assets/site.css")
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        #expect(css.headers["cache-control"] == "no-cache")
        let etag = try #require(css.headers["etag"])
        #expect(try Self.get(preview, "/assets/site.css", headers: ["If-None-Match": etag]).status == 304)
        let folder = try Self.get(preview, "/native/picker")
        #expect(folder.status == 301)
        #expect(folder.headers["location"] == "/native/picker/")
        #expect(try Self.get(preview, "/native/").status == 200)
        let missing = try Self.get(preview, "/nowhere/")
        #expect(missing.status == 404)
        #expect(missing.body.contains("<title>Page not found"))
        for attempt in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%5c..%5cetc%5cpasswd", "/index.html%00", "/.guidesite-output",
                        "/native/..%2f..%2fetc/passwd", "//etc/passwd"] {
            let response = try Self.get(preview, attempt)
            #expect(response.status == 404 || response.status == 400, "\(attempt): \(response.status)")
            #expect(!response.body.contains("root:"), "\(attempt)")
        }
    }

    @Test("on a real socket: reload events arrive after a save; idle and slow connections are closed; oversized heads are refused")
    func liveSocket() async throws {
        let preview = try await RunningPreview(files: Self.site, idleTimeout: .seconds(1))
        defer { Task { await preview.stop() } }
        let port = preview.port
        var events = try LiveSocket.events(port: port, target: "/_guidesite/events")
        // Generous waits: `swift test` runs the other suites' synchronous builds on the threads
        // this server's tasks need (one per core), for up to a minute; what is tested here is
        // that the events come, not how fast (make bench-serve measures that). A stream whose
        // head waited past the 1 s idle timeout is closed; the test connects again, as a
        // browser's EventSource does.
        var connected = events.waitForEvent(containing: ": connected", within: 10)
        for _ in 0..<5 where connected == nil {
            events = try LiveSocket.events(port: port, target: "/_guidesite/events")
            connected = events.waitForEvent(containing: ": connected", within: 10)
        }
        #expect(connected != nil)
        try preview.site.write("---\ntitle: Picker\ncategories: [controls]\n---\n## Role\n\nSaved.\n", to: "Content/native/picker.md")
        let edited = events.waitForEvent(containing: "/native/picker/", within: 60)
        #expect(edited != nil, "no reload event within 60 s")
        #expect(edited?.contains("/native/stepper/") == false)
        #expect(try LiveSocket.request(port: port, target: "/native/picker/").body.contains("Saved."))

        // 100 connections that never send a byte, and 20 that send half a request head and stop.
        let idle = try (0..<100).map { _ in try LiveSocket(port: port, timeout: 0.1) }
        let slow = try (0..<20).map { _ -> LiveSocket in
            let client = try LiveSocket(port: port, timeout: 0.1)
            client.send("GET /native/picker/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            return client
        }
        #expect(try LiveSocket.request(port: port, target: "/native/picker/").status == 200, "served while 120 connections hang")
        let closedIdle = idle.filter { $0.closedByServer(within: 10) }.count
        let closedSlow = slow.filter { $0.closedByServer(within: 10) }.count
        #expect(closedIdle == 100, "idle connections closed: \(closedIdle) of 100")
        #expect(closedSlow == 20, "half-sent requests closed: \(closedSlow) of 20")
        // An event stream is a response in progress: it outlives the idle timeout.
        #expect(!events.closedByServer(within: 2.5), "the live-reload stream stays open")

        let refused = LiveSocket.Reply(status: 0, headers: [:], body: "")
        let huge = (try? LiveSocket.request(port: port, target: "/", headers: ["X-Huge": String(repeating: "a", count: 64 * 1024)])) ?? refused
        #expect(huge.status == 431 || huge.status == 400 || huge.status == 0, "a 64 kB header is refused (status \(huge.status))")
        #expect(huge.body.isEmpty || !huge.body.contains("Welcome"))
        let many = (try? LiveSocket.request(port: port, target: "/", headers: Dictionary(uniqueKeysWithValues: (0..<200).map { ("X-H\($0)", "v") }))) ?? refused
        #expect(many.status != 200, "200 headers are refused (status \(many.status))")
        #expect(try LiveSocket.request(port: port, target: "/").status == 200, "and the server still answers")
    }
}
