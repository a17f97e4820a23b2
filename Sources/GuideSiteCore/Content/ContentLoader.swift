import Foundation

/// Finds the files of `Content/`: Markdown pages and the assets copied beside them.
/// Names starting with `.` are skipped; symbolic links to folders are not followed, so a link
/// loop cannot trap the walk.
public struct ContentLoader: Sendable {
    /// Extensions read as Markdown by default.
    public static let defaultExtensions: Set<String> = ["md", "markdown", "mdx"]

    /// Jekyll's own folders and files, which are never content (nor are the generators'
    /// configurations, `LibraryConfig.fileNames`).
    static let jekyllFolders: Set<String> = ["_includes", "_layouts", "_sass", "_site", "_data", "_plugins", "_drafts", "node_modules", "vendor"]
    static let jekyllFiles: Set<String> = ["_config.yml", "Gemfile", "Gemfile.lock", "package.json", "package-lock.json"]

    /// Extensions read as Markdown (site.yml `markdown-extensions`), lowercased.
    let markdownExtensions: Set<String>

    /// The library whose template files may be pages (`LibraryConfig.templatePages`).
    let library: LibraryConfig?

    /// Creates a loader reading files with these extensions as Markdown, and the library's
    /// template files (`library`) as pages.
    public init(markdownExtensions: Set<String> = ContentLoader.defaultExtensions, library: LibraryConfig? = nil) {
        self.markdownExtensions = Set(markdownExtensions.map { $0.lowercased() })
        self.library = library
    }

    /// Whether the file is a page: Markdown, or a template of the library outside the folders it
    /// copies (opening with front matter, where the generator builds only those).
    private func isPage(_ path: String, _ relativePath: String, extension pathExtension: String) -> Bool {
        let lowered = pathExtension.lowercased()
        if markdownExtensions.contains(lowered) { return true }
        guard let library, library.templatePages.contains(lowered),
              !library.copiedAsIs.contains(where: { relativePath == $0 || relativePath.hasPrefix($0 + "/") }) else { return false }
        return !library.templatesNeedFrontMatter || Self.opensWithFrontMatter(path)
    }

    /// Whether the file's first line is `---`, as `FrontMatterSplitter` opens a block: after a
    /// BOM, with trailing spaces.
    static func opensWithFrontMatter(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        var head = (try? handle.read(upToCount: 64)) ?? Data()
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        let line = String(decoding: head.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return head.contains(UInt8(ascii: "\n")) && line.trimmingCharacters(in: .whitespaces.union(["\r"])) == "---"
    }

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
        // When the content folder is the site root, the site's own folders are not content.
        let skipped: Set<String> = [layout.output, layout.templates, layout.configFile, layout.root.appending(path: "Output")]
            .map { $0.standardizedFileURL.path }.reduce(into: []) { $0.insert($1) }
        let rootPath = Self.realPath(layout.root.standardizedFileURL.path) ?? layout.root.standardizedFileURL.path
        walk(folder.standardizedFileURL.path, relative: "", layout: layout, rootPath: rootPath, skipped: skipped, files: &files, diagnostics: &diagnostics)
        // Hugo's `static/` beside the content folder: its files are published at the site's
        // root (`static/images/a.png` at `/images/a.png`), a content file of the same path first.
        let statics = layout.root.appending(path: "static").standardizedFileURL.path
        if folder.standardizedFileURL.path != layout.root.standardizedFileURL.path,
           manager.fileExists(atPath: statics, isDirectory: &isDirectory), isDirectory.boolValue {
            var found: [ContentFile] = []
            walk(statics, relative: "", layout: layout, rootPath: rootPath, skipped: skipped, files: &found, diagnostics: &diagnostics)
            let taken = Set(files.map(\.relativePath))
            files += found.filter { !taken.contains($0.relativePath) }.map { ContentFile(path: $0.path, relativePath: $0.relativePath, kind: .asset) }
        }
        files.sort { $0.relativePath < $1.relativePath }
        return Diagnosed(files, diagnostics)
    }

    /// Reads folders with `readdir`, whose entry types need no `stat` per file: walking
    /// thousands of entries costs a few milliseconds.
    private func walk(_ path: String, relative: String, layout: SiteLayout, rootPath: String, skipped: Set<String>,
                      files: inout [ContentFile], diagnostics: inout [Diagnostic]) {
        guard let directory = opendir(path) else {
            diagnostics.append(Diagnostic(.error, layout.displayPath(URL(fileURLWithPath: path)), category: "io",
                                          "could not read this folder: \(String(cString: strerror(errno)))"))
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let generatorOwn = relative.isEmpty && (Self.jekyllFolders.contains(name) || Self.jekyllFiles.contains(name)
                || LibraryConfig.fileNames.contains(name))
            guard !EditorLitter.isLitter(name), !generatorOwn else { continue }
            let childPath = path + "/" + name
            if skipped.contains(childPath) { continue }
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var type = Int32(entry.pointee.d_type)
            let display = { layout.displayPath(URL(fileURLWithPath: childPath)) }
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                var info = stat()
                guard stat(childPath, &info) == 0 else {
                    if type == Int32(DT_LNK) {
                        diagnostics.append(Diagnostic(.warning, display(), category: "content",
                                                      "broken symbolic link (its target is missing, or links lead back to it); skipped: fix or remove the link"))
                    }
                    continue
                }
                let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
                if type == Int32(DT_LNK), isDirectory {
                    diagnostics.append(Diagnostic(.warning, display(), category: "content",
                                                  "symbolic link to a folder is not followed; copy the folder or link its files"))
                    continue
                }
                if type == Int32(DT_LNK), !Self.isInside(childPath, root: rootPath) {
                    // Publishing whatever a link points to would put files such as /etc/passwd on the web.
                    diagnostics.append(Diagnostic(.warning, display(), category: "content",
                                                  "symbolic link to a file outside the site is not followed; copy the file into the site to publish it"))
                    continue
                }
                type = isDirectory ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : Int32(DT_UNKNOWN)
            }
            if type != Int32(DT_DIR), type != Int32(DT_REG) {
                diagnostics.append(Diagnostic(.warning, display(), category: "content",
                                              "not a regular file (a named pipe, socket or device); skipped"))
                continue
            }
            if type == Int32(DT_DIR) {
                walk(childPath, relative: childRelative, layout: layout, rootPath: rootPath, skipped: skipped, files: &files, diagnostics: &diagnostics)
            } else if type == Int32(DT_REG) {
                if library?.scriptTemplates.contains(where: name.hasSuffix) == true {
                    diagnostics.append(Diagnostic(.warning, display(), category: "library-template",
                                                  "a template written in JavaScript, which a static build does not run: not published"))
                    continue
                }
                let dot = name.utf8.lastIndex(of: UInt8(ascii: "."))
                let pathExtension = dot.map { String(name[name.utf8.index(after: $0)...]) } ?? ""
                let kind: ContentFile.Kind = isPage(childPath, childRelative, extension: pathExtension) ? .markdown : .asset
                files.append(ContentFile(path: childPath, relativePath: childRelative, kind: kind))
            }
        }
    }

    /// The path with every symbolic link resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the target of `path` lies inside the folder `root` (already resolved).
    static func isInside(_ path: String, root: String) -> Bool {
        guard let target = realPath(path) else { return false }
        return target == root || target.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
