/// A page's reference to a success criterion.
public struct CriterionReference: Sendable, Hashable, Codable {
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
public struct Page: Sendable, Hashable, Encodable {
    /// The stored fields; `==`, hashing and encoding (what a page's fingerprint reads) are the
    /// synthesized ones of this struct.
    private struct Fields: Hashable, Encodable {
        var sourcePath: String
        var contentPath: String
        var kind: PageKind
        var section: String?
        var route: Route
        var frontMatter: FrontMatter
        /// `frontMatter`'s hash, kept so that site-wide keys do not hash every front matter again
        /// (this process's `Hasher`: not encoded).
        var frontMatterKey: ProcessHash
        var title: String
        var layout: String
        var body: RenderedBody
        var criteria: [CriterionReference] = []
        var isPastedText = false
        var hasTests = false
        var subject: String?
        var markdown: String
        var bodyFirstLine: Int
        var acceptanceSections: [AcceptanceSection] = []
        var updated: CommitDate?
        var language: String?
        var translates: String?
    }

    /// The fields as a buffer's header, which is read in place: comparing two pages copies
    /// neither's fields (a copy counted a reference to each of their texts and lists, a twentieth
    /// of a preview's build that takes most pages again).
    private final class Box: ManagedBuffer<Fields, Void> {
        static func make(_ fields: Fields) -> Box {
            unsafeDowncast(create(minimumCapacity: 0) { _ in fields }, to: Box.self)
        }
    }

    /// Written only through `unique()`: a shared box is never written, so pages cross threads safely.
    nonisolated(unsafe) private var box: Box

    /// A page; `criteria`, `isPastedText`, `contentKey` and `subject` are set by later stages.
    init(sourcePath: String, contentPath: String, kind: PageKind, section: String?, route: Route, frontMatter: FrontMatter,
         title: String, layout: String, body: RenderedBody, markdown: String, bodyFirstLine: Int) {
        self.init(sourcePath: sourcePath, contentPath: contentPath, kind: kind, section: section, route: route, frontMatter: frontMatter,
                  frontMatterKey: frontMatter.hashValue, title: title, layout: layout, body: body, markdown: markdown,
                  bodyFirstLine: bodyFirstLine)
    }

