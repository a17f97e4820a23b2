import Foundation
import GuideSiteCore
import Testing
@testable import GuideSitePreview

@Suite("Preview path resolution")
struct RequestPathTests {
    static let files: Set<String> = ["index.html", "native/picker/index.html", "assets/site.css", ".guidesite-output"]

    func resolve(_ target: String, base: String = "/") -> RequestPath.Resolution {
        RequestPath.resolve(target, basePath: base, exists: { Self.files.contains($0) })
    }

    @Test("site files resolve, folders redirect to their trailing slash")
    func files() {
        #expect(resolve("/") == .file("index.html"))
        #expect(resolve("/native/picker/") == .file("native/picker/index.html"))
        #expect(resolve("/native/picker/?q=1") == .file("native/picker/index.html"))
        #expect(resolve("/native/picker") == .redirect("/native/picker/"))
        #expect(resolve("/assets/site.css") == .file("assets/site.css"))
        #expect(resolve("/guide/native/picker/", base: "/guide/") == .file("native/picker/index.html"))
        #expect(resolve("/guide", base: "/guide/") == .redirect("/guide/"))
    }

    @Test("traversal attempts, odd encodings and hidden files answer 404", arguments: [
        "/../etc/passwd", "/native/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd",
        "/native/..%2f..%2fetc/passwd", "/..\\..\\etc\\passwd", "/native%5c..%5c..%5cetc", "/index.html%00.css",
        "//etc/passwd", "/etc/passwd", "/.guidesite-output", "/native/./picker/index.html", "relative/path",
        "/%252e%252e/etc/passwd", "/native/picker/../../../etc/passwd",
    ])
    func traversal(target: String) {
        #expect(resolve(target) == .notFound)
    }
}

/// A running `serve` over a temporary copy of a fixture site.
final class RunningPreview: @unchecked Sendable {
    let root: URL
    let session: PreviewSession
    let port: Int
    private let task: Task<Void, Error>

