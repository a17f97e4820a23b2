import Foundation
@testable import GuideSiteCore

/// A site written into a fresh temporary folder, built end to end.
struct TestSite {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory
            .appending(path: "guidesite-tests-\(UUID().uuidString)", directoryHint: .isDirectory)
        for (path, text) in files {
            try write(Data(text.utf8), to: path)
        }
    }

    func write(_ data: Data, to path: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// `fresh`: build even when the record of the last build says nothing changed, as a test
    /// that compares two builds must (else the second may compare Output/ with itself).
    @discardableResult
    func build(strict: Bool = false, drafts: Bool = false, baseURL: String? = nil, fresh: Bool = false) -> BuildResult {
        var request = BuildRequest(root: root, baseURL: baseURL, drafts: drafts, strict: strict)
        request.fresh = fresh
        return SiteBuilder().build(request)
    }

    func html(_ path: String) throws -> String {
        try String(contentsOf: root.appending(path: "Output/" + path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appending(path: "Output/" + path).path)
    }

    /// Every output file (of `Output/`, or `folder` below the root) with its bytes, to compare
    /// whole sites.
    func snapshot(of folder: String = "Output") throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = root.appending(path: folder).standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [:] }
        for case let path as String in walker {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = try Data(contentsOf: URL(fileURLWithPath: base + "/" + path)) }
        }
        return files
    }

    /// Sets the site's files (or only `paths`) to `seconds` ago: stamps written within the last
    /// two seconds are never trusted, and a test cannot wait that long for each step.
    func age(by seconds: TimeInterval = 3600, only paths: [String]? = nil) throws {
        let date = Date(timeIntervalSinceNow: -seconds)
        var chosen = paths ?? []
        if paths == nil, let walker = FileManager.default.enumerator(atPath: root.path) {
            for case let path as String in walker where !path.hasPrefix("Output") && !path.hasPrefix(".") { chosen.append(path) }
        }
        for path in chosen {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: root.appending(path: path).path)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

extension BuildResult {
    /// Diagnostics as printed, for `#expect(... contains ...)`.
    var printed: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension TestSite {
    /// The preview's build and the next one on disk after `changed` (paths below the root) were
    /// edited, each against a fresh build of the site as it now is: the files each writes
    /// otherwise (but the marker of a folder GuideSite wrote, which only a folder on disk has).
    struct AgainstFresh {
        var reference: MemoryOutput
        var onDisk: BuildResult, served: BuildResult
        var differentOnDisk: [String], differentServed: [String]
    }

    func againstFresh(changed: [String], memory: BuildMemory) throws -> AgainstFresh {
        let onDisk = build()
        var fresh = BuildRequest(root: root)
        fresh.fresh = true
        let reference = MemoryOutput()
        _ = SiteBuilder().build(fresh, into: reference, memory: BuildMemory())
        var preview = BuildRequest(root: root)
        preview.knownChanges = Set(changed.map { root.appending(path: $0).standardizedFileURL.path })
        let output = MemoryOutput()
        let served = SiteBuilder().build(preview, into: output, memory: memory)
        let disk = BuildIncrementallyTests.differences(try snapshot(), reference.files).filter { $0 != ".guidesite-output" }
        return AgainstFresh(reference: reference, onDisk: onDisk, served: served, differentOnDisk: disk,
                            differentServed: BuildIncrementallyTests.differences(output.files, reference.files))
    }
}
