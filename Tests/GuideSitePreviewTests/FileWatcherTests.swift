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

@Suite("File watcher, saves in place")
struct InPlaceSaveTests {
    @Test("a file truncated and written in place is reported once it is closed, never while it is open (empty, then half written)")
    func closedFirst() async throws {
        let (root, picker) = try FileWatcherTests.site()
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = FileWatcher(layout: SiteLayout(root: root))
        let bursts = Mutex(0)
        let counter = Task { for await _ in watcher.changes() { bursts.withLock { $0 += 1 } } }
        defer { watcher.stop(); counter.cancel() }
        try await Task.sleep(for: .milliseconds(100))
        _ = watcher.takeChanges()

        let handle = try FileHandle(forUpdating: picker)
        try handle.truncate(atOffset: 0)
        try await Task.sleep(for: .milliseconds(300))
        #expect(bursts.withLock { $0 } == 0, "reported while the file was empty and open")
        try handle.write(contentsOf: Data("# Picker\n".utf8))
        try await Task.sleep(for: .milliseconds(300))
        #expect(bursts.withLock { $0 } == 0, "reported while the file was half written and open")
        try handle.write(contentsOf: Data("\nSaved in place.\n".utf8))
        try handle.close()
        try await Task.sleep(for: .milliseconds(300))
        #expect(bursts.withLock { $0 } == 1)
        #expect(watcher.takeChanges()?.first?.hasSuffix("/Content/native/picker.md") == true)

        // A writer that keeps its file open does not stop the preview: reported after the limit.
        let held = try FileHandle(forUpdating: picker)
        try held.write(contentsOf: Data("Held open.\n".utf8))
        try await Task.sleep(for: FileWatcher.openWriteLimit + .milliseconds(500))
        #expect(bursts.withLock { $0 } == 2)
        try held.close()
    }
}
