/// The languages of a multilingual site as one language's site sees them: where the others are,
/// which pages each has, and how each translation stands against its source.
public struct SiteLanguages: Sendable, Hashable, Encodable {
    /// Every language, the default first.
    public var all: [Language]
    /// The position in `all` of this site's language.
    public var current: Int
    /// Whether the default language too is in its folder.
    public var defaultInFolder: Bool
    /// Each translation's state by the source's key (`native/wheel-picker.md`), then language code.
    public var table: TranslationTable

    public var language: Language { all[current] }
    public var isDefault: Bool { current == 0 }

    /// The folder of `language`'s site inside the folder holding every language's.
    func folder(_ position: Int) -> String {
        position == 0 && !defaultInFolder ? "" : all[position].code + "/"
    }

    /// The way from this site's root to `position`'s root (`../`, `../ar/`, `fr/`).
    public func root(of position: Int) -> String {
        guard position != current else { return "" }
        let up = folder(current).isEmpty ? "" : "../"
        return up + folder(position)
    }
}

/// Which pages each language has and whether each translation is up to date.
public struct TranslationTable: Sendable, Hashable, Encodable {
    /// How a translation stands against the source it names in `translation-of:`.
    public enum Status: String, Sendable, Hashable, Encodable {
        case current, outdated
    }

    /// A page of the default language: what translations share (its content path), its title
    /// and address.
    public struct Source: Sendable, Hashable, Encodable {
        public var key: String
        public var title: String
        public var route: Route
    }

    /// The default language's content pages, in content order.
    public var sources: [Source] = [] {
        didSet { sourceKeys = Set(sources.map(\.key)) }
    }
    /// `sources`' keys, for lookups by key.
    private(set) var sourceKeys = Set<String>()
    /// Each key's translations: language code → status.
    public var translations: [String: [String: Status]] = [:]

    /// (`sourceKeys` is made from `sources`.)
    private enum CodingKeys: String, CodingKey { case sources, translations }

    public init() {}

    /// Whether `code`'s site has its own page for `key` (the default has every source).
    public func has(_ key: String, in code: String, isDefault: Bool) -> Bool {
        isDefault ? sourceKeys.contains(key) : translations[key]?[code] != nil
    }
}

extension SiteLanguages {
    /// The positions of the languages whose site has its own `page`: every language has the
    /// pages GuideSite writes and a home, section and not-found page (translated or made);
    /// the others, the languages that have the source or a translation.
    public func positions(having page: Page) -> [Int] {
        guard !page.route.isInOtherLanguage, page.kind != .redirect else { return [] }
        if page.contentPath.isEmpty || [.home, .section, .notFound].contains(page.kind) { return Array(all.indices) }
        let key = page.translationKey
        return all.indices.filter { table.has(key, in: all[$0].code, isDefault: $0 == 0) }
    }

    /// `route` in `position`'s site, from the top of the language sites (`fr/native/picker/`).
    public func path(of route: Route, in position: Int) -> String {
        route.href(basePath: folder(position))
    }
}
