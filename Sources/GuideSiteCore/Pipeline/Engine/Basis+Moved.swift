import Foundation

/// Markdown files added or removed since the last build on disk: the last build's files placed
/// in this walk's order, the pages of the files gone, and the files that may name one that came
/// or went, read again with the edited ones (a link to it now leads somewhere, or nowhere).
extension LastBuild {
    /// The state with its files in the order of `paths` (this walk's Markdown files) and these
    /// `settings`: a file added has no stamp, no page and no problems. `added`: their positions;
    /// `removed`: the pages (in `site`) of the files gone; `gone`: their paths.
    func walked(to paths: [String], settings: String) -> (state: LastBuild, added: [Int], removed: [Int], gone: [String]) {
        var before: [String: Int] = [:]
        for (position, path) in markdownPaths.enumerated() { before[path] = position }
        var state = self
        (state.settings, state.markdownPaths) = (settings, paths)
        (state.stamps, state.pageOfFile, state.fileDiagnostics) = ([], [], [])
        let knowsIncludes = fileIncludes.count == markdownPaths.count
        state.fileIncludes = []
        var added: [Int] = [], kept = Set<Int>()
        for (position, path) in paths.enumerated() {
            guard let old = before[path] else {
                added.append(position)
                state.stamps.append(nil)
                state.pageOfFile.append(-1)
                state.fileDiagnostics.append([])
                if knowsIncludes { state.fileIncludes.append([]) }
                continue
            }
            kept.insert(old)
            state.stamps.append(stamps[old])
            state.pageOfFile.append(pageOfFile[old])
            state.fileDiagnostics.append(fileDiagnostics[old])
            if knowsIncludes { state.fileIncludes.append(fileIncludes[old]) }
        }
        let gone = markdownPaths.indices.filter { !kept.contains($0) }
        return (state, added, gone.filter { pageOfFile[$0] >= 0 }.map { pageOfFile[$0] }.sorted(), gone.map { markdownPaths[$0] })
    }
}

extension Basis {
    /// Whether Markdown files were added or removed since the last build.
    var filesMoved: Bool { !added.isEmpty || !removedFiles.isEmpty }

