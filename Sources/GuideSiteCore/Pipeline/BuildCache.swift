import Foundation

/// What a rebuild can reuse from the previous build of the same site (the preview server keeps
/// one): pages whose source bytes did not change are not parsed again, their Markdown is not
/// rendered again unless the routes, base path or Markdown settings changed, and a page whose
/// template values and layout did not change is not rendered again.
public final class BuildCache: @unchecked Sendable {
    struct ParsedEntry {
        var stamp: FileStamp?
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

    private var settingsKey: Int?

    /// Starts a build; when site.yml or the request changed, nothing of the previous build is
    /// reused (parsing depends on site.yml's section layouts, rendering on everything).
    func beginBuild(settings: Int) {
        locked {
            statistics = Statistics()
            if settingsKey != settings {
                parsed = [:]
                rendered = [:]
                html = [:]
                exports = [:]
                settingsKey = settings
            }
        }
    }

    /// The parsed page of a file whose size, modification time and inode have not changed since
    /// it was read, without reading it again.
    func parsedPage(for path: String, stamp: FileStamp) -> ParsedEntry? {
        locked {
            guard let entry = parsed[path], entry.stamp == stamp else { return nil }
            statistics.parseReused += 1
            return entry
        }
    }

    func parsedPage(for path: String, bytes: Data) -> ParsedEntry? {
        locked {
            guard let entry = parsed[path], entry.bytes == bytes else { return nil }
            statistics.parseReused += 1
            return entry
        }
    }

    /// Records the current stamp of a file whose bytes were unchanged, so the next build can
    /// skip reading it.
    func restamp(_ path: String, stamp: FileStamp) {
        locked { parsed[path]?.stamp = stamp }
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

    func hasHTML(for file: String, key: Int) -> Bool {
        locked { html[file]?.key == key }
    }

    func storeHTML(_ data: Data, for file: String, key: Int) {
        locked {
            html[file] = (key, data)
            statistics.pagesRendered += 1
        }
    }

    private var exports: [String: (key: Int, value: Any)] = [:]

    /// A value derived from the whole site (`criteria.json`, related entries), made again only
    /// when `key` changes.
    func derived<Value>(_ name: String, key: Int, make: () -> Value) -> Value {
        if let hit = locked({ exports[name].flatMap { $0.key == key ? $0.value as? Value : nil } }) { return hit }
        let value = make()
        locked { exports[name] = (key, value) }
        return value
    }

    /// Drops entries of files that no longer exist, so the cache does not grow without bound.
    func keepOnly(contentPaths: Set<String>, outputFiles: Set<String>) {
        locked {
            // Filtering rebuilds a dictionary; most rebuilds have nothing to drop.
            if parsed.keys.contains(where: { !contentPaths.contains($0) }) { parsed = parsed.filter { contentPaths.contains($0.key) } }
            if rendered.keys.contains(where: { !contentPaths.contains($0) }) { rendered = rendered.filter { contentPaths.contains($0.key) } }
            if html.keys.contains(where: { !outputFiles.contains($0) }) { html = html.filter { outputFiles.contains($0.key) } }
            exports = exports.filter { name, _ in
                !name.hasPrefix(SearchIndex.entryCachePrefix) || outputFiles.contains(String(name.dropFirst(SearchIndex.entryCachePrefix.count)))
            }
        }
    }
}

/// What `stat` says of a file: if none of it changed, neither did the file.
struct FileStamp: Hashable {
    var size: Int64
    var inode: UInt64
    var seconds: Int
    var nanoseconds: Int

    /// `trustRecent` accepts a file written in the last two seconds (for files nobody edits,
    /// such as the guidesite binary).
    init?(path: String, trustRecent: Bool = false) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        // A file written in the last two seconds may be written again within the same clock
        // tick; such a stamp is not trusted.
        if !trustRecent, Int(time(nil)) - seconds < 2 { return nil }
    }
}
