import Foundation

/// The content folder's copied files that came, went or changed since the last build: each
/// site copies those it takes again and removes those gone (`writes`), and the Markdown files
/// naming one are read again with the edited ones (`Basis.withFilesMoved`: a link to it now
/// leads somewhere, or nowhere; `include_relative` reads it).
struct AssetsMoved: Equatable {
    /// Content paths: added or changed (`added` among them), and removed.
    var changed: Set<String> = [], added: Set<String> = [], removed: Set<String> = []

    var moved: Bool { !changed.isEmpty || !removed.isEmpty }

    init() {}

    /// From the stamps the last build read to these (nil: a stamp not trusted, so changed).
    init(from last: [String: FileStamp?], to now: [String: FileStamp?]) {
        for (path, stamp) in now where stamp == nil || last[path] != stamp {
            changed.insert(path)
            if last[path] == nil { added.insert(path) }
        }
        removed = Set(last.keys.filter { now[$0] == nil })
    }

    /// What a site copies again and the output paths it removes.
    struct Writes {
        var copy: [ContentFile] = [], remove: [String] = []

        /// Whether a file copied goes where `files` (the last build's output, the run's first
        /// site's paths) has a folder, or a path removed is where one of `pages` has its folder:
        /// a file and a folder trading places, which a patch in place cannot write.
        func tradePlaces(with files: [String], pages: [Page], prefix: String) -> Bool {
            let folders = Set(copy.map { prefix + $0.relativePath + "/" } + remove.map { prefix + $0 + "/" })
            guard !folders.isEmpty else { return false }
            return files.contains { file in folders.contains { file.hasPrefix($0) } }
                || pages.contains { page in folders.contains { (prefix + page.route.file).hasPrefix($0) } }
        }
    }

    /// What a site of `variant` copies again (`assets`: the files it takes now, from `walk`) and
    /// the output paths it removes: a file changed or added, one taking the place of another (a
    /// language's own for a shared one, or back), and what the last build copied and this one
    /// does not.
    func writes(_ assets: [ContentFile], walk: Walk, variant: Variant, config: SiteConfig) -> Writes {
        guard moved else { return Writes() }
        let files = walk.files.filter { $0.kind == .asset }
        let sourceOf = Dictionary(files.map { ($0.path, $0.relativePath) }, uniquingKeysWith: { first, _ in first })
        // The last build's files, standing in by path (their place is all `SelectPages` reads).
        // (A file removed by a path no file has.)
        let last = files.filter { !added.contains($0.relativePath) } + removed.sorted().map { ContentFile(path: "\u{0}" + $0, relativePath: $0, kind: .asset) }
        var before: [String: String] = [:]
        for file in SelectPages.assets(of: last, variant: variant, config: config) { before[file.relativePath] = sourceOf[file.path] ?? file.path }
        let copy = assets.filter { file in
            guard let source = sourceOf[file.path] else { return true }
            return changed.contains(source) || before[file.relativePath] != source
        }
        let now = Set(assets.map(\.relativePath))
        return Writes(copy: copy, remove: before.keys.filter { !now.contains($0) }.sorted())
    }
}

