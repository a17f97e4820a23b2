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
///
/// A page is a value, but its fields live in one shared, copy-on-write box: the build copies
/// pages between stages and caches thousands of times, and a copy is then one reference count
/// instead of one per string and array inside (those copies were a sixth of a 10,000-entry
/// rebuild in the preview server).
public struct Page: Sendable, Hashable {
    private final class Storage: @unchecked Sendable {
        var sourcePath: String
        var contentPath: String
        var kind: PageKind
        var section: String?
        var route: Route
        var frontMatter: FrontMatter {
            didSet { frontMatterKey = frontMatter.hashValue }
        }
        /// `frontMatter`'s hash, kept so that site-wide keys do not hash every front matter again.
        var frontMatterKey: Int
        var title: String
        var layout: String
        var body: RenderedBody
        var criteria: [CriterionReference]
        var isPastedText: Bool
        var contentKey: Int
        var subject: String?
        var markdown: String
        var bodyFirstLine: Int

        init(sourcePath: String, contentPath: String, kind: PageKind, section: String?, route: Route, frontMatter: FrontMatter,
             title: String, layout: String, body: RenderedBody, criteria: [CriterionReference], isPastedText: Bool,
             contentKey: Int, subject: String?, markdown: String, bodyFirstLine: Int, frontMatterKey: Int? = nil) {
            self.sourcePath = sourcePath
            self.contentPath = contentPath
            self.kind = kind
            self.section = section
            self.route = route
            self.frontMatter = frontMatter
            self.frontMatterKey = frontMatterKey ?? frontMatter.hashValue
            self.title = title
            self.layout = layout
            self.body = body
            self.criteria = criteria
            self.isPastedText = isPastedText
            self.contentKey = contentKey
            self.subject = subject
            self.markdown = markdown
            self.bodyFirstLine = bodyFirstLine
        }

        func copy() -> Storage {
            Storage(sourcePath: sourcePath, contentPath: contentPath, kind: kind, section: section, route: route, frontMatter: frontMatter,
                    title: title, layout: layout, body: body, criteria: criteria, isPastedText: isPastedText,
                    contentKey: contentKey, subject: subject, markdown: markdown, bodyFirstLine: bodyFirstLine,
                    frontMatterKey: frontMatterKey)
        }
    }

    private var storage: Storage

    /// A page; `criteria`, `isPastedText`, `contentKey` and `subject` are set by later stages.
    init(sourcePath: String, contentPath: String, kind: PageKind, section: String?, route: Route, frontMatter: FrontMatter,
         title: String, layout: String, body: RenderedBody, markdown: String, bodyFirstLine: Int) {
        storage = Storage(sourcePath: sourcePath, contentPath: contentPath, kind: kind, section: section, route: route,
                          frontMatter: frontMatter, title: title, layout: layout, body: body, criteria: [], isPastedText: false,
                          contentKey: 0, subject: nil, markdown: markdown, bodyFirstLine: bodyFirstLine)
    }

    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// Source file shown as diagnostics show it (`Content/native/picker.md`); empty when generated.
    public var sourcePath: String {
        get { storage.sourcePath }
        set { unique().sourcePath = newValue }
    }

    /// Path relative to `Content/` (`native/picker.md`); empty when generated.
    public var contentPath: String {
        get { storage.contentPath }
        set { unique().contentPath = newValue }
    }

    /// Its role.
    public var kind: PageKind {
        get { storage.kind }
        set { unique().kind = newValue }
    }

    /// The section folder it belongs to (`native`), if any.
    public var section: String? {
        get { storage.section }
        set { unique().section = newValue }
    }

    /// URL path below the base path, `/native/picker/`.
    public var route: Route {
        get { storage.route }
        set { unique().route = newValue }
    }

    /// Front matter as written.
    public var frontMatter: FrontMatter {
        get { storage.frontMatter }
        set { unique().frontMatter = newValue }
    }

    /// A hash of `frontMatter`, computed when it is set.
    var frontMatterKey: Int { storage.frontMatterKey }

    /// Title (front matter, first `#` heading, first line, or file name).
    public var title: String {
        get { storage.title }
        set { unique().title = newValue }
    }

    /// Template used.
    public var layout: String {
        get { storage.layout }
        set { unique().layout = newValue }
    }

    /// The rendered body.
    public var body: RenderedBody {
        get { storage.body }
        set { unique().body = newValue }
    }

    /// Success criteria the page references, in WCAG order.
    public var criteria: [CriterionReference] {
        get { storage.criteria }
        set { unique().criteria = newValue }
    }

    /// Read as text pasted from a rich-text editor (bullets and indentation made Markdown).
    public var isPastedText: Bool {
        get { storage.isPastedText }
        set { unique().isPastedText = newValue }
    }

    /// A hash of everything the page holds (front matter, title, body, criteria), set once its
    /// body is rendered, so rebuilds can tell changed pages apart without hashing them again.
    public var contentKey: Int {
        get { storage.contentKey }
        set { unique().contentKey = newValue }
    }

    /// For generated criterion and category pages: the criterion number or category slug.
    public var subject: String? {
        get { storage.subject }
        set { unique().subject = newValue }
    }

    /// The Markdown source after Liquid handling, kept until rendering.
    var markdown: String {
        get { storage.markdown }
        set { unique().markdown = newValue }
    }

    /// Line of the file where `markdown` starts.
    var bodyFirstLine: Int {
        get { storage.bodyFirstLine }
        set { unique().bodyFirstLine = newValue }
    }

    public static func == (lhs: Page, rhs: Page) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage, b = rhs.storage
        return a.contentKey == b.contentKey && a.sourcePath == b.sourcePath && a.contentPath == b.contentPath && a.kind == b.kind
            && a.section == b.section && a.route == b.route && a.title == b.title && a.layout == b.layout
            && a.isPastedText == b.isPastedText && a.subject == b.subject && a.bodyFirstLine == b.bodyFirstLine
            && a.criteria == b.criteria && a.frontMatterKey == b.frontMatterKey && a.frontMatter == b.frontMatter && a.body == b.body && a.markdown == b.markdown
    }

    public func hash(into hasher: inout Hasher) {
        let s = storage
        hasher.combine(s.sourcePath)
        hasher.combine(s.contentPath)
        hasher.combine(s.kind)
        hasher.combine(s.section)
        hasher.combine(s.route)
        hasher.combine(s.frontMatterKey)
        hasher.combine(s.title)
        hasher.combine(s.layout)
        hasher.combine(s.body)
        hasher.combine(s.criteria)
        hasher.combine(s.isPastedText)
        hasher.combine(s.contentKey)
        hasher.combine(s.subject)
        hasher.combine(s.markdown)
        hasher.combine(s.bodyFirstLine)
    }
}
