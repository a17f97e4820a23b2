/// What role a page plays in the site.
public enum PageKind: String, Sendable, Hashable, Codable {
    /// `Content/index.md`.
    case home
    /// A section folder's `index.md`, or the page generated for a section without one.
    case section
    /// A page inside a section: a guideline entry.
    case entry
    /// A top-level page outside any section.
    case page
    /// The "page not found" page (`Content/404.md`, or generated).
    case notFound
    /// `/wcag/`: every success criterion by principle and guideline.
    case criteriaIndex
    /// `/wcag/<number>/`: one success criterion and the entries that serve it.
    case criterion
    /// `/wcag/coverage/`: entries per A and AA criterion and section.
    case coverage
    /// `/categories/`.
    case categoryIndex
    /// `/categories/<slug>/`.
    case category
    /// `/search/`: search as you type with JavaScript, every entry A to Z without.
    case search
    /// `/updates/`: the pages changed last, by the git history's dates.
    case updates
    /// `/my-criteria/`: the entries a reader chose, their tests combined in the browser.
    case basket
    /// `/translations/`: how each page's translations stand (multilingual sites).
    case translations
    /// `/support/`: every entry's support results by assistive technology (`support:`).
    case support
    /// An old path of a page (front matter `aliases:`): a redirect to it.
    case redirect
}
