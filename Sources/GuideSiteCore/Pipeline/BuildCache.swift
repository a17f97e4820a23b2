import Foundation

/// What a rebuild can reuse from the previous build of the same site (the preview server keeps
/// one): pages whose source bytes did not change are not parsed again, their Markdown is not
/// rendered again unless the routes, base path or Markdown settings changed, and a page whose
/// template values and layout did not change is not rendered again.
public final class BuildCache: @unchecked Sendable {
    struct ParsedEntry {
        var bytes: Data
        var page: Page?
        var diagnostics: [Diagnostic]
    }

    struct RenderedEntry {
        var settings: Int
        var input: Page
        var page: Page
        var diagnostics: [Diagnostic]
    }

    private let lock = NSLock()
    private var parsed: [String: ParsedEntry] = [:]
    private var rendered: [String: RenderedEntry] = [:]
    private var html: [String: (key: Int, data: Data)] = [:]
    /// Counters for tests and `--timings`: what the last build reused and redid.
    public private(set) var statistics = Statistics()

    /// How much of the last build came from the cache.
    public struct Statistics: Sendable, Equatable {
        /// Files parsed again / reused.
        public var parsed = 0, parseReused = 0
        /// Markdown bodies rendered again / reused.
        public var markdownRendered = 0, markdownReused = 0
        /// Pages rendered through templates again / reused.
        public var pagesRendered = 0, pagesReused = 0
    }

    /// An empty cache.
    public init() {}

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func beginBuild() {
        locked { statistics = Statistics() }
    }

    func parsedPage(for path: String, bytes: Data) -> ParsedEntry? {
        locked {
            guard let entry = parsed[path], entry.bytes == bytes else { return nil }
            statistics.parseReused += 1
            return entry
        }
    }

    func storeParsed(_ entry: ParsedEntry, for path: String) {
        locked {
            parsed[path] = entry
            statistics.parsed += 1
        }
    }

    func renderedPage(for input: Page, settings: Int) -> RenderedEntry? {
        locked {
            guard let entry = rendered[input.contentPath], entry.settings == settings, entry.input == input else { return nil }
            statistics.markdownReused += 1
            return entry
        }
    }

    func storeRendered(_ entry: RenderedEntry, for path: String) {
        locked {
            rendered[path] = entry
            statistics.markdownRendered += 1
        }
    }

    func html(for file: String, key: Int) -> Data? {
        locked {
            guard let entry = html[file], entry.key == key else { return nil }
            statistics.pagesReused += 1
            return entry.data
        }
    }

    func storeHTML(_ data: Data, for file: String, key: Int) {
        locked {
            html[file] = (key, data)
            statistics.pagesRendered += 1
        }
    }

    /// Drops entries of files that no longer exist, so the cache does not grow without bound.
    func keepOnly(contentPaths: Set<String>, outputFiles: Set<String>) {
        locked {
            parsed = parsed.filter { contentPaths.contains($0.key) }
            rendered = rendered.filter { contentPaths.contains($0.key) }
            html = html.filter { outputFiles.contains($0.key) }
        }
    }
}
