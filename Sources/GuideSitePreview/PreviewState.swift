import Foundation

/// What the preview server serves: the files of the last good build, or the error page of the
/// last failed one, and the readers waiting for the next rebuild.
public actor PreviewState {
    /// A served file.
    public struct File: Sendable {
        /// Its bytes, without the live-reload script.
        public var data: Data
        /// Strong validator for conditional requests.
        public var etag: String
    }

    private(set) var files: [String: File] = [:]
    private(set) var errorPage: Data?
    /// Increases with every rebuild.
    public private(set) var version = 0
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    private var closed = false

    /// An empty state.
    public init() {}

    /// The file at `path` (relative, `native/picker/index.html`).
    public func file(at path: String) -> File? { files[path] }

    /// Every served file; a copy-on-write snapshot, so requests never block rebuilds.
    public func servedFiles() -> [String: File] { files }

    /// The error page while the last build failed.
    public func currentErrorPage() -> Data? { errorPage }

    /// Every path served, for tests.
    public func paths() -> [String] { files.keys.sorted() }

    /// Installs a successful build and returns the output paths whose bytes changed, appeared or
    /// disappeared.
    func install(_ newFiles: [String: Data]) -> Set<String> {
        var changed = Set<String>()
        for (path, data) in newFiles where files[path]?.data != data { changed.insert(path) }
        for path in files.keys where newFiles[path] == nil { changed.insert(path) }
        var installed: [String: File] = [:]
        for (path, data) in newFiles {
            installed[path] = files[path].flatMap { $0.data == data ? $0 : nil } ?? File(data: data, etag: Self.etag(data))
        }
        files = installed
        errorPage = nil
        return changed
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

    /// A strong ETag: FNV-1a over the bytes.
    static func etag(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "\"" + String(hash, radix: 16) + "-" + String(data.count, radix: 16) + "\""
    }
}
