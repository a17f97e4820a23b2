/// What role a page plays in the site.
public enum PageKind: String, Sendable, Hashable {
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
}

/// A page's reference to a success criterion.
public struct CriterionReference: Sendable, Hashable {
    /// "1.4.3".
    public var number: String
    /// Listed under `wcag:` in the front matter.
    public var fromFrontMatter: Bool
    /// Mentioned or linked in the body.
    public var fromBody: Bool
}

/// One page of the site, parsed once and rendered as often as needed.
public struct Page: Sendable, Hashable {
    /// Source file shown as diagnostics show it (`Content/native/picker.md`); empty when generated.
    public var sourcePath: String
    /// Path relative to `Content/` (`native/picker.md`); empty when generated.
    public var contentPath: String
    /// Its role.
    public var kind: PageKind
    /// The section folder it belongs to (`native`), if any.
    public var section: String?
    /// URL path below the base path, `/native/picker/`.
    public var route: Route
    /// Front matter as written.
    public var frontMatter: FrontMatter
    /// Title (front matter, first `#` heading, first line, or file name).
    public var title: String
    /// Template used.
    public var layout: String
    /// The rendered body.
    public var body: RenderedBody
    /// Success criteria the page references, in WCAG order.
    public var criteria: [CriterionReference] = []
    /// Read as text pasted from a rich-text editor (bullets and indentation made Markdown).
    public var isPastedText = false
    /// A hash of everything the page holds (front matter, title, body, criteria), set once its
    /// body is rendered, so rebuilds can tell changed pages apart without hashing them again.
    public var contentKey: Int = 0
    /// For generated criterion and category pages: the criterion number or category slug.
    public var subject: String?
    /// The Markdown source after Liquid handling, kept until rendering.
    var markdown: String
    /// Line of the file where `markdown` starts.
    var bodyFirstLine: Int
}
