/// A page's front matter: the typed fields GuideSite understands, and every key in file order.
public struct FrontMatter: Sendable, Hashable, Codable {
    /// Template name (`entry`, `page`, ...).
    public var layout: String?
    /// Page title.
    public var title: String?
    /// One-sentence summary for lists and `<meta name="description">`.
    public var description: String?
    /// Category names, in the author's order.
    public var categories: [String] = []
    /// Sort key within a section; lower first, then by title.
    public var order: Double?
    /// A URL path that replaces the one derived from the file name.
    public var permalink: String?
    /// Old URL paths of the page (Hugo's `aliases:`), each written as a redirect to it.
    public var aliases: [String] = []
    /// Words the search finds the page by (`keywords:`, and an `aliases:` of words rather than
    /// paths), in the author's order.
    public var keywords: [String] = []
    /// When an article was published (`date:`), as written.
    public var date: String?
    /// When it last changed by its author's word (`last_modified_at`, `lastmod`, `last_updated`).
    public var lastModified: String?
    /// Who wrote it (`author:`, `authors:`; a map's `name`).
    public var authors: [String] = []
    /// Drafts build only with `--drafts`.
    public var draft: Bool = false
    /// WCAG success criteria references as written (numbers or "1.4.3 Contrast (Minimum)").
    public var wcag: [String] = []
    /// `wcag` checks grouped by principle (`- name: Operable` / `list:`), in the author's order.
    public var criteriaGroups: [CriteriaGroup] = []
    /// Keys GuideSite knows whose value had a shape it does not read: warned about, and shown
    /// on the page as written so nothing the author wrote is lost.
    public var unreadKeys: [String] = []
    /// Every key as written, typed fields included, in file order.
    public var entries: [FrontEntry] = []
    /// Whether the file had a front matter block at all.
    public var isPresent: Bool = false

    /// The entries pages other than their own read: the search page's platforms, the support
    /// matrix's results and their language, and what places a translation (its language and the
    /// key it shares, which the engine reads), and the title and layout (a repeated title and an
    /// unknown layout are reported at their lines on every build). A build's state keeps them with
    /// what lists show.
    static let sharedKeys = Set(["platforms", "support", SupportResults.languageKey, "lang", "ref", "translationKey", "title", "layout"])
        .union(navigationTitleKeys)

    /// The keys that title a page in the navigation alone: GuideSite's and Hugo's `linkTitle`,
    /// Docusaurus's `sidebar_label`, Starlight's `sidebar: {label}`.
    static let navigationTitleKeys: Set<String> = ["linkTitle", "sidebar_label", "sidebar"]

    /// Jekyll's, Eleventy's and Hugo's `tags:` beside `categories:` (without it, the tags are the
    /// categories), as written.
    public var tags: [String] {
        entries["categories"] == nil ? [] : Self.tagNames(entries)
    }

    /// `tags:` as a list, or names separated by commas, trimmed.
    static func tagNames(_ entries: [FrontEntry]) -> [String] {
        let names: [String] = switch entries["tags"]?.value {
        case .text(let text)?: text.split(separator: ",").map(String.init)
        case .list(let items)?: items.compactMap(\.text)
        default: []
        }
        return names.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// The page's title in the navigation, when its front matter gives it one of its own.
    public var navigationTitle: String? {
        for entry in entries where Self.navigationTitleKeys.contains(entry.key) {
            let value = if case .map(let settings) = entry.value { settings["label"]?.value } else { entry.value }
            if entry.key != "sidebar" || value != nil, let title = value?.text?.trimmingWhitespace(), !title.isEmpty { return title }
        }
        return nil
    }

    /// An empty front matter.
    public init() {}
}
