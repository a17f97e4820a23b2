import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import GuideSitePreview

/// Each editor's way of saving `picker.md`, step by step, with pauses a loaded machine could put
/// between the steps: the watcher reports the save once, and never a state the editor passed through.
@Suite("File watcher, editors' ways of saving")
struct EditorSavesTests {
    static let pause = Duration.milliseconds(300)

    @Test("emptied and closed, then written: reported once written, never while empty")
    func emptiedThenWritten() async throws {
        let watched = try await CountedWatcher(limit: .seconds(60))
        defer { watched.stop() }
        try Data().write(to: watched.picker)
        try await Task.sleep(for: Self.pause)
        #expect(watched.count == 0, "reported while the file was empty")
        try Data("# Picker\n\nWritten again.\n".utf8).write(to: watched.picker)
        #expect(try await watched.wait(for: 1) == 1)
    }

    @Test("Vim: the 4913 probe, the swap file, the entry moved aside as a backup, a new file written, the backup removed")
    func vim() async throws {
        let watched = try await CountedWatcher(limit: .seconds(60))
        defer { watched.stop() }
        let folder = watched.picker.deletingLastPathComponent()
        let probe = folder.appending(path: "4913"), backup = folder.appending(path: "picker.md~")
        try Data().write(to: probe)
        try FileManager.default.removeItem(at: probe)
        try Data("swap".utf8).write(to: folder.appending(path: ".picker.md.swp"))
        try FileManager.default.moveItem(at: watched.picker, to: backup)
        try await Task.sleep(for: Self.pause)
        #expect(watched.count == 0, "reported while the entry was moved aside")
        try Data("# Picker\n\nSaved by Vim.\n".utf8).write(to: watched.picker)
        try FileManager.default.removeItem(at: backup)
        #expect(try await watched.wait(for: 1) == 1)
        try await Task.sleep(for: Self.pause)
        #expect(watched.count == 1, "the backup's removal was reported")
    }

    @Test("JetBrains and gedit: a temporary file renamed over the entry")
    func renamedOver() async throws {
        let watched = try await CountedWatcher(limit: .seconds(60))
        defer { watched.stop() }
        let folder = watched.picker.deletingLastPathComponent()
        let temporary = folder.appending(path: "picker.md___jb_tmp___"), old = folder.appending(path: "picker.md___jb_old___")
        try Data("# Picker\n\nSaved by an IDE.\n".utf8).write(to: temporary)
        try FileManager.default.moveItem(at: watched.picker, to: old)
        try await Task.sleep(for: Self.pause)
        #expect(watched.count == 0, "reported while the entry was moved aside")
        try FileManager.default.moveItem(at: temporary, to: watched.picker)
        try FileManager.default.removeItem(at: old)
        #expect(try await watched.wait(for: 1) == 1)
        let gedit = folder.appending(path: ".goutputstream-ABC123")
        try Data("# Picker\n\nSaved by gedit.\n".utf8).write(to: gedit)
        #expect(rename(gedit.path, watched.picker.path) == 0)
        #expect(try await watched.wait(for: 2) == 2)
    }

    @Test("litter alone (swap files, backups, locks, autosaves, .DS_Store) is never reported")
    func litterAlone() async throws {
        let watched = try await CountedWatcher(limit: .seconds(60))
        defer { watched.stop() }
        let folder = watched.picker.deletingLastPathComponent()
        for name in [".picker.md.swp", "picker.md~", "#picker.md#", ".~lock.picker.md#", "4913", ".DS_Store", "picker.md___jb_old___"] {
            try Data("litter".utf8).write(to: folder.appending(path: name))
            try FileManager.default.removeItem(at: folder.appending(path: name))
        }
        try await Task.sleep(for: Self.pause)
        #expect(watched.count == 0)
        #expect(watched.watcher.takeChanges() == [], "litter made the next rebuild check every file")
    }

    @Test("a branch switch: 200 entries rewritten in place, with a pause halfway far longer than one save's settling, are one burst")
    func branchSwitch() async throws {
        // A window no stall of a loaded machine reaches; the pause is 37 times a single save's.
        let watched = try await CountedWatcher(limit: .seconds(60), bulk: .seconds(3))
        defer { watched.stop() }
        let folder = watched.picker.deletingLastPathComponent()
        let entries = (0..<200).map { folder.appending(path: "entry-\($0).md") }
        for entry in entries { try Data("# Entry\n\nOn main.\n".utf8).write(to: entry) }
        #expect(try await watched.wait(for: 1) == 1)
        for (number, entry) in entries.enumerated() {
            if number == 100 { try await Task.sleep(for: .milliseconds(300)) }
            let handle = try FileHandle(forUpdating: entry)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data("# Entry\n\nOn the other branch.\n".utf8))
            try handle.close()
        }
        #expect(try await watched.wait(for: 2) == 2)
        try await Task.sleep(for: .seconds(1))
        #expect(watched.count == 2, "the switch was reported in pieces")
    }

    @Test("an entry removed for good is reported once the brief limit passes")
    func removed() async throws {
        let watched = try await CountedWatcher(limit: .seconds(60), brief: .milliseconds(200))
        defer { watched.stop() }
        try FileManager.default.removeItem(at: watched.picker)
        #expect(try await watched.wait(for: 1) == 1)
    }
}
