/// A section of the site: a first-level folder of `Content/`.
public struct SiteSection: Sendable, Hashable {
    /// Folder name (`native`).
    public var name: String
    /// Title shown in navigation.
    public var title: String
    /// Short description, if any.
    public var description: String?
    /// Index into `Site.pages` of the section's own page.
    public var page: Int
    /// Indices into `Site.pages` of its entries, in reading order (`order`, then title).
    public var entries: [Int]
}

/// A category and its entries.
public struct SiteCategory: Sendable, Hashable {
    /// URL slug (`form-controls`).
    public var slug: String
    /// Title from site.yml, else the slug title-cased.
    public var title: String
    /// Optional description from site.yml.
    public var description: String?
    /// Index into `Site.pages` of the category's page.
    public var page: Int
    /// Indices into `Site.pages` of its entries, in reading order.
    public var entries: [Int]
}

/// The whole site after linking: every page, its sections, and the files copied as they are.
public struct Site: Sendable {
    /// Settings.
    public var config: SiteConfig
    /// Every page, sorted by route.
    public var pages: [Page]
    /// Sections in site.yml's order, then by name.
    public var sections: [SiteSection]
    /// Index into `pages` of the home page.
    public var home: Int
    /// Files under `Content/` copied unchanged.
    public var assets: [ContentFile]
    /// Categories in site.yml's order, then alphabetical.
    public var categories: [SiteCategory] = []
    /// Pages (entries first) referencing each criterion number, in reading order.
    public var criterionPages: [String: [Int]] = [:]
    /// Index into `pages` of each criterion's page, by number.
    public var criterionPage: [String: Int] = [:]
    /// Up to five related entries per entry index.
    public var related: [Int: [Int]] = [:]
    /// Index of `/wcag/`, `/wcag/coverage/` and `/categories/`, when generated.
    public var criteriaIndex: Int?
    /// See `criteriaIndex`.
    public var coverage: Int?
    /// Index of `/my-criteria/`.
    public var basket: Int?
    /// See `criteriaIndex`.
    public var categoryIndex: Int?
    /// Index of `/search/`.
    public var search: Int?

    /// The other languages and the translations, in a multilingual site.
    public var languages: SiteLanguages?

    /// Index of each page by route.
    public var pageIndex: [Route: Int] = [:]

    /// The section a page belongs to.
    public func section(of page: Page) -> SiteSection? {
        guard let name = page.section else { return nil }
        return sections.first { $0.name == name }
    }
}
