import Foundation

/// A library's data files: `_data/navigation.yml` is `site.data.navigation` in Jekyll and
/// `navigation` in Eleventy; a subfolder is a map of its files (`_data/team/members.yml` is
/// `site.data.team.members`). YAML and JSON, as both generators read them.
enum DataFiles {
    static let extensions: Set<String> = ["yml", "yaml", "json"]

    /// The files of `folder`, each a key named after its file, sorted by name.
    static func read(in folder: URL, display: (URL) -> String) -> Diagnosed<[FrontEntry]> {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return Diagnosed([]) }
        var entries: [FrontEntry] = []
        var diagnostics: [Diagnostic] = []
        for name in names.sorted() where !EditorLitter.isLitter(name) {
            let url = folder.appending(path: name)
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            if isFolder.boolValue {
                let inner = read(in: url, display: display)
                diagnostics += inner.diagnostics
                entries.append(FrontEntry(key: name, value: .map(inner.value), line: 1, column: 1))
                continue
            }
            guard extensions.contains(url.pathExtension.lowercased()) else { continue }
            let value = self.value(of: url, display: display(url))
            diagnostics += value.diagnostics
            entries.append(FrontEntry(key: url.deletingPathExtension().lastPathComponent, value: value.value, line: 1, column: 1))
        }
        return Diagnosed(entries, diagnostics)
    }

    /// One data file's value.
    static func value(of url: URL, display: String) -> Diagnosed<FrontValue> {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            return Diagnosed(.null, [Diagnostic(.warning, display, category: "data", "this data file could not be read as UTF-8 text and is left out")])
        }
        if url.pathExtension.lowercased() == "json" {
            let trimmed = text.trimmingWhitespace()
            // A list at the top is a JSON value Hugo's reader (objects only) does not take.
            if trimmed.hasPrefix("[") {
                let wrapped = HugoFrontMatter.readJSON("{\"list\":" + trimmed + "}", firstLine: 1, path: display)
                if case .map(let entries) = wrapped.value, let list = entries.first?.value { return Diagnosed(list, wrapped.diagnostics) }
                return Diagnosed(.null, wrapped.diagnostics)
            }
            return HugoFrontMatter.readJSON(trimmed, firstLine: 1, path: display)
        }
        return YAMLReader().read(text, firstLine: 1, path: display)
    }
}
