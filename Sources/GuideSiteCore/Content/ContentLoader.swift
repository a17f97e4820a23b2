import Foundation

/// Finds the files of `Content/`: Markdown pages and the assets copied beside them.
/// Names starting with `.` are skipped; symbolic links to folders are not followed, so a link
/// loop cannot trap the walk.
public struct ContentLoader: Sendable {
    static let markdownExtensions: Set<String> = ["md", "markdown"]

    /// Creates a loader.
    public init() {}

    /// Every file under `folder`, sorted by path so builds are deterministic.
    public func loadFiles(in folder: URL, layout: SiteLayout) -> Diagnosed<[ContentFile]> {
        var files: [ContentFile] = []
        var diagnostics: [Diagnostic] = []
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            diagnostics.append(Diagnostic(
                .error, layout.displayPath(folder), category: "content",
                "no content folder; create `\(layout.displayPath(folder))/index.md`, or run `guidesite init` to start a site"
            ))
            return Diagnosed([], diagnostics)
        }
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey]
        let base = folder.standardizedFileURL.path
        guard let walker = manager.enumerator(
            at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles],
            errorHandler: { url, error in
                diagnostics.append(Diagnostic(.error, layout.displayPath(url), category: "io",
                                              "could not read this folder: \(error.localizedDescription)"))
                return true
            }
        ) else {
            return Diagnosed([], [Diagnostic(.error, layout.displayPath(folder), category: "io", "could not list the content folder")])
        }
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isSymbolicLink == true {
                var targetIsDirectory: ObjCBool = false
                if manager.fileExists(atPath: url.path, isDirectory: &targetIsDirectory), targetIsDirectory.boolValue {
                    diagnostics.append(Diagnostic(.warning, layout.displayPath(url), category: "content",
                                                  "symbolic link to a folder is not followed; copy the folder or link its files"))
                    continue
                }
            } else if values?.isRegularFile != true {
                continue
            }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base) else { continue }
            let relative = String(path.dropFirst(base.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let kind: ContentFile.Kind = Self.markdownExtensions.contains(url.pathExtension.lowercased()) ? .markdown : .asset
            files.append(ContentFile(url: url, relativePath: relative, kind: kind))
        }
        files.sort { $0.relativePath < $1.relativePath }
        return Diagnosed(files, diagnostics)
    }
}