    /// The bases once files came or went: the edited files with every file whose bytes name one
    /// of them (by its file name or the last part of its address, as links, `{% link %}` and
    /// `ref` name pages). Declines for a section's or the home page's file, and when many files
    /// name one. In several languages, the default language's pages without translations come or
    /// go, and translations named by their files (`entry.fr.md`) of pages that stay: which page
    /// translates which by `ref:` or `lang:` stays (`FindLanguages` checks the added pages).
    /// `naming`: more names to look for (entries that came into a subset).
    static func withFilesMoved(_ bases: [Basis], context: BuildContext, naming: Set<String> = []) throws -> [Basis] {
        guard let first = bases.first, bases.contains(where: { $0.filesMoved || $0.assets.moved }) else { return bases }
        let markdown = context.walk.files.filter { $0.kind == .markdown }
        var languages: [Language] = []
        for variant in context.plan.variants { if let language = variant.language, !languages.contains(language) { languages.append(language) } }
        // The files a translation's file name says it translates, and the default language's
        // files by the place their translations name.
        var translated = Set<String>(), sources = Set<String>()
        if languages.count > 1 {
            for file in markdown {
                let place = TranslationPath(file.relativePath, languages: languages)
                if place.language != nil { translated.insert(place.source) } else { sources.insert(place.source) }
            }
        }
        let addedSources = Set(first.added.map { TranslationPath(markdown[$0].relativePath, languages: languages) }.filter { $0.language == nil }.map(\.source))
        // A copied file by the last part of its path, as a link or `include_relative` names it.
        var names = naming.union(first.assets.changed.union(first.assets.removed).compactMap { $0.split(separator: "/").last.map(String.init) })
        for file in first.added {
            let path = markdown[file].relativePath
            guard let name = fileName(path) else { throw Declined("a section's or the home page's file was added") }
            let place = TranslationPath(path, languages: languages)
            guard place.language == nil || sources.contains(place.source) && !addedSources.contains(place.source) else {
                throw Declined("a translation was added with its source, or for none")
            }
            guard place.language != nil || !translated.contains(place.source) else { throw Declined("an added page has translations") }
            names.insert(name)
        }
        for basis in bases {
            for position in basis.removed {
                let page = basis.last.site.pages[position]
                guard page.kind == .entry || page.kind == .page, let name = fileName(page.contentPath) else {
                    throw Declined("a section's or the home page's file was removed")
                }
                let place = TranslationPath(page.contentPath, languages: languages)
                let namedByFile = place.language != nil && page.language == place.language && FindLanguages.named(page) == nil && sources.contains(place.source)
                guard FindLanguages.key(page) == nil, namedByFile || page.language == nil && page.translates == nil && !translated.contains(place.source)
                        && basis.last.translations.translations[page.translationKey] == nil else {
                    throw Declined("a page with translations, or one translating by `ref:` or `lang:`, was removed")
                }
                names.insert(name)
                names.formUnion(linkNames(page.contentPath, at: page.route))
            }
        }
        let edited = Set(first.edited)
        let others = names.isEmpty ? [] : markdown.indices.filter { !edited.contains($0) }
        let needles = names.sorted().map(Needle.init)
        // Read into one buffer per run of files (mapping each file cost more in `munmap`, which
        // stops every core, than reading it).
        let runs = stride(from: 0, to: others.count, by: 256).map { others[$0..<min($0 + 256, others.count)] }
        let dependents = runs.concurrentMap { run -> [Int] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16), naming: [Int] = []
            for file in run {
                // (One that cannot be read is read again as edited, and reported.)
                guard let size = read(markdown[file].path, into: &buffer) else {
                    naming.append(file)
                    continue
                }
                let named = buffer.withUnsafeBytes { bytes in needles.contains { contains(UnsafeRawBufferPointer(rebasing: bytes[..<size]), $0) } }
                if named { naming.append(file) }
            }
            return naming
        }.flatMap { $0 }
        guard dependents.count <= max(64, markdown.count / 20) else {
            throw Declined("\(dependents.count) files name a Markdown file added or removed")
        }
        let grown = (first.edited + dependents).sorted()
        return bases.map { basis in
            var next = Basis(last: basis.last, edited: grown, walk: context.walk, location: basis.location, inputs: basis.inputs)
            next.moved(as: basis)
            return next
        }
    }

    /// In a language's site, a translation named by its file that came moves its source's page
    /// (which led to the default language) out of the site, and one that went moves it in: there,
    /// that page is one removed, or its file one added.
    static func placeTranslationsMoved(_ bases: inout [Basis], context: BuildContext) throws {
        guard let first = bases.first, first.filesMoved else { return }
        let variants = context.plan.variants, languages = variants.compactMap(\.language)
        guard let defaultCode = languages.first?.code else { return }
        let markdown = context.walk.files.filter { $0.kind == .markdown }
        var sourceFile: [String: Int] = [:]
        for (position, file) in markdown.enumerated() {
            let place = TranslationPath(file.relativePath, languages: languages)
            if place.language == nil { sourceFile[place.source] = position }
        }
        let moved = first.added.map { (markdown[$0].relativePath, true) } + first.removedFiles.map { ($0, false) }
        for site in variants.indices where variants[site].language.map({ $0.code != defaultCode }) ?? false {
            for (path, came) in moved {
                let place = TranslationPath(path, languages: languages)
                guard place.language == variants[site].language?.code else { continue }
                // Its source's page in the default language's site (not a draft, nor one the first
                // site, an ad-hoc subset, leaves out), keyed by its place as a full build pairs them.
                guard let source = sourceFile[place.source], first.last.pageOfFile[source] >= 0,
                      first.last.site.pages[first.last.pageOfFile[source]].translationKey == place.source else {
                    throw Declined("a translation's source has no page in the first site")
                }
                let page = bases[site].last.pageOfFile[source]
                if came, page >= 0 {
                    bases[site].removed.append(page)
                    bases[site].last.pageOfFile[source] = -1
                    bases[site].pageOfEdited[markdown[source].relativePath] = -1
                } else if !came, page < 0, !bases[site].added.contains(source) {
                    bases[site].added.append(source)
                }
            }
            bases[site].added.sort()
            bases[site].removed.sort()
        }
    }

    /// Whether an added file's page is as `withFilesMoved` looked for links to it: an entry or
    /// a page whose address ends in its file's name (not one a `permalink:` places elsewhere).
    static func addressIsFileName(_ page: Page) -> Bool {
        guard page.kind == .entry || page.kind == .page, let name = fileName(page.contentPath) else { return false }
        return addressName(page.route) == name
    }

    /// The names links give the page of the file at `path` at `route`: its file's name and the
    /// last part of its address.
    static func linkNames(_ path: String, at route: Route) -> [String] {
        [fileName(path), addressName(route)].compactMap { $0 }
    }

    /// The last part of `route`'s address as a file name (`/web/date-picker/`: `date-picker`).
    private static func addressName(_ route: Route) -> String? {
        route.path.split(separator: "/").last.flatMap { fileName(String($0)) }
    }

    /// The files added and removed of `other` (the same last build, other edited files).
    mutating func moved(as other: Basis) {
        (added, removed, removedFiles, assets, addressed) = (other.added, other.removed, other.removedFiles, other.assets, other.addressed)
        (templatesMoved, themeFiles, includesMoved) = (other.templatesMoved, other.themeFiles, other.includesMoved)
    }

    /// The name links give the file at `path` (`web/date-picker.md`: `date-picker`); nil for a
    /// folder's own page (`index.md`, `_index.md`), which sections and the home page come from.
    static func fileName(_ path: String) -> String? {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = file.split(separator: ".", maxSplits: 1).first.map(String.init) ?? file
        return name.isEmpty || name == "index" || name == "_index" ? nil : name
    }

    /// The bytes of the file at `path` at the start of `buffer` (grown to hold them): how many.
    private static func read(_ path: String, into buffer: inout [UInt8]) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        if buffer.count < size { buffer = [UInt8](repeating: 0, count: size) }
        var done = 0
        while done < size {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, size - done) }
            guard count > 0 else { return count == 0 ? done : nil }
            done += count
        }
        return done
    }

    /// Whether `needle` occurs in `bytes`: Horspool's search, which skips ahead by the
    /// byte under a needle's end (`memchr` to each first byte stopped at every `e` of a text).
    private static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: Needle) -> Bool {
        let count = needle.bytes.count
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count > 0, bytes.count >= count else { return false }
        return needle.bytes.withUnsafeBufferPointer { wanted in
            var end = count - 1
            while end < bytes.count {
                let last = base[end]
                if last == wanted[count - 1], memcmp(base + end - count + 1, wanted.baseAddress!, count) == 0 { return true }
                end += needle.skip[Int(last)]
            }
            return false
        }
    }

    /// A name to look for, with how far each byte under its end lets the search skip.
    struct Needle {
        let bytes: [UInt8]
        let skip: [Int]

        init(_ text: String) {
            bytes = Array(text.utf8)
            var skip = Array(repeating: bytes.count, count: 256)
            for (index, byte) in bytes.dropLast().enumerated() { skip[Int(byte)] = bytes.count - 1 - index }
            self.skip = skip
        }
    }
}
