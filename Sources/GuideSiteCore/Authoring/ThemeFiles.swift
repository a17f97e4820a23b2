import Foundation

/// `guidesite theme`: the built-in theme's files, which of them a site's `Templates/` replaces,
/// and copies of them for the site to start a change from (Hugo's and Zola's lookup order: a
/// site's file of the same path wins, one file at a time).
public struct ThemeFiles: Sendable {
    /// Where a theme file comes from for this site.
    public enum Source: String, Sendable {
        /// The built-in file, which the site does not replace.
        case builtIn = "built-in"
        /// The site's file, in place of the built-in one.
        case overridden = "overridden"
        /// The site's own file, which the built-in theme does not have.
        case added = "the site's own"
    }

    let layout: SiteLayout

    /// The theme files of the site at `root`.
    public init(root: URL) {
        layout = SiteLayout(root: root)
    }

    /// Every file of the built-in theme and of the site's `Templates/`, by path, with its source.
    public func list() -> [(path: String, source: Source)] {
        let builtIn = Set(DefaultTheme.files().keys)
        let own = Set(siteFiles())
        return builtIn.union(own).sorted().map { path in
            (path, own.contains(path) ? (builtIn.contains(path) ? .overridden : .added) : .builtIn)
        }
    }

    /// Copies the built-in files at `paths` (`partials/toc.mustache`, or without `.mustache`)
    /// into the site's `Templates/`; with `all`, every built-in file. A file the site already
    /// has is kept unless `force`: with `all` it is skipped, else refused. Returns the files
    /// written and those kept.
    public func eject(_ paths: [String], all: Bool = false, force: Bool = false) throws -> (written: [String], kept: [String]) {
        let builtIn = DefaultTheme.files()
        var chosen: [String] = []
        if all {
            chosen = builtIn.keys.sorted()
        } else {
            guard !paths.isEmpty else {
                throw Scaffolder.Failure(description: "name the files to copy, e.g. `guidesite theme eject partials/toc.mustache`, or copy them all with --all; `guidesite theme list` lists them")
            }
            for path in paths {
                let name = path.trimming("/").hasPrefix("Templates/") ? String(path.trimming("/").dropFirst("Templates/".count)) : path.trimming("/")
                if builtIn[name] != nil {
                    chosen.append(name)
                } else if builtIn[name + ".mustache"] != nil {
                    chosen.append(name + ".mustache")
                } else {
                    throw Scaffolder.Failure(description: "the built-in theme has no file `\(path)`.\(Suggestion.didYouMean(name, in: builtIn.keys)) `guidesite theme list` lists them")
                }
            }
        }
        let manager = FileManager.default
        var written: [String] = [], kept: [String] = []
        for path in chosen {
            let target = layout.templates.appending(path: path)
            if manager.fileExists(atPath: target.path), !force {
                guard all else {
                    throw Scaffolder.Failure(description: "\(layout.displayPath(target)) already exists: the site replaces that file already. Add --force to overwrite it with the built-in one")
                }
                kept.append(path)
                continue
            }
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try builtIn[path]!.write(to: target, options: .atomic)
            written.append(path)
        }
        return (written, kept)
    }

    /// The site's `Templates/` files, by path below it.
    private func siteFiles() -> [String] {
        let base = layout.templates.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: layout.templates, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var paths: [String] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            && !EditorLitter.isLitter(url.lastPathComponent) {
            paths.append(String(url.standardizedFileURL.path.dropFirst(base.count)).trimming("/"))
        }
        return paths
    }
}