    init(files: [String: String], idleTimeout: Duration = .seconds(15)) async throws {
        root = FileManager.default.temporaryDirectory.appending(path: "guidesite-preview-\(UUID().uuidString)", directoryHint: .isDirectory)
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        session = PreviewSession(request: BuildRequest(root: root))
        await session.rebuild()
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var server = PreviewServer(session: session, host: "127.0.0.1", port: 0)
        server.idleTimeout = idleTimeout
        let app = server.application(
            watcher: FileWatcher(layout: SiteLayout(root: root)),
            onRunning: { continuation.yield($0) }
        )
        task = Task { try await app.run() }
        var found = 0
        for await port in ports {
            found = port
            break
        }
        port = found
    }

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: root.appending(path: path))
    }

    func stop() async {
        await session.state.close()
        task.cancel()
        try? FileManager.default.removeItem(at: root)
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

    @Test("edit, delete, break and fix an entry: reload events within 2 s, and the served site equals a fresh build")
    func liveEditing() async throws {
        let preview = try await RunningPreview(files: Self.site)
        defer { Task { await preview.stop() } }
        let port = preview.port

        let first = try RawHTTP.request(port: port, target: "/native/picker/")
        #expect(first.status == 200)
        #expect(first.body.contains("First version."))
        #expect(first.body.contains("data-guidesite-live-reload"))
        #expect(first.headers["content-type"] == "text/html; charset=utf-8")

        let events = try RawHTTP.events(port: port, target: "/_guidesite/events")
        #expect(events.waitForEvent(containing: ": connected", within: 2) != nil)

        try preview.write("---\ntitle: Picker\ncategories: [controls]\n---\n## Role\n\nSecond version.\n", to: "Content/native/picker.md")
        let edited = events.waitForEvent(containing: "/native/picker/", within: 2)
        #expect(edited != nil, "no reload event within 2 s")
        #expect(edited?.contains("/native/stepper/") == false, "an unrelated page was not reloaded")
        #expect(try RawHTTP.request(port: port, target: "/native/picker/").body.contains("Second version."))

        try FileManager.default.removeItem(at: preview.root.appending(path: "Content/native/stepper.md"))
        #expect(events.waitForEvent(containing: "/native/stepper/", within: 2) != nil)
        #expect(try RawHTTP.request(port: port, target: "/native/stepper/").status == 404)
        #expect(try !RawHTTP.request(port: port, target: "/native/").body.contains("Stepper"))
        #expect(try !RawHTTP.request(port: port, target: "/categories/controls/").body.contains("Stepper"))

        try preview.write("---\ntitle: [Picker\n---\nBroken.\n", to: "Content/native/picker.md")
        #expect(events.waitForEvent(containing: "\"*\"", within: 2) != nil)
        let broken = try RawHTTP.request(port: port, target: "/native/")
        #expect(broken.status == 500)
        #expect(broken.body.contains("<h1>The site could not be built</h1>"))
        #expect(broken.body.contains("<div role=\"alert\">"))
        #expect(broken.body.contains("Content/native/picker.md:2:8: error:"))

        try preview.write("---\ntitle: Picker\ncategories: [controls]\n---\n## Role\n\nThird version.\n", to: "Content/native/picker.md")
        #expect(events.waitForEvent(containing: "\"*\"", within: 2) != nil)
        #expect(try RawHTTP.request(port: port, target: "/native/picker/").body.contains("Third version."))

        // A new folder is a new section: it is watched, built and served.
        try FileManager.default.createDirectory(at: preview.root.appending(path: "Content/web"), withIntermediateDirectories: true)
        try preview.write("---\ntitle: Button\n---\nNew section.\n", to: "Content/web/button.md")
        #expect(events.waitForEvent(containing: "/web/button/", within: 2) != nil)
        #expect(try RawHTTP.request(port: port, target: "/web/button/").body.contains("New section."))
        try preview.write("---\ntitle: Button\n---\nEdited in the new folder.\n", to: "Content/web/button.md")
        #expect(events.waitForEvent(containing: "/web/button/", within: 2) != nil)
        #expect(try RawHTTP.request(port: port, target: "/web/button/").body.contains("Edited in the new folder."))

        // After all these edits, the served files equal a fresh `guidesite build` of the same files.
        let served = await preview.session.state.servedFiles().mapValues(\.data)
        let output = FileManager.default.temporaryDirectory.appending(path: "guidesite-preview-build-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = SiteBuilder().build(BuildRequest(root: preview.root, output: output))
        #expect(result.outcome == .success)
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
        #expect(!FileManager.default.fileExists(atPath: preview.root.appending(path: "Output").path), "serve never writes Output/")
    }

    @Test("idle and slow connections are closed after the idle timeout and never stop others being served; oversized headers are refused")
    func slowClients() async throws {
        let preview = try await RunningPreview(files: Self.site, idleTimeout: .seconds(1))
        defer { Task { await preview.stop() } }
        let port = preview.port
        // 100 connections that never send a byte, and 20 that send half a request head and stop.
        let idle = try (0..<100).map { _ in try RawHTTP(port: port, timeout: 0.1) }
        let slow = try (0..<20).map { _ -> RawHTTP in
            let client = try RawHTTP(port: port, timeout: 0.1)
            client.send("GET /native/picker/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            return client
        }
        #expect(try RawHTTP.request(port: port, target: "/native/picker/").status == 200, "served while 120 connections hang")
        let closedIdle = idle.filter { $0.closedByServer(within: 3) }.count
        let closedSlow = slow.filter { $0.closedByServer(within: 3) }.count
        #expect(closedIdle == 100, "idle connections closed: \(closedIdle) of 100")
        #expect(closedSlow == 20, "half-sent requests closed: \(closedSlow) of 20")
        // An event stream is a response in progress: it outlives the idle timeout.
        let events = try RawHTTP.events(port: port, target: "/_guidesite/events")
        #expect(!events.closedByServer(within: 2.5), "the live-reload stream stays open")

        let refused = RawHTTP.Reply(status: 0, headers: [:], body: "")
        let huge = (try? RawHTTP.request(port: port, target: "/", headers: ["X-Huge": String(repeating: "a", count: 64 * 1024)])) ?? refused
        #expect(huge.status == 431 || huge.status == 400 || huge.status == 0, "a 64 kB header is refused (status \(huge.status))")
        #expect(huge.body.isEmpty || !huge.body.contains("Welcome"))
        let many = (try? RawHTTP.request(port: port, target: "/", headers: Dictionary(uniqueKeysWithValues: (0..<200).map { ("X-H\($0)", "v") }))) ?? refused
        #expect(many.status != 200, "200 headers are refused (status \(many.status))")
        #expect(try RawHTTP.request(port: port, target: "/").status == 200, "and the server still answers")
    }

    @Test("only GET and HEAD, conditional requests, content types, and traversal answers 404 over HTTP")
    func protocolRules() async throws {
        let preview = try await RunningPreview(files: Self.site)
        defer { Task { await preview.stop() } }
        let port = preview.port
        #expect(try RawHTTP.request(port: port, method: "POST", target: "/").status == 405)
        #expect(try RawHTTP.request(port: port, method: "DELETE", target: "/native/picker/").status == 405)
        let head = try RawHTTP.request(port: port, method: "HEAD", target: "/native/picker/")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        let css = try RawHTTP.request(port: port, target: "/assets/site.css")
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        let etag = try #require(css.headers["etag"])
        #expect(try RawHTTP.request(port: port, target: "/assets/site.css", headers: ["If-None-Match": etag]).status == 304)
        #expect(try RawHTTP.request(port: port, target: "/native/picker").status == 301)
        for attempt in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%5c..%5cetc%5cpasswd", "/index.html%00", "/native/", "/.guidesite-output"] {
            let reply = try RawHTTP.request(port: port, target: attempt)
            if attempt == "/native/" {
                #expect(reply.status == 200)
            } else {
                #expect(reply.status == 404, "\(attempt)")
                #expect(!reply.body.contains("root:"), "\(attempt)")
            }
        }
    }
}

@Suite("File watcher")
struct FileWatcherTests {
    @Test("reports files modified in place, and nothing it cannot vouch for (new files, the first rebuild)")
    func knownChanges() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "guidesite-watch-\(UUID().uuidString)", directoryHint: .isDirectory)
        defer { try? FileManager.default.removeItem(at: root) }
        let picker = root.appending(path: "Content/native/picker.md")
        try FileManager.default.createDirectory(at: picker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# Picker\n".utf8).write(to: picker)
        let watcher = FileWatcher(layout: SiteLayout(root: root))
        let changes = watcher.changes()
        defer { watcher.stop() }
        _ = changes
        #expect(watcher.usesNotifications)
        // Nothing has checked every file since watching began.
        #expect(watcher.takeChanges() == nil)
        #expect(watcher.takeChanges() == [])

        try Data("# Picker\n\nEdited.\n".utf8).write(to: picker)
        try await Task.sleep(for: .milliseconds(300))
        let modified = watcher.takeChanges()
        #expect(modified?.count == 1)
        #expect(modified?.first?.hasSuffix("/Content/native/picker.md") == true)

        // A hidden editor file is never content: still known.
        try Data("swap".utf8).write(to: root.appending(path: "Content/native/.picker.md.swp"))
        try await Task.sleep(for: .milliseconds(300))
        #expect(watcher.takeChanges() == [])

        try Data("# Stepper\n".utf8).write(to: root.appending(path: "Content/native/stepper.md"))
        try await Task.sleep(for: .milliseconds(300))
        #expect(watcher.takeChanges() == nil)
    }
}
