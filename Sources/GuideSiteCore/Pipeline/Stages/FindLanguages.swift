import Foundation

/// Languages the pages name themselves, as Jekyll and Eleventy libraries write them: `lang: fr`
/// in front matter puts a page in that language, and pages sharing `ref:` (Jekyll's convention)
/// or `translationKey:` (Hugo's) are translations of the default language's page. Without
/// `languages:` in site.yml, the languages the pages name become the site's, the default
/// (site.yml's `language`) first, each named in itself, and the sites are planned again.
enum FindLanguages {
    static let name = "find languages"
    /// Front matter keys that name a page's translations.
    static let keys = ["ref", "translationKey"]

    /// The pages with their languages and places, and the languages found when site.yml lists
    /// none (the sites are then planned again), with the line that reports them.
    struct Found {
        var pages: [Page]
        var languages: [Language]?
        var report: String?
    }

    /// With the `last` build, the edited pages (with every file of their translations, `Basis`)
    /// placed as a full build places them, once checked (`checkEdited`). Without languages in
    /// site.yml, the languages are found again from the edited pages and, for the others, those
    /// the last build read (`Basis.namedElsewhere`); the run declines when they moved.
    static func run(_ pages: [Page], settings: SiteConfig, last: Basis?) throws -> Found {
        guard let last else { return found(pages, settings: settings) }
        var settings = settings, result = Found(pages: pages)
        if settings.languages.isEmpty, var named = last.namedElsewhere {
            let defaultCode = settings.language
            named.merge(counts(pages, defaultCode: defaultCode), uniquingKeysWith: +)
            guard !named.isEmpty else { throw Basis.Declined("the pages no longer name another language") }
            let (list, report) = languages(named, defaultCode: defaultCode)
            (result.languages, result.report, settings.languages) = (list, report, list)
        }
        try checkEdited(pages, settings: settings, sharingKey: last.sharingKey)
        guard settings.languages.count > 1 else { return result }
        let added = last.addedPaths, table = last.last.translations.translations
        // An added page stands alone in the default language, or is a translation named by its
        // file of a page it is the first in its language for (`Basis.withFilesMoved`).
        if pages.contains(where: { page in
            added.contains(page.contentPath) && (named(page) != nil || key(page) != nil
                || page.language.map { table[page.translationKey]?[$0] != nil } ?? (table[page.translationKey] != nil))
        }) {
            throw Basis.Declined("an added page names its language or key, has translations, or is a second translation")
        }
        result.pages = placed(pages, languages: settings.languages, defaultCode: settings.languages[0].code)
        return result
    }

    private static func found(_ pages: [Page], settings: SiteConfig) -> Found {
        let defaultCode = settings.languages.first?.code ?? settings.language
        var found = Found(pages: pages)
        var languages = settings.languages
        if languages.isEmpty {
            let named = counts(pages, defaultCode: defaultCode)
            guard !named.isEmpty else { return found }
            let (list, report) = self.languages(named, defaultCode: defaultCode)
            (languages, found.languages, found.report) = (list, list, report)
        }
        guard languages.count > 1 else { return found }
        found.pages = placed(pages, languages: languages, defaultCode: defaultCode)
        return found
    }

    /// How many of `pages` name each language other than the default with `lang:`.
    static func counts(_ pages: [Page], defaultCode: String) -> [String: Int] {
        var named: [String: Int] = [:]
        for page in pages {
            guard let code = self.named(page), !same(code, defaultCode), SiteConfigParser.isLanguageTag(code) else { continue }
            named[code, default: 0] += 1
        }
        return named
    }

    /// The languages of `codes`, each named in itself, as the pages name them.
    static func languages(codes: [String]) -> [Language] {
        codes.map { code in
            var language = Language(code: code, name: Language.nameInItself(code))
            if Language.rightToLeft.contains(language.primary) { language.direction = .rtl }
            return language
        }
    }

