import Foundation
import GuideSiteCore
#if canImport(Glibc)
import Glibc
#endif

/// Watches a site's `Content/`, `Templates/`, `site.yml` and a library's own configuration
/// (`_config.yml`, `hugo.toml`) and reports bursts of changes once they settle. Uses inotify on
/// Linux (watching every folder, including ones created later) and falls back to polling
/// modification times where inotify is unavailable.
public final class FileWatcher: @unchecked Sendable {
    /// How long the files must stay quiet before a save is reported.
    public static let debounce: Duration = .milliseconds(8)
    /// Polling interval of the fallback.
    public static let pollInterval: Duration = .milliseconds(250)

    private let layout: SiteLayout
    private let lock = NSLock()
    private var stopped = false
    private var descriptor: Int32 = -1
    private var watched: [Int32: String] = [:]
    /// How long a file may stay open for writing before its burst is reported anyway. An editor
    /// saving in place truncates, writes, then closes: until the close the file may be empty or
    /// half written. A writer that holds a file open must not stop the preview.
    public var openWriteLimit: Duration = .seconds(2)
    /// How long the files must stay quiet when a burst touched several: a branch switch, a search
    /// and replace, a copy of a folder write file after file, and a pause between two must not
    /// split the burst.
    public var bulkDebounce: Duration = .milliseconds(100)
    /// How long a file may stay empty, or gone, before its burst is reported anyway: editors empty
    /// a file and write it again, or move it aside (Vim's backup) and write a new one.
    public var briefLimit: Duration = .milliseconds(500)
    /// Files caught between two states of a save, and the files the burst touched (the
    /// notification thread's alone).
    private var unsettled: [String: Unsettled] = [:], touched: Set<String> = []

    private enum Unsettled {
        /// Created or modified, not closed since.
        case writing
        /// Closed empty.
        case emptied
        /// Deleted or moved away, not back since.
        case gone
    }

    /// A watcher for the site at `layout`.
    public init(layout: SiteLayout) {
        self.layout = layout
    }

    /// Whether the watcher uses inotify (true) or polling (false).
    public private(set) var usesNotifications = false

    /// Files modified in place since the last `takeChanges()`, or nil when something else
    /// happened (a file or folder created, deleted or moved, events lost, polling, or no
    /// rebuild has checked every file since watching began).
    private var modified: Set<String>? = nil

    /// What changed since the last call, for `BuildRequest.knownChanges`; starts the next set.
    public func takeChanges() -> Set<String>? {
        lock.lock()
        defer { lock.unlock() }
        let taken = modified
        modified = usesNotifications ? [] : nil
        return taken
    }

    private func record(modified path: String?) {
        lock.lock()
        defer { lock.unlock() }
        if let path { modified?.insert(path) } else { modified = nil }
    }

