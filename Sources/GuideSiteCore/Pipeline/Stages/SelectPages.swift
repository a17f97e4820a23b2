import Foundation

/// The pages of the site being built. In a language's site, each page of the default language
/// gives way to its translation, and an untranslated entry or page stays in the lists as a link
/// to the default language's page (`Route.inLanguage`, not written here). For a subset, its
/// entries, the sections holding them, and the pages outside sections. Every edited file the
/// last build stands for had a page in it.
enum SelectPages {
    static let name = "select pages"

    /// The site's pages and files, and the pages a subset leaves out (its links lead out to them).
    struct Selected {
        var pages: [Page] = []
        var assets: [ContentFile] = []
        var excluded: [(contentPath: String, route: Route)] = []
        /// Under a basis: the copied files to copy again and the output paths to remove.
        var assetWrites = AssetsMoved.Writes()
    }

    /// `parsed`: the run's pages (the last site of the run is handed the only reference, so that
    /// each page's Markdown is freed as it is rendered: at 100,000 entries, 785 MB), or with the
    /// site's `last` build, the edited ones (`edited`).
    static func run(_ parsed: [Page], walk: Walk, variant: Variant, settings: SiteConfig, last: Basis?) throws -> Selected {
        if let last { return try edited(parsed, walk: walk, variant: variant, settings: settings, basis: last) }
        var selected = Selected(assets: assets(of: walk, variant: variant, config: settings))
        let languagePages = inLanguage(parsed, variant: variant, config: settings)
        guard let subset = variant.subset else {
            selected.pages = languagePages
            return selected
        }
        let entries = languagePages.filter { $0.kind == .entry && subset.includes(entry: $0) }
        let sections = Set(entries.compactMap(\.section)).union(subset.sections)
        selected.pages = languagePages.filter { page in
            switch page.kind {
            case .entry: subset.includes(entry: page)
            case .section: sections.contains(page.section ?? "")
            default: true
            }
        }
        let included = Set(selected.pages.map(\.translationKey))
        selected.excluded = languagePages.filter { !included.contains($0.translationKey) }.map { ($0.translationKey, $0.route) }
        return selected
    }

    /// Under a basis: the edited pages the last site has, and what its subset left out; declines
    /// when an edited entry a subset left out belongs in it now, or an edited page moved into or
    /// out of a language's site.
    private static func edited(_ parsed: [Page], walk: Walk, variant: Variant, settings: SiteConfig, basis: Basis) throws -> Selected {
        let languagePages = inLanguage(parsed, variant: variant, config: settings)
        let added = basis.addedPaths
        if let subset = variant.subset, languagePages.contains(where: { page in
            !added.contains(page.contentPath) && (basis.pageOfEdited[page.contentPath] ?? 0) < 0 && page.kind == .entry && subset.includes(entry: page)
        }) {
            throw Basis.Declined("an edited entry the subset left out belongs in it now")
        }
        if variant.language != nil {
            // (Into a subset: its entries as above; a section page it may leave out.)
            let selected = Set(languagePages.map(\.contentPath))
            if languagePages.contains(where: { page in
                !added.contains(page.contentPath) && (basis.pageOfEdited[page.contentPath] ?? 0) < 0 && (variant.subset == nil || page.kind != .entry && page.kind != .section)
            }) || parsed.contains(where: { (basis.pageOfEdited[$0.contentPath] ?? -1) >= 0 && !selected.contains($0.contentPath) }) {
                throw Basis.Declined("an edited page moved into or out of a language's site")
            }
        }
        // An edited entry a subset leaves out (its last build has no page for the file) stays out.
        var selected = Selected(pages: languagePages.filter { !added.contains($0.contentPath) && (basis.pageOfEdited[$0.contentPath] ?? 0) >= 0 },
                                assets: assets(of: walk, variant: variant, config: settings), excluded: basis.last.excluded)
        if basis.filesMoved { try moved(languagePages.filter { added.contains($0.contentPath) }, into: &selected, variant: variant, basis: basis, walk: walk, settings: settings) }
        selected.assetWrites = basis.assets.writes(selected.assets, walk: walk, variant: variant, config: settings)
        if selected.assetWrites.tradePlaces(with: basis.last.files, pages: selected.pages, prefix: variant.prefix) {
            throw Basis.Declined("a copied file takes the place of a folder, or a page's folder the place of a copied file")
        }
        return selected
    }