    /// A page whose front matter key is given: `LastBuild` reads pages with the key of their
    /// whole front matter, or 0 for pages it reads without their entries (never compared).
    init(sourcePath: String, contentPath: String, kind: PageKind, section: String?, route: Route, frontMatter: FrontMatter,
         frontMatterKey: Int, title: String, layout: String, body: RenderedBody, markdown: String, bodyFirstLine: Int) {
        box = Box.make(Fields(sourcePath: sourcePath, contentPath: contentPath, kind: kind, section: section, route: route,
                         frontMatter: frontMatter, frontMatterKey: ProcessHash(frontMatterKey), title: title, layout: layout, body: body,
                         markdown: markdown, bodyFirstLine: bodyFirstLine))
    }

    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box.make(box.header) }
        return box
    }

    /// Source file shown as diagnostics show it (`Content/native/picker.md`); empty when generated.
    public var sourcePath: String {
        get { box.header.sourcePath }
        set { unique().header.sourcePath = newValue }
    }

    /// Path relative to `Content/` (`native/picker.md`); empty when generated.
    public var contentPath: String {
        get { box.header.contentPath }
        set { unique().header.contentPath = newValue }
    }

    /// Its role.
    public var kind: PageKind {
        get { box.header.kind }
        set { unique().header.kind = newValue }
    }

    /// The section folder it belongs to (`native`), if any.
    public var section: String? {
        get { box.header.section }
        set { unique().header.section = newValue }
    }

    /// URL path below the base path, `/native/picker/`.
    public var route: Route {
        get { box.header.route }
        set { unique().header.route = newValue }
    }

    /// Front matter as written.
    public var frontMatter: FrontMatter {
        get { box.header.frontMatter }
        set {
            let box = unique()
            box.header.frontMatter = newValue
            box.header.frontMatterKey = ProcessHash(newValue.hashValue)
        }
    }

    /// A hash of `frontMatter`, computed when it is set.
    var frontMatterKey: Int { box.header.frontMatterKey.value }

    /// Title (front matter, first `#` heading, first line, or file name).
    public var title: String {
        get { box.header.title }
        set { unique().header.title = newValue }
    }

    /// Template used.
    public var layout: String {
        get { box.header.layout }
        set { unique().header.layout = newValue }
    }

    /// The rendered body.
    public var body: RenderedBody {
        get { box.header.body }
        set { unique().header.body = newValue }
    }

    /// Success criteria the page references, in WCAG order.
    public var criteria: [CriterionReference] {
        get { box.header.criteria }
        set { unique().header.criteria = newValue }
    }

    /// Read as text pasted from a rich-text editor (bullets and indentation made Markdown).
    public var isPastedText: Bool {
        get { box.header.isPastedText }
        set { unique().header.isPastedText = newValue }
    }

    /// Whether its front matter or body holds tests (test tables, Gherkin, criteria checks): what
    /// makes a page in a section an entry with a `.feature` file rather than an article.
    public var hasTests: Bool {
        get { box.header.hasTests }
        set { unique().header.hasTests = newValue }
    }

    /// For generated criterion and category pages: the criterion number or category slug.
    public var subject: String? {
        get { box.header.subject }
        set { unique().header.subject = newValue }
    }

    /// Acceptance criteria kept under fixed headings ("## Condensed", "## Gherkin") instead of
    /// front matter.
    public var acceptanceSections: [AcceptanceSection] {
        get { box.header.acceptanceSections }
        set { unique().header.acceptanceSections = newValue }
    }

    /// When its source last changed in the git history, if it has one.
    public var updated: CommitDate? {
        get { box.header.updated }
        set { unique().header.updated = newValue }
    }

    /// The language of a translation (`fr` for `wheel-picker.fr.md` or `fr/…/wheel-picker.md`);
    /// nil for the default language's pages and the pages GuideSite writes.
    public var language: String? {
        get { box.header.language }
        set { unique().header.language = newValue }
    }

    /// The content path of the place it stands at, when its own path names a language: a
    /// translation's source (`native/wheel-picker.md`).
    public var translates: String? {
        get { box.header.translates }
        set { unique().header.translates = newValue }
    }

    /// What a page and its translations share: the content path of the source's place.
    public var translationKey: String { box.header.translates ?? box.header.contentPath }

    /// The content paths a link may name the page by: its source's place first (which is the
    /// translation's in its language's site, whatever else claims it), then its own file.
    var linkPaths: [String] {
        let own = box.header.contentPath
        return box.header.translates.map { [$0, own] } ?? (own.isEmpty ? [] : [own])
    }

    /// The Markdown source after Liquid handling, kept until rendering.
    var markdown: String {
        get { box.header.markdown }
        set { unique().header.markdown = newValue }
    }

    /// Line of the file where `markdown` starts.
    var bodyFirstLine: Int {
        get { box.header.bodyFirstLine }
        set { unique().header.bodyFirstLine = newValue }
    }

    /// The front matter's `draft:`, read without copying the front matter.
    var isDraft: Bool { box.header.frontMatter.draft }

    /// The front matter's `layout:`, read without copying the front matter.
    var frontMatterLayout: String? { box.header.frontMatter.layout }

    /// The front matter's `categories:`, read without copying the front matter.
    var categoryNames: [String] { box.header.frontMatter.categories }

    /// Whether the two differ at most in their rendered bodies and what derives from the body's
    /// text alone (`markdown`, where it starts) or is not the file's (the git date): every other
    /// field, so a field added to `Fields` is compared too.
    func sameOutsideBody(as other: Page) -> Bool {
        if box === other.box { return true }
        var a = box.header
        let b = other.box.header
        (a.body, a.markdown, a.bodyFirstLine, a.updated) = (b.body, b.markdown, b.bodyFirstLine, b.updated)
        return a == b
    }

    /// Whether this is `kept` (a page the last build's state on disk read back whole) as far as
    /// the state can tell: the body by its identity, every field but those the state does not
    /// keep (the HTML and what derives from it alone, the Markdown), so a field added is compared.
    func same(asKept kept: Page) -> Bool {
        guard box.header.body.identity != nil else { return false }
        var a = box.header
        let b = kept.box.header
        (a.body.html, a.body.annotations, a.body.rewritten, a.body.stored, a.markdown) =
            (b.body.html, b.body.annotations, b.body.rewritten, b.body.stored, b.markdown)
        return a == b
    }

    public static func == (lhs: Page, rhs: Page) -> Bool {
        lhs.box === rhs.box || lhs.box.withUnsafeMutablePointerToHeader { a in rhs.box.withUnsafeMutablePointerToHeader { b in equal(&a.pointee, &b.pointee) } }
    }

    /// Compared in place: `==` on two values read from the boxes copies both first.
    private static func equal(_ a: inout Fields, _ b: inout Fields) -> Bool {
        a == b
    }

    private static func hash(_ fields: inout Fields, into hasher: inout Hasher) {
        hasher.combine(fields)
    }

    public func hash(into hasher: inout Hasher) {
        box.withUnsafeMutablePointerToHeader { Self.hash(&$0.pointee, into: &hasher) }
    }

    public func encode(to encoder: any Encoder) throws {
        try box.header.encode(to: encoder)
    }
}
