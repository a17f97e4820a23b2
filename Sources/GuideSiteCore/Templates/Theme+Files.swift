import Foundation

extension Theme {
    /// This theme with the files at `paths` (inside the theme folder, none a layout, partial or
    /// strings file) read again from `folder` as `load` reads them: a file gone leaves the
    /// built-in one, if any. Nil when one cannot be read (`load` reports it).
    func reading(_ paths: Set<String>, from folder: URL, layout: SiteLayout) -> Theme? {
        var theme = self
        let builtIn = DefaultTheme.files()
        for path in paths.sorted() {
            let url = folder.appending(path: path, directoryHint: .notDirectory)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
                guard !isFolder.boolValue, let data = try? Data(contentsOf: url) else { return nil }
                (theme.files[path], theme.origins[path]) = (data, layout.displayPath(url))
            } else {
                theme.files[path] = builtIn[path]
                theme.origins[path] = builtIn[path] == nil ? nil : "(built-in theme)/\(path)"
            }
        }
        return theme
    }

    /// The files copied into a site from this theme's `assets/` (`assets`) that are not as they
    /// were in `last`'s, and the paths of those it no longer has; `taken`: output paths that
    /// other files take (the strings script, the content's copied files), which stay as written.
    func assetWrites(since last: Theme, taken: Set<String>) -> (write: [(path: String, data: Data)], remove: [String]) {
        let before = Dictionary(last.assets.map { ("assets/" + $0.path, $0.data) }, uniquingKeysWith: { $1 })
        let now = assets.map { ("assets/" + $0.path, $0.data) }.filter { !taken.contains($0.0) }
        let kept = Set(now.map(\.0))
        return (now.filter { before[$0.0] != $0.1 }.map { (path: $0.0, data: $0.1) },
                before.keys.filter { !kept.contains($0) && !taken.contains($0) }.sorted())
    }
}