    /// The pages of files added, as a full build selects them, and those of files removed out of
    /// what the subset leaves out. A section that comes into a subset or leaves it has its page
    /// made by `Link` (`SiteAssembler`), but for a page of the section's own file, which the
    /// subset takes or leaves out: then it declines.
    private static func moved(_ added: [Page], into selected: inout Selected, variant: Variant, basis: Basis, walk: Walk, settings: SiteConfig) throws {
        // (A page added in a language's site for a translation that came or went takes the
        // place its key had there.)
        let gone = Set(basis.removedFiles), keys = Set(added.map(\.translationKey))
        selected.excluded.removeAll { gone.contains($0.contentPath) || keys.contains($0.contentPath) }
        guard let subset = variant.subset else {
            selected.pages += added
            return
        }
        let site = basis.last.site
        for page in added {
            guard page.kind != .entry || subset.includes(entry: page) else {
                selected.excluded.append((page.translationKey, page.route))
                continue
            }
            if page.kind == .entry, let section = page.section, !site.sections.contains(where: { $0.name == section }), hasOwnPage(section, walk, languages: settings.languages) {
                throw Basis.Declined("an entry that came into a subset brings a section with a file of its own into it")
            }
            selected.pages.append(page)
        }
        let removed = Set(basis.removed)
        for section in site.sections where !subset.sections.contains(section.name) && !section.entries.isEmpty && section.entries.allSatisfy(removed.contains)
            && hasOwnPage(section.name, walk, languages: settings.languages) {
            throw Basis.Declined("an entry that left a subset leaves a section with a file of its own out of it")
        }
    }

    /// Whether a Markdown file is `section`'s own page in some language, placed as `Parse`
    /// places it (`index.md`, `_index.md`, a translation of one).
    private static func hasOwnPage(_ section: String, _ walk: Walk, languages: [Language]) -> Bool {
        walk.files.contains { file in
            guard file.kind == .markdown else { return false }
            let placement = Placement(contentPath: TranslationPath(file.relativePath, languages: languages).source)
            return placement.kind == .section && placement.section == section
        }
    }

    /// The pages of `variant`'s language: its translations at their sources' places (taking the
    /// sources' categories and criteria when they list none), then the default language's
    /// entries and pages it has not translated, leading there.
    static func inLanguage(_ parsed: [Page], variant: Variant, config: SiteConfig) -> [Page] {
        guard let language = variant.language, let defaultLanguage = config.languages.first else { return parsed }
        let isDefault = language == defaultLanguage
        let code: String? = isDefault ? nil : language.code
        var sources: [String: Page] = [:]
        for page in parsed where page.language == nil { sources[page.translationKey] = page }
        var pages: [Page] = []
        var translated = Set<String>()
        for var page in parsed where page.language == code {
            translated.insert(page.translationKey)
            if !isDefault, let source = sources[page.translationKey] {
                page.route = source.route
                var matter = page.frontMatter
                if matter.categories.isEmpty { matter.categories = source.frontMatter.categories }
                if matter.wcag.isEmpty { matter.wcag = source.frontMatter.wcag }
                if matter.order == nil { matter.order = source.frontMatter.order }
                if matter != page.frontMatter { page.frontMatter = matter }
            }
            pages.append(page)
        }
        guard !isDefault else { return pages }
        let up = "../" + (config.defaultLanguageInFolder ? defaultLanguage.code + "/" : "")
        for var page in parsed where page.language == nil && !translated.contains(page.translationKey) {
            // The home, section and not-found pages of a language are its own, made when not translated.
            guard page.kind == .entry || page.kind == .page else { continue }
            page.route = Route.inLanguage(page.route, up: up)
            page.frontMatter.aliases = []
            pages.append(page)
        }
        return pages
    }

    /// The content folder's files a language's site copies: those in no language's folder, and
    /// those in its own at their place without it, taking the place of a shared one there.
    static func assets(of walk: Walk, variant: Variant, config: SiteConfig) -> [ContentFile] {
        assets(of: walk.files.filter { $0.kind == .asset }, variant: variant, config: config)
    }

    static func assets(of files: [ContentFile], variant: Variant, config: SiteConfig) -> [ContentFile] {
        guard let language = variant.language, config.languages.count > 1 else { return files }
        let code: String? = language == config.languages.first ? nil : language.code
        var shared: [String: ContentFile] = [:], own: [String: ContentFile] = [:]
        for file in files {
            let place = TranslationPath(file.relativePath, languages: config.languages)
            if place.source == file.relativePath {
                shared[file.relativePath] = file
            } else if place.language == code {
                var moved = file
                moved.relativePath = place.source
                own[place.source] = moved
            }
        }
        let chosen = shared.merging(own) { _, own in own }
        return chosen.keys.sorted().compactMap { chosen[$0] }
    }
}
