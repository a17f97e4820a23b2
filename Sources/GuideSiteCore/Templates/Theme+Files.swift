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

    /// Per layout, a hash of its file and every partial, the same in every process (`StableHash`):
    /// what the next build on disk compares to key the last build's pages by the layouts that
    /// rendered them (`LastBuild.layoutKeys`).
    var layoutDigests: [String: String] {
        var partials = StableHash()
        for path in files.keys.sorted() where path.hasPrefix("partials/") {
            partials.add(path)
            partials.add(bytes: files[path] ?? Data())
        }
        var digests: [String: String] = [:]
        for name in layoutNames {
            var hash = partials
            hash.add(bytes: files["layouts/\(name).mustache"] ?? Data())
            digests[name] = hash.hex
        }
        return digests
    }

    /// The files copied into a site from this theme's `assets/` that its files at `moved` make
    /// (`assets/x` is copied to `assets/x`; each script of `scripts/` is part of `assets/site.js`),
    /// and the paths of those it no longer has; `taken`: output paths that other files take (the
    /// strings script, the content's copied files), which stay as written.
    func assetWrites(of moved: Set<String>, taken: Set<String>) -> (write: [(path: String, data: Data)], remove: [String]) {
        let now = Dictionary(assets.map { ("assets/" + $0.path, $0.data) }, uniquingKeysWith: { $1 })
        var outputs = Set(moved.filter { $0.hasPrefix("assets/") })
        if moved.contains(where: { $0.hasPrefix("scripts/") }) { outputs.insert("assets/site.js") }
        let paths = outputs.subtracting(taken).sorted()
        return (paths.compactMap { path in now[path].map { (path: path, data: $0) } }, paths.filter { now[$0] == nil })
    }
}