    /// The site's languages when the pages name those of `named` (how many pages each), the
    /// default first, each named in itself, and the line that reports them.
    private static func languages(_ named: [String: Int], defaultCode: String) -> ([Language], String) {
        let codes = [defaultCode] + named.keys.sorted()
        let languages = languages(codes: codes)
        let counts = codes.dropFirst().map { "\(Language.nameInItself($0)) (`\($0)`, \(named[$0]!) page\(named[$0]! == 1 ? "" : "s"))" }
        let report = "Languages named by the pages' `lang:`: \(Language.nameInItself(defaultCode)) (`\(defaultCode)`, the default), "
            + counts.joined(separator: ", ")
        return (languages, report)
    }

    /// Under a basis: declines when, without languages in site.yml, an edited page names another
    /// language (the site's languages are those the pages name), or an edited page's key
    /// (`ref:`, `translationKey:`) is one a file not edited names (`sharingKey`: the last
    /// sites'; the files that named the edited pages' last keys were read with them, `Basis`).
    /// A translation found by its path has its files read together, and a page whose language
    /// or source moved is declined where its page is put into the last site (`Link`).
    private static func checkEdited(_ pages: [Page], settings: SiteConfig, sharingKey: [String: Set<String>]) throws {
        let defaultCode = settings.languages.first?.code ?? settings.language
        if settings.languages.count < 2, pages.contains(where: { page in named(page).map { !same($0, defaultCode) } ?? false }) {
            throw Basis.Declined("an edited page names another language")
        }
        guard settings.languages.count > 1 else { return }
        let read = Set(pages.map(\.contentPath))
        if pages.contains(where: { page in key(page).map { !(sharingKey[$0] ?? []).isSubset(of: read) } ?? false }) {
            throw Basis.Declined("an edited page's `ref:` or `translationKey:` is one a page not edited names")
        }
    }

    /// The pages with the languages they name and translations at their sources' places.
    private static func placed(_ pages: [Page], languages: [Language], defaultCode: String) -> [Page] {
        let codes = Dictionary(languages.map { ($0.code.lowercased(), $0.code) }, uniquingKeysWith: { first, _ in first })
        var parsed = pages
        for index in parsed.indices where parsed[index].language == nil {
            guard let code = named(parsed[index]), !same(code, defaultCode), let known = codes[code.lowercased()] else { continue }
            parsed[index].language = known
        }
        func place(_ index: Int, at source: Page) {
            // It stands at its source's place, as a translation found by its path does.
            parsed[index].translates = source.contentPath
            parsed[index].route = source.route
            parsed[index].section = source.section
            parsed[index].kind = source.kind
        }
        let sources = Dictionary(parsed.filter { $0.language == nil }.compactMap { page in key(page).map { ($0, page) } }) { first, _ in first }
        // Languages found here were not known when the paths were read: `button.fr.md` again.
        let byPath = Dictionary(parsed.filter { $0.language == nil }.map { ($0.contentPath, $0) }) { first, _ in first }
        for index in parsed.indices {
            // A shared key names the source before the path does (`schalter.de.md`, `translationKey: switch`).
            if let key = key(parsed[index]), parsed[index].language != nil, let source = sources[key], source.contentPath != parsed[index].contentPath {
                place(index, at: source)
                continue
            }
            guard parsed[index].translates == nil else { continue }
            let path = TranslationPath(parsed[index].contentPath, languages: languages)
            guard let code = path.language, parsed[index].language == nil || parsed[index].language == code,
                  let source = byPath[path.source] else { continue }
            parsed[index].language = code
            place(index, at: source)
        }
        return parsed
    }

    /// The language a page's front matter names.
    static func named(_ page: Page) -> String? {
        guard let code = page.frontMatter.entries["lang"]?.value.text?.trimmingWhitespace(), !code.isEmpty else { return nil }
        return code.replacingOccurrences(of: "_", with: "-")
    }

    /// The key a page shares with its translations.
    static func key(_ page: Page) -> String? {
        for name in keys {
            if let value = page.frontMatter.entries[name]?.value.text?.trimmingWhitespace(), !value.isEmpty { return value }
        }
        return nil
    }

    /// Whether two tags name one language: equal, or one is the other without its region (`en`, `en-GB`).
    static func same(_ a: String, _ b: String) -> Bool {
        let x = a.lowercased(), y = b.lowercased()
        return x == y || (!x.contains("-") || !y.contains("-")) && x.split(separator: "-").first == y.split(separator: "-").first
    }
}
