import Foundation

/// What the preview server serves: the files of the last good build, or the error page of the
/// last failed one, and the readers waiting for the next rebuild.
public actor PreviewState {
    /// A served file.
    public struct File: Sendable {
        /// Its bytes, without the live-reload script.
        public var data: Data
        /// When a build last changed its bytes: with the size, what its ETag is made from.
        public var modified: Date
    }

    private(set) var files: [String: File] = [:]
    private(set) var errorPage: Data?
    /// Increases with every rebuild.
    public private(set) var version = 0
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    private var closed = false

    /// Path prefix the site is served under, as the last build read it.
    public private(set) var basePath = "/"
    /// The live-reload script for that base path, made once.
    private(set) var script = Data(LiveReload.script(basePath: "/").utf8)

    /// What a request path leads to: a file, a folder (its `index.html` is the page), or nothing.
    enum Target {
        case file(relative: String, File, script: Data)
        case folder
    }

    /// An empty state.
    public init() {}

    func serve(under basePath: String) {
        guard basePath != self.basePath else { return }
        self.basePath = basePath
        script = Data(LiveReload.script(basePath: basePath).utf8)
    }

    /// Where the decoded request path `path` leads under the current base path, looked up in one
    /// call (the file middleware asks for every request).
    func target(of path: String) -> Target? {
        guard let relative = RequestPath.relative(path, basePath: basePath) else { return nil }
        if relative.isEmpty || relative.hasSuffix("/") { return files[relative + "index.html"] == nil ? nil : .folder }
        if let file = files[relative] { return .file(relative: relative, file, script: script) }
        return files[relative + "/index.html"] == nil ? nil : .folder
    }

    /// The file at `path` (relative, `native/picker/index.html`).
    public func file(at path: String) -> File? { files[path] }

    /// Every served file; a copy-on-write snapshot, so requests never block rebuilds.
    public func servedFiles() -> [String: File] { files }

    /// The error page while the last build failed.
    public func currentErrorPage() -> Data? { errorPage }

    /// Every path served, for tests.
    public func paths() -> [String] { files.keys.sorted() }

    /// Installs a successful build and returns the output paths whose bytes changed, appeared or
    /// disappeared. One pass, changing only what changed: the served files are updated in
    /// place, and a page whose bytes are the very buffer served already is not compared.
    /// `onlyAt`: the paths a build wrote when it started from the files served now (the others
    /// are the same), so only those are compared.
    func install(_ newFiles: [String: Data], onlyAt written: Set<String>? = nil) -> Set<String> {
        var changed = Set<String>()
        let now = Date()
        if let written, files.count == newFiles.count {
            for path in written {
                guard let data = newFiles[path] else { continue }
                if let old = files[path], Self.same(old.data, data) { continue }
                changed.insert(path)
                files[path] = File(data: data, modified: now)
            }
            errorPage = nil
            return changed
        }
        for (path, data) in newFiles {
            if let old = files[path], Self.same(old.data, data) { continue }
            changed.insert(path)
            files[path] = File(data: data, modified: now)
        }
        // Every new path is in `files` now: more entries means some disappeared.
        if files.count != newFiles.count {
            for path in files.keys where newFiles[path] == nil { changed.insert(path) }
            files = files.filter { newFiles[$0.key] != nil }
        }
        errorPage = nil
        return changed
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
        errorPage = page
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
