import Foundation

/// A named part of the site built as a guide of its own (site.yml `subsets:`), or an ad-hoc one
/// from `--only-section`, `--only-category` and `--platform`.
public struct Subset: Sendable, Hashable, Codable {
    /// Name, used in the default output folder `Output/subsets/NAME/`.
    public var name: String
    /// Title of the subset's site; defaults to the site's title and the label.
    public var title: String?
    /// What the default title calls the subset; its name unless set.
    public var label: String?
    /// Entries in any of these sections...
    public var sections: [String] = []
    /// ...and in any of these categories...
    public var categories: [String] = []
    /// ...or matching one of these `section/slug` globs...
    public var entries: [String] = []
    /// ...minus those matching these globs.
    public var exclude: [String] = []
    /// Platform sections to keep (all when empty).
    public var platforms: [String] = []
    /// Criterion levels to show (all when empty).
    public var levels: [String] = []
    /// Ask search engines not to index its pages (`noindex: true`): a subset repeats the site.
    public var noindex = false
    /// 1-based line in site.yml, for diagnostics.
    public var line = 1

    /// A subset named `name` with no selectors: everything.
    public init(name: String) {
        self.name = name
    }

    /// Whether an entry (a page in a section) belongs to the subset.
    public func includes(entry page: Page) -> Bool {
        let path = (page.section ?? "") + "/" + (page.route.path.split(separator: "/").last.map(String.init) ?? "")
        if exclude.contains(where: { Self.matches($0, path) }) { return false }
        if entries.contains(where: { Self.matches($0, path) }) { return true }
        guard !sections.isEmpty || !categories.isEmpty else { return entries.isEmpty }
        let inSection = sections.isEmpty || sections.contains(page.section ?? "")
        let pageCategories = Set(page.frontMatter.categories.map(Slug.make))
        let inCategory = categories.isEmpty || categories.contains { pageCategories.contains(Slug.make($0)) }
        return inSection && inCategory
    }

    /// Whether a criterion of this level is shown.
    public func shows(level: String) -> Bool {
        levels.isEmpty || levels.contains(level)
    }

    static func matches(_ pattern: String, _ path: String) -> Bool {
        fnmatch(pattern, path, 0) == 0
    }
}