    /// Changes, one element per settled burst. Ends when `stop()` is called.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        #endif
        if descriptor >= 0 {
            usesNotifications = true
            addWatches()
            let thread = Thread { [self] in self.notificationLoop(continuation) }
            thread.name = "guidesite-watcher"
            thread.start()
        } else {
            let thread = Thread { [self] in self.pollingLoop(continuation) }
            thread.name = "guidesite-poller"
            thread.start()
        }
        return stream
    }

    /// Stops watching and ends the stream.
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    // MARK: - inotify

    private func addWatches() {
        #if os(Linux)
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
                          | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        let rootWatch = inotify_add_watch(descriptor, layout.root.path, mask)
        // "" marks the root watched only for site.yml, Content and Templates; when the content
        // folder is the root itself, its own entry below replaces the mark.
        if rootWatch >= 0 { watched[rootWatch] = "" }
        for folder in [layout.content, layout.templates] {
            for path in Self.folders(under: folder, skipping: [layout.output.path]) {
                let watch = inotify_add_watch(descriptor, path, mask)
                if watch >= 0 { watched[watch] = path }
            }
        }
        #endif
    }

    private func notificationLoop(_ continuation: AsyncStream<Void>.Continuation) {
        #if os(Linux)
        defer {
            close(descriptor)
            continuation.finish()
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending = false
        var newFolders = false
        var quietSince = ContinuousClock.now
        while !isStopped {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, pending ? 2 : 100)
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    let (isRelevant, createdFolder) = relevant(buffer, count: count)
                    if isRelevant {
                        pending = true
                        quietSince = .now
                    }
                    newFolders = newFolders || createdFolder
                }
            } else if pending, ContinuousClock.now - quietSince >= settleTime {
                pending = false
                // The rebuild reads the files as they are now: a file still caught half way is
                // followed again from its next event.
                unsettled.removeAll()
                touched.removeAll()
                // Only a new folder needs a new watch; rescanning costs a walk of the tree. The
                // watch comes before the rebuild is asked for, and the rebuild walks again: files
                // made in the new folder before its watch are found by that walk, later ones by
                // their events. (Watching after asking let the rebuild take the report first and
                // a later edit in the new folder reach a rebuild that reused the walk before it.)
                if newFolders {
                    newFolders = false
                    addWatches()
                    record(modified: nil)
                }
                continuation.yield()
            }
        }
        #endif
    }

    /// How long the files must stay quiet before the burst is reported: longer while a save is
    /// caught half way, or when the burst touched several files.
    private var settleTime: Duration {
        unsettled.values.contains(.writing) ? openWriteLimit : !unsettled.isEmpty ? briefLimit
            : touched.count > 1 ? bulkDebounce : Self.debounce
    }

    /// Follows a source file through a save: open for writing from its creation or first change
    /// to its close; closed empty; gone until a file of its name is back.
    private func follow(_ path: String, mask: UInt32) {
        #if os(Linux)
        touched.insert(path)
        if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
            unsettled[path] = .gone
        } else if mask & UInt32(IN_CREATE | IN_MODIFY) != 0 {
            unsettled[path] = .writing
        } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 {
            var status = stat()
            unsettled[path] = stat(path, &status) == 0 && status.st_size == 0 ? .emptied : nil
        }
        #endif
    }

    /// Whether a batch of events touches the site's sources: anything under Content/ or
    /// Templates/ except editor litter, and site.yml, Content or Templates in the root.
    /// Records the files modified in place, or that it cannot tell (`takeChanges()`).
    private func relevant(_ buffer: [UInt8], count: Int) -> (relevant: Bool, createdFolder: Bool) {
        #if os(Linux)
        var offset = 0
        var found = false
        var createdFolder = false
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let (watch, length, mask) = buffer.withUnsafeBytes { raw -> (Int32, Int, UInt32) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, Int(event.len), event.mask)
            }
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { createdFolder = true }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += headerSize + length
            let folder = watched[watch]
            // In place: modified, closed after writing, attributes. Anything else (created,
            // deleted, moved, lost events, a watch gone) changes which files there are.
            let inPlace = mask & UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB) != 0
                && mask & ~UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_ISDIR) == 0
            let file = mask & UInt32(IN_ISDIR) == 0
            if let folder, !folder.isEmpty, !name.isEmpty {
                // Editor litter is never content. A file of the theme that came or went is
                // reported too: the theme is read again, and which content files there are did not move.
                let path = folder + "/" + name
                let themed = layout.isTemplate(path) || layout.themeFile(path) != nil
                if !EditorLitter.isLitter(name) {
                    if file { follow(path, mask: mask) }
                    record(modified: file && (inPlace || themed) ? path : nil)
                }
            } else if !inPlace || folder == nil {
                record(modified: nil)
            }
            if folder == "" {
                if ["site.yml", "Content", "Templates"].contains(name) || LibraryConfig.fileNames.contains(name) {
                    if file { follow(layout.root.path + "/" + name, mask: mask) }
                    found = true
                }
            } else if folder == layout.root.path, name == "Output" || layout.output.lastPathComponent == name {
                continue
            } else if folder != nil, !EditorLitter.isLitter(name) {
                found = true
            }
        }
        return (found, createdFolder)
        #else
        return (true, true)
        #endif
    }

    // MARK: - Polling fallback

    private func pollingLoop(_ continuation: AsyncStream<Void>.Continuation) {
        defer { continuation.finish() }
        var previous = snapshot()
        while !isStopped {
            Thread.sleep(forTimeInterval: Double(Self.pollInterval.components.attoseconds) / 1e18)
            let current = snapshot()
            if current != previous {
                previous = current
                continuation.yield()
            }
        }
    }

    /// Path, size and modification time of every watched file.
    func snapshot() -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        var files = [layout.configFile.path] + LibraryConfig.fileNames.map { layout.root.appending(path: $0).path }
        for folder in [layout.content, layout.templates] {
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let relative as String in walker where !EditorLitter.isLitter(path: relative) {
                files.append(folder.path + "/" + relative)
            }
        }
        for path in files {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes[.size] as? NSNumber)?.doubleValue ?? 0
            result[path] = [modified, size]
        }
        return result
    }

    static func folders(under folder: URL, skipping: Set<String> = []) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
        var result = [folder.path]
        if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey],
                                                       options: [.skipsHiddenFiles]) {
            for case let url as URL in walker {
                let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
                if skipping.contains(url.standardizedFileURL.path) {
                    walker.skipDescendants()
                    continue
                }
                if values?.isDirectory == true, values?.isSymbolicLink != true { result.append(url.path) }
            }
        }
        return result
    }
}
