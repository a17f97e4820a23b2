import Foundation
import GuideSiteCore
import Synchronization
import Testing
@testable import GuideSitePreview

@Suite("File watcher")
struct FileWatcherTests {
    /// A temporary site with one entry, `Content/native/picker.md`.
    static func site() throws -> (root: URL, picker: URL) {
        let root = FileManager.default.temporaryDirectory.appending(path: "guidesite-watch-\(UUID().uuidString)", directoryHint: .isDirectory)
        let picker = root.appending(path: "Content/native/picker.md")
        try FileManager.default.createDirectory(at: picker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# Picker\n".utf8).write(to: picker)
        return (root, picker)
    }

    @Test("reports files modified in place, and nothing it cannot vouch for (new files, the first rebuild)")
    func knownChanges() async throws {
        let (root, picker) = try Self.site()
        defer { try? FileManager.default.removeItem(at: root) }
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

    @Test("reports a layout, partial or style sheet that came, changed or went by its path (which content files there are did not move); a folder new in Templates/ it cannot vouch for")
    func templates() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "guidesite-watch-\(UUID().uuidString)", directoryHint: .isDirectory)
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Content", "Templates/layouts", "Templates/assets"] {
            try FileManager.default.createDirectory(at: root.appending(path: folder), withIntermediateDirectories: true)
        }
        let watcher = FileWatcher(layout: SiteLayout(root: root))
        let changes = watcher.changes()
        defer { watcher.stop() }
        _ = changes
        _ = watcher.takeChanges()
        let home = root.appending(path: "Templates/layouts/home.mustache")
        for step in ["made", "edited", "removed"] {
            if step == "removed" { try FileManager.default.removeItem(at: home) } else { try Data("<p>\(step)</p>".utf8).write(to: home) }
            try await Task.sleep(for: .milliseconds(300))
            let known = watcher.takeChanges()
            #expect(known?.count == 1 && known?.first?.hasSuffix("/Templates/layouts/home.mustache") == true, "\(step): \(String(describing: known))")
        }
        let sheet = root.appending(path: "Templates/assets/site.css")
        for step in ["made", "edited", "removed"] {
            if step == "removed" { try FileManager.default.removeItem(at: sheet) } else { try Data("body { color: \(step == "made" ? "black" : "navy") }".utf8).write(to: sheet) }
            try await Task.sleep(for: .milliseconds(300))
            let known = watcher.takeChanges()
            #expect(known?.count == 1 && known?.first?.hasSuffix("/Templates/assets/site.css") == true, "style sheet \(step): \(String(describing: known))")
        }
        try FileManager.default.createDirectory(at: root.appending(path: "Templates/assets/fonts"), withIntermediateDirectories: true)
        try await Task.sleep(for: .milliseconds(300))
        #expect(watcher.takeChanges() == nil, "a folder made in the theme")
    }
}

/// A watcher of a new site counting the bursts it reports.
final class CountedWatcher: Sendable {
    let root: URL, picker: URL, watcher: FileWatcher
    private final class Bursts: Sendable { let count = Mutex(0) }
    private let bursts = Bursts()
    private let counter: Task<Void, Never>

    /// `limit`: how long a file may stay open for writing, and (unless `brief` says) empty or gone.
    /// `bulk`: how long a burst of several files must stay quiet.
    init(limit: Duration, brief: Duration? = nil, bulk: Duration = .milliseconds(100)) async throws {
        (root, picker) = try FileWatcherTests.site()
        watcher = FileWatcher(layout: SiteLayout(root: root))
        watcher.openWriteLimit = limit
        watcher.briefLimit = brief ?? limit
        watcher.bulkDebounce = bulk
        let (changes, bursts) = (watcher.changes(), bursts)
        counter = Task { for await _ in changes { bursts.count.withLock { $0 += 1 } } }
        try await Task.sleep(for: .milliseconds(100))
        _ = watcher.takeChanges()
    }

    var count: Int { bursts.count.withLock { $0 } }

    /// Waits up to 10 s (the other suites share the cores) for `count` bursts.
    func wait(for expected: Int) async throws -> Int {
        for _ in 0..<100 where count < expected { try await Task.sleep(for: .milliseconds(100)) }
        return count
    }

    func stop() {
        watcher.stop()
        counter.cancel()
        try? FileManager.default.removeItem(at: root)
    }
}

@Suite("File watcher, saves in place")
struct InPlaceSaveTests {
    @Test("a file truncated and written in place is reported once it is closed, never while it is open (empty, then half written)")
    func closedFirst() async throws {
        // A limit no pause of a loaded machine reaches: only the close may report the save.
        let watched = try await CountedWatcher(limit: .seconds(60))
        defer { watched.stop() }
        let handle = try FileHandle(forUpdating: watched.picker)
        try handle.truncate(atOffset: 0)
        try await Task.sleep(for: .milliseconds(300))
        #expect(watched.count == 0, "reported while the file was empty and open")
        try handle.write(contentsOf: Data("# Picker\n".utf8))
        try await Task.sleep(for: .milliseconds(300))
        #expect(watched.count == 0, "reported while the file was half written and open")
        try handle.write(contentsOf: Data("\nSaved in place.\n".utf8))
        try handle.close()
        #expect(try await watched.wait(for: 1) == 1)
        #expect(watched.watcher.takeChanges()?.first?.hasSuffix("/Content/native/picker.md") == true)
    }

    @Test("a writer that keeps its file open does not stop the preview: reported after the limit")
    func heldOpen() async throws {
        let watched = try await CountedWatcher(limit: .milliseconds(300))
        defer { watched.stop() }
        let held = try FileHandle(forUpdating: watched.picker)
        defer { try? held.close() }
        try held.write(contentsOf: Data("Held open.\n".utf8))
        #expect(try await watched.wait(for: 1) == 1)
    }
}
