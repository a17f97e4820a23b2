import Foundation

/// In a multilingual site, pairs each translation with its source and tells whether it is up to
/// date: its `translation-of:` names the first characters of the source's SHA-256 (what
/// `guidesite new --translation` writes), and a source whose bytes hash otherwise has changed
/// since. Out-of-date and unrecorded translations are warnings, as is one without a source. An
/// author's own flag (`translation: {outdated: true}`) is out of date without a warning, and a
/// translation named by `ref:` or `translationKey:` without a record is taken as current.
/// Translations take their sources' support results (`shareSupport`).
enum MatchTranslations {
    static let name = "match translations"

    /// The translation table, and the pages with their sources' support results; with the
    /// `last` build, its table with the edited pages' titles and the edited translations' statuses
    /// (each edited file comes with every file of its translations, `Basis`).
    static func run(_ pages: [Page], walk: Walk, settings: SiteConfig, last: Basis?) throws -> Diagnosed<(pages: [Page], table: TranslationTable)> {
        guard settings.languages.count > 1 else { return Diagnosed((pages, TranslationTable())) }
        var diagnostics: [Diagnostic] = []
        var table = try last.map { try edited(pages, basis: $0, languages: settings.languages) } ?? TranslationTable()
        if last == nil {
            table.sources = pages.filter { $0.language == nil && !$0.contentPath.isEmpty }.map { TranslationTable.Source(key: $0.translationKey, title: $0.title, route: $0.route) }
        }
        let translated = pages.filter { $0.language != nil }
        let files = Dictionary(walk.files.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        let sourcePages = Dictionary(pages.filter { $0.language == nil }.map { ($0.translationKey, $0) }, uniquingKeysWith: { first, _ in first })
        let sourcePaths = sourcePages.mapValues(\.contentPath)
        let wanted = Array(Set(translated.map(\.translationKey)).filter { sourcePaths[$0] != nil }).sorted()
        let hashes = wanted.concurrentMap { key -> String? in
            guard let path = sourcePaths[key], let file = files[path], let data = try? Data(contentsOf: file.url) else { return nil }
            return ContentHash.hex(data)
        }
        var hashByKey: [String: String] = [:]
        for (key, hash) in zip(wanted, hashes) { hashByKey[key] = hash }
        for page in translated {
            guard let code = page.language else { continue }
            let key = page.translationKey
            let entry = page.frontMatter.entries[TranslationPath.recordKey]
            guard let hash = hashByKey[key] else {
                // A page that only says its language is not a translation of anything.
                if let shared = FindLanguages.key(page), page.translates == nil {
                    let name = FindLanguages.keys.first { page.frontMatter.entries[$0] != nil } ?? "ref"
                    let written = page.frontMatter.entries[name]
                    diagnostics.append(Diagnostic(.warning, page.sourcePath, line: written?.line ?? 1, column: written?.column ?? 1, category: "translation",
                        "no page of the default language has `\(name): \(shared)`, so this page is in its language's site only; give its source the same `\(name):`"))
                } else if FindLanguages.named(page) == nil || page.translates != nil {
                    diagnostics.append(Diagnostic(.warning, page.sourcePath, line: 1, column: 1, category: "translation",
                        "translates `\(key)`, which is not in the content folder, so the page is in its language's site only; name it after its source, or add the source"))
                }
                table.translations[key, default: [:]][code] = .current
                continue
            }
            if case .map(let flags)? = page.frontMatter.entries["translation"]?.value, flags["outdated"]?.value == .bool(true) {
                table.translations[key, default: [:]][code] = .outdated
                continue
            }
            if entry == nil, FindLanguages.key(page) != nil {
                table.translations[key, default: [:]][code] = .current
                continue
            }
            let recorded = entry?.value.text?.trimmingWhitespace().lowercased() ?? ""
            let current = recorded.count >= 7 && hash.hasPrefix(recorded)
            table.translations[key, default: [:]][code] = current ? .current : .outdated
            guard !current else { continue }
            let source = sourcePages[key]?.sourcePath ?? key
            let fix = "update the translation, then set `\(TranslationPath.recordKey): \(hash.prefix(TranslationPath.recordedLength))`"
            let message = entry == nil
                ? "translation of \(source) does not say which version it translates, so it counts as out of date; check it against the source, then add `\(TranslationPath.recordKey): \(hash.prefix(TranslationPath.recordedLength))`"
                : "translation of \(source) is out of date: the source changed since the version it translates (`\(recorded)`); \(fix)"
            diagnostics.append(Diagnostic(.warning, page.sourcePath, line: entry?.line ?? 1, column: entry?.column ?? 1, category: "translation", message))
        }
        return Diagnosed((shareSupport(from: sourcePages, in: pages, settings: settings), table), diagnostics)
    }

    /// Under a basis: the last build's table, with the edited sources' titles as they are now,
    /// the sources of files added and removed (pages without translations: `Basis`), and
    /// without the translations removed (named by their files).
    private static func edited(_ pages: [Page], basis: Basis, languages: [Language]) throws -> TranslationTable {
        var table = basis.last.translations
        for path in basis.removedFiles {
            let place = TranslationPath(path, languages: languages)
            guard let code = place.language else { continue }
            table.translations[place.source]?[code] = nil
            if table.translations[place.source]?.isEmpty == true { table.translations[place.source] = nil }
        }
        // Changed as one array: each change of `sources` indexes its keys again (5,000 edited
        // entries of 10,000 took 6.5 s, one at a time).
        var sources = table.sources
        let positions = Dictionary(sources.indices.map { (sources[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        for page in pages where page.language == nil {
            guard let position = positions[page.translationKey] else { continue }
            sources[position].title = page.title
        }
        if basis.filesMoved { sources = try moved(sources, pages: pages, basis: basis) }
        table.sources = sources
        return table
    }

    /// `sources` without those of the files removed and with those of the files added, in the
    /// order of their files in the walk, as a full build lists them.
    private static func moved(_ sources: [TranslationTable.Source], pages: [Page], basis: Basis) throws -> [TranslationTable.Source] {
        var walked: [String: Int] = [:]
        for (position, path) in basis.last.markdownPaths.enumerated() { walked[path] = position }
        var fileOf: [Route: String] = [:]
        for page in basis.last.site.pages where page.language == nil && !page.contentPath.isEmpty { fileOf[page.route] = page.contentPath }
        let gone = Set(basis.removedFiles), added = basis.addedPaths
        var placed: [(position: Int, source: TranslationTable.Source)] = []
        for source in sources {
            guard let path = fileOf[source.route] else { throw Basis.Declined("a translation source's file is not known") }
            guard !gone.contains(path) else { continue }
            guard let position = walked[path] else { throw Basis.Declined("a translation source's file is not known") }
            placed.append((position, source))
        }
        for page in pages where page.language == nil && added.contains(page.contentPath) {
            guard let position = walked[page.contentPath] else { throw Basis.Declined("an added page is not its file's") }
            placed.append((position, TranslationTable.Source(key: page.translationKey, title: page.title, route: page.route)))
        }
        return placed.sorted { $0.position < $1.position }.map(\.source)
    }

    /// A translation without `support:` of its own shows its source's results: what a
    /// component was tested with does not change with the language of its page. The notes keep
    /// their language (`SupportResults.languageKey`).
    private static func shareSupport(from sources: [String: Page], in pages: [Page], settings: SiteConfig) -> [Page] {
        let language = settings.languages.first?.code ?? settings.language
        var pages = pages
        for index in pages.indices where pages[index].language != nil && pages[index].frontMatter.entries["support"] == nil {
            guard let support = sources[pages[index].translationKey]?.frontMatter.entries["support"] else { continue }
            pages[index].frontMatter.entries += [support, FrontEntry(key: SupportResults.languageKey, value: .text(language), line: support.line, column: support.column)]
        }
        return pages
    }
}
