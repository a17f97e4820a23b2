import Foundation
import GuideSiteCore
import Hummingbird
import HummingbirdTesting
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

    init(files: [String: String], idleTimeout: Duration = .seconds(15)) async throws {
        site = try await PreviewSite(files: files)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var server = PreviewServer(session: site.session, host: "127.0.0.1", port: 0)
        server.idleTimeout = idleTimeout
        let app = server.application(watcher: FileWatcher(layout: SiteLayout(root: site.root)), onRunning: { continuation.yield($0) })
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

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }

    @Test("edit, delete, break and fix an entry: the rebuild names the pages to reload, and the served site equals a fresh build")
    func liveEditing() async throws {
        let site = try await PreviewSite(files: Self.site)
        defer { site.remove() }
        let session = site.session
        let app = PreviewServer(session: session).application(watcher: nil)
        try await app.test(.router) { client in
            try await client.execute(uri: "/native/picker/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Self.text(response).contains("First version."))
                #expect(Self.text(response).contains("data-guidesite-live-reload"))
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            }

            try site.write("---\ntitle: Picker\ncategories: [controls]\n---\n## Role\n\nSecond version.\n", to: "Content/native/picker.md")
            let edited = await session.rebuild()
            #expect(edited.changedPages.contains("/native/picker/"))
            #expect(!edited.changedPages.contains("/native/stepper/"), "an unrelated page is not reloaded")
            try await client.execute(uri: "/native/picker/", method: .get) { #expect(Self.text($0).contains("Second version.")) }

            try FileManager.default.removeItem(at: site.root.appending(path: "Content/native/stepper.md"))
            #expect(await session.rebuild().changedPages.contains("/native/stepper/"))
            try await client.execute(uri: "/native/stepper/", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/native/", method: .get) { #expect(!Self.text($0).contains("Stepper")) }
            try await client.execute(uri: "/categories/controls/", method: .get) { #expect(!Self.text($0).contains("Stepper")) }

            try site.write("---\ntitle: [Picker\n---\nBroken.\n", to: "Content/native/picker.md")
            #expect(await session.rebuild().changedPages == ["*"])
            try await client.execute(uri: "/native/", method: .get) { response in
                #expect(response.status == .internalServerError)
                #expect(Self.text(response).contains("<h1>The site could not be built</h1>"))
                #expect(Self.text(response).contains("<div role=\"alert\">"))
                #expect(Self.text(response).contains("Content/native/picker.md:2:8: error:"))
                #expect(Self.text(response).contains("data-guidesite-live-reload"))
            }
            try await client.execute(uri: "/nowhere/", method: .get) { #expect($0.status == .internalServerError) }
            try await client.execute(uri: "/assets/site.css", method: .get) { #expect($0.status == .ok, "files other than pages are still served") }

            try site.write("---\ntitle: Picker\ncategories: [controls]\n---\n## Role\n\nThird version.\n", to: "Content/native/picker.md")
            #expect(await session.rebuild().changedPages == ["*"])
            try await client.execute(uri: "/native/picker/", method: .get) { #expect(Self.text($0).contains("Third version.")) }

            try site.write("---\ntitle: Button\n---\nNew section.\n", to: "Content/web/button.md")
            #expect(await session.rebuild().changedPages.contains("/web/button/"))
            try await client.execute(uri: "/web/button/", method: .get) { #expect(Self.text($0).contains("New section.")) }
        }

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
        let site = try await PreviewSite(files: Self.site)
        defer { site.remove() }
        let app = PreviewServer(session: site.session).application(watcher: nil)
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD")
            }
            try await client.execute(uri: "/native/picker/", method: .delete) { #expect($0.status == .methodNotAllowed) }
            try await client.execute(uri: "/native/picker/", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
                #expect(Int(response.headers[.contentLength] ?? "") ?? 0 > 0)
            }
            let page = try await client.execute(uri: "/native/picker/", method: .get)
            #expect(Int(page.headers[.contentLength] ?? "") == page.body.readableBytes, "the length counts the live-reload script")
            let css = try await client.execute(uri: "/assets/site.css", method: .get)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.headers[.cacheControl] == "no-cache")
            let etag = try #require(css.headers[.eTag])
            try await client.execute(uri: "/assets/site.css", method: .get, headers: [.ifNoneMatch: etag]) { #expect($0.status == .notModified) }
            try await client.execute(uri: "/native/picker", method: .get) { response in
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/native/picker/")
            }
            try await client.execute(uri: "/native/", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/nowhere/", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(Self.text(response).contains("<title>Page not found"))
            }
            for attempt in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%5c..%5cetc%5cpasswd", "/index.html%00", "/.guidesite-output",
                            "/native/..%2f..%2fetc/passwd", "//etc/passwd"] {
                try await client.execute(uri: attempt, method: .get) { response in
                    #expect(response.status == .notFound || response.status == .badRequest, "\(attempt): \(response.status)")
                    #expect(!Self.text(response).contains("root:"), "\(attempt)")
                }
            }
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
