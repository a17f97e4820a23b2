import Foundation
import Synchronization

/// What the preview server serves: the files of the last good build, or the error page of the
/// last failed one, and the readers waiting for the next rebuild.
public actor PreviewState {
    /// A served file: one version of it, whose bytes, size and date always travel together.
    public struct File: Sendable {
        /// Its bytes, without the live-reload script.
        public var data: Data
        /// When a build last changed its bytes: with the size, what its ETag is made from.
        public var modified: Date
    }

    /// Everything a request reads, behind one lock: a request takes what it needs in one
    /// synchronous look-up, so a rebuild can never hand it the headers of one version and the
    /// bytes of another.
    struct Served: Sendable {
        var files: [String: File] = [:]
        var errorPage: Data?
        var basePath = "/"
        /// The live-reload script for that base path, made once.
        var script = Data(LiveReload.script(basePath: "/").utf8)
    }

    private nonisolated let served = Mutex(Served())
    /// Increases with every rebuild.
    public private(set) var version = 0
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    private var closed = false

    /// Path prefix the site is served under, as the last build read it.
    public nonisolated var basePath: String { served.withLock { $0.basePath } }

    /// What a request path leads to: one version of a file (with the script of the base path it
    /// was found under), a folder (its `index.html` is the page), or nothing.
    enum Target: Sendable {
        case file(relative: String, File, script: Data)
        case folder
    }

    /// An empty state.
    public init() {}

    func serve(under basePath: String) {
        served.withLock { served in
            guard basePath != served.basePath else { return }
            served.basePath = basePath
            served.script = Data(LiveReload.script(basePath: basePath).utf8)
        }
    }

    /// Where the decoded request path `path` leads under the current base path, looked up in one
    /// call (the file middleware asks for every request).
    nonisolated func target(of path: String) -> Target? {
        served.withLock { served in
            guard let relative = RequestPath.relative(path, basePath: served.basePath) else { return nil }
            if relative.isEmpty || relative.hasSuffix("/") { return served.files[relative + "index.html"] == nil ? nil : .folder }
            if let file = served.files[relative] { return .file(relative: relative, file, script: served.script) }
            return served.files[relative + "/index.html"] == nil ? nil : .folder
        }
    }

    /// The file at `path` (relative, `native/picker/index.html`).
    public nonisolated func file(at path: String) -> File? { served.withLock { $0.files[path] } }

    /// Every served file, for tests.
    public nonisolated func servedFiles() -> [String: File] { served.withLock { $0.files } }

    /// The error page while the last build failed, and the base path to serve it under.
    nonisolated func currentErrorPage() -> (page: Data, basePath: String)? {
        served.withLock { served in served.errorPage.map { ($0, served.basePath) } }
    }

    /// Every path served, for tests.
    public nonisolated func paths() -> [String] { servedFiles().keys.sorted() }

    /// Installs a successful build and returns the output paths whose bytes changed, appeared or
    /// disappeared. The changes are found outside the lock and applied under it in one step, so
    /// requests wait only for that step and never see half of it.
    /// `onlyAt`: the paths a build wrote when it started from the files served now (the others
    /// are the same), so only those are compared.
    func install(_ newFiles: [String: Data], onlyAt written: Set<String>? = nil) -> Set<String> {
        var changed: [String: File] = [:]
        var removed: [String] = []
        let now = Date()
        do {
            // Only this actor writes `files`; the copy is a reference, dropped before the write.
            let current = servedFiles()
            let onlyWritten = written != nil && current.count == newFiles.count
            for path in onlyWritten ? Array(written!) : Array(newFiles.keys) {
                guard let data = newFiles[path] else { continue }
                if let old = current[path], Self.same(old.data, data) { continue }
                changed[path] = File(data: data, modified: now)
            }
            // Every new path is among the changes: more paths than that means some disappeared.
            if !onlyWritten, current.count + changed.keys.filter({ current[$0] == nil }).count != newFiles.count {
                removed = current.keys.filter { newFiles[$0] == nil }
            }
        }
        served.withLock { served in
            for (path, file) in changed { served.files[path] = file }
            for path in removed { served.files[path] = nil }
            served.errorPage = nil
        }
        return Set(changed.keys).union(removed)
    }

    /// Equal bytes; the same buffer (a page the cache kept) is equal without a comparison.
    static func same(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { first in
            b.withUnsafeBytes { second in
                first.baseAddress == second.baseAddress || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
            }
        }
    }

    /// Shows `page` instead of every HTML page until the next good build.
    func fail(with page: Data) {
        served.withLock { $0.errorPage = page }
    }

    /// Tells every reader which pages changed (`*` for all).
    func announce(_ pages: [String]) {
        version += 1
        let payload = #"{"version":\#(version),"pages":["# + pages.map { "\"\($0.replacingOccurrences(of: "\"", with: "%22"))\"" }.joined(separator: ",") + "]}"
        let event = "event: rebuild\ndata: \(payload)\n\n"
        for listener in listeners.values { listener.yield(event) }
    }

    /// A stream of Server-Sent Events text, ending when the server stops.
    public func subscribe() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        if closed {
            continuation.finish()
            return stream
        }
        listeners[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        continuation.yield(": connected\n\n")
        return stream
    }

    private func unsubscribe(_ id: UUID) {
        listeners[id] = nil
    }

    /// Number of open event streams.
    public func listenerCount() -> Int { listeners.count }

    /// Ends every event stream, so the server can stop.
    public func close() {
        closed = true
        for listener in listeners.values { listener.finish() }
        listeners = [:]
    }
}
