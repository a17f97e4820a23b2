import Foundation

/// Writes a site atomically: everything goes into a staging folder beside the output, which
/// replaces the output only once the build has succeeded. A failed or killed build leaves the
/// previous output as it was.
public struct SiteWriter: Sendable {
    /// The file GuideSite leaves in every folder it writes, so it never replaces a folder it did
    /// not create.
    public static let markerName = ".guidesite-output"
    static let markerText = "This folder was written by GuideSite and is replaced by every build.\n"

    /// The output folder.
    public let output: URL
    /// The staging folder being filled.
    public let staging: URL
    /// Folders of the previous output carried into the new one (a full build keeps `subsets/`).
    public var preserving: [String] = []

    /// Checks that `layout.output` may be replaced and creates a fresh staging folder beside it.
    /// Returns a usage diagnostic when the output is a source folder or someone else's folder.
    public static func prepare(layout: SiteLayout, force: Bool, preserving: [String] = [], markParent: URL? = nil) -> Result<SiteWriter, Diagnostic> {
        let output = layout.output.standardizedFileURL
        let outputPath = output.path
        let display = layout.displayPath(output)
        func refuse(_ message: String) -> Result<SiteWriter, Diagnostic> {
            .failure(Diagnostic(.error, display, category: "output", message))
        }
        for (name, source) in [("the site root", layout.root), ("Content/", layout.content), ("Templates/", layout.templates)] {
            let sourcePath = source.standardizedFileURL.path
            if outputPath == sourcePath || sourcePath.hasPrefix(outputPath == "/" ? "/" : outputPath + "/") {
                return refuse("refusing to write the site over \(name); choose another `--output` folder")
            }
            // Content read from the site root (`content: .`) skips the output folder instead.
            let contentIsRoot = name == "Content/" && sourcePath == layout.root.standardizedFileURL.path
            if name != "the site root", !contentIsRoot, outputPath.hasPrefix(sourcePath + "/") {
                return refuse("refusing to write the site inside \(name), where it would be read back as source; choose another `--output` folder")
            }
        }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: outputPath, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                return refuse("the output path is a file, not a folder; remove it or choose another `--output` folder")
            }
            let contents = (try? manager.contentsOfDirectory(atPath: outputPath)) ?? []
            if !contents.isEmpty, !contents.contains(markerName), !force {
                return refuse("refusing to replace a non-empty folder GuideSite did not create; empty it, choose another `--output` folder, or pass `--force`")
            }
        }
        let parent = output.deletingLastPathComponent()
        let staging = parent.appending(path: ".\(output.lastPathComponent).staging-\(getpid())", directoryHint: .isDirectory)
        removeLeftovers(near: output)
        do {
            if let markParent, !manager.fileExists(atPath: markParent.path) {
                // The site's own output folder, created to hold a subset: mark it as ours.
                try manager.createDirectory(at: markParent, withIntermediateDirectories: true)
                try Data(markerText.utf8).write(to: markParent.appending(path: markerName))
            }
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            try? manager.removeItem(at: staging)
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
            try Data(markerText.utf8).write(to: staging.appending(path: markerName))
        } catch {
            return refuse("cannot create the output folder: \(error.localizedDescription)")
        }
        var writer = SiteWriter(output: output, staging: staging)
        writer.preserving = preserving
        return .success(writer)
    }

    /// Staging and retired folders left by builds that were killed.
    private static func removeLeftovers(near output: URL) {
        let parent = output.deletingLastPathComponent()
        let prefixes = [".\(output.lastPathComponent).staging-", ".\(output.lastPathComponent).retired-"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where prefixes.contains(where: name.hasPrefix) {
            let folder = parent.appending(path: name)
            if let pid = Int32(name.split(separator: "-").last ?? ""), pid != getpid(), kill(pid, 0) == 0 { continue }
            if FileManager.default.fileExists(atPath: folder.appending(path: markerName).path) {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }

    /// Writes one file below the staging folder, creating folders as needed.
    public func write(_ data: Data, to relativePath: String) throws {
        let url = staging.appending(path: relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Copies a file into the staging folder (hard link when possible, since sources are never
    /// modified in place by GuideSite).
    public func copy(_ source: URL, to relativePath: String) throws {
        let url = staging.appending(path: relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: url)
    }

    /// Puts the staging folder in place of the output. On Linux the two folders are exchanged
    /// in one `renameat2(RENAME_EXCHANGE)`, so at every instant `Output/` holds either the old or
    /// the new complete site; elsewhere two renames are used. The previous site is deleted after.
    public func commit() throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: output.path) else {
            try manager.moveItem(at: staging, to: output)
            return
        }
        for name in preserving {
            let kept = output.appending(path: name), target = staging.appending(path: name)
            if manager.fileExists(atPath: kept.path), !manager.fileExists(atPath: target.path) {
                try manager.moveItem(at: kept, to: target)
            }
        }
        if AtomicExchange.exchange(staging.path, output.path) {
            try? manager.removeItem(at: staging)
            return
        }
        let retired = output.deletingLastPathComponent()
            .appending(path: ".\(output.lastPathComponent).retired-\(getpid())", directoryHint: .isDirectory)
        try? manager.removeItem(at: retired)
        try manager.moveItem(at: output, to: retired)
        do {
            try manager.moveItem(at: staging, to: output)
        } catch {
            try? manager.moveItem(at: retired, to: output)
            throw error
        }
        try? manager.removeItem(at: retired)
    }

    /// Removes the staging folder after a failed build.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}

/// Linux's atomic exchange of two paths, looked up at run time because Glibc's Swift module does
/// not export `renameat2`.
enum AtomicExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameExchange: UInt32 = 2

    /// True when `a` and `b` were swapped; false when the system cannot do it atomically.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
        return false
        #endif
    }
}
