/// What a layout or partial receives: every value `PageContextBuilder` makes, with its type and
/// meaning. Builders name values through `ValueName`, which only this schema declares; docs/Content/theme/values.md
/// is written from it (`make theme-docs`), `TemplateCheck` warns of a name it lacks, and
/// ThemeValuesTests check every value of real pages against it.
indirect enum ValueType: Sendable {
    case text
    /// Markup, inserted with `{{{name}}}`.
    case html
    /// Present and `true`, or absent: for `{{#name}}` and `{{^name}}`.
    case flag
    case number
    /// A map: `{{name.field}}`, or `{{#name}}…{{field}}…{{/name}}`.
    case object(ValueObject)
    /// A list of maps, repeated by `{{#name}}…{{/name}}`.
    case list(ValueObject)
    /// Front matter or site.yml values as written: any key below them.
    case written
    /// The theme's texts in the page's language (Templates/strings/*.yml).
    case strings

    var description: String {
        switch self {
        case .text: "text"
        case .html: "HTML"
        case .flag: "flag"
        case .number: "number"
        case .object(let object) where !object.documented && object.fields.count == 1:
            "\(object.fields[0].type.description) in `.items`"
        case .object(let object): "[\(object.name)](#\(object.anchor))"
        case .list(let object): "list of [\(object.name)](#\(object.anchor))"
        case .written: "front matter"
        case .strings: "[strings](#strings)"
        }
    }

    /// `{items: [object]}`, the shape the built-in layouts iterate with `{{#name.items}}`.
    static func items(_ object: ValueObject) -> ValueType {
        .object(ValueObject("\(object.name) list", "A list of \(object.name) values.", [
            ValueField(.items, .list(object), "The \(object.name) values, in order."),
        ], documented: false))
    }
}

struct ValueField: Sendable {
    let name: ValueName
    let type: ValueType
    let meaning: String

    init(_ name: ValueName, _ type: ValueType, _ meaning: String) {
        self.name = name
        self.type = type
        self.meaning = meaning
    }
}

final class ValueObject: Sendable {
    let name: String
    let meaning: String
    let fields: [ValueField]
    /// Whether the theme values page gives it a section (an `items` wrapper is described by its field).
    let documented: Bool

    init(_ name: String, _ meaning: String, _ fields: [ValueField], documented: Bool = true) {
        self.name = name
        self.meaning = meaning
        self.fields = fields
        self.documented = documented
    }

    var anchor: String { name.lowercased().replacingOccurrences(of: " ", with: "-") }

    func field(_ name: String) -> ValueField? {
        fields.first { $0.name.rawValue == name }
    }
}

/// A value's name. Builders write `map[.title]` and `[.href: …]`: a name the schema does not
/// declare does not compile.
struct ValueName: Hashable, Sendable, CustomStringConvertible {
    let rawValue: String

    private init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    var description: String { rawValue }

    /// Every name, declared once here; where each belongs is `ThemeValues`.
    static let absent = Self("absent"), acceptance = Self("acceptance"), acceptanceHref = Self("acceptanceHref")
    static let all = Self("all"), alternates = Self("alternates"), anchor = Self("anchor"), ariaCurrent = Self("ariaCurrent")
    static let assets = Self("assets"), authors = Self("authors"), baseURL = Self("baseURL"), basket = Self("basket")
    static let basketHref = Self("basketHref"), basketKey = Self("basketKey"), bodyEnd = Self("bodyEnd")
    static let brandStylesheet = Self("brandStylesheet"), breadcrumbs = Self("breadcrumbs"), byline = Self("byline")
    static let canonical = Self("canonical"), caption = Self("caption"), categories = Self("categories")
    static let category = Self("category"), categoryFilter = Self("categoryFilter"), cells = Self("cells")
    static let checklist = Self("checklist"), checks = Self("checks"), children = Self("children"), clauses = Self("clauses")
    static let code = Self("code"), content = Self("content"), count = Self("count"), countText = Self("countText")
    static let coverage = Self("coverage"), coverageHref = Self("coverageHref"), covered = Self("covered")
    static let criteria = Self("criteria"), criteriaLanguage = Self("criteriaLanguage"), criterion = Self("criterion")
    static let csvHref = Self("csvHref"), csvNote = Self("csvNote"), current = Self("current"), description = Self("description")
    static let documentTitle = Self("documentTitle"), editHref = Self("editHref"), en301549 = Self("en301549")
    static let entries = Self("entries"), feature = Self("feature"), feedbackHref = Self("feedbackHref"), feedHref = Self("feedHref")
    static let footer = Self("footer"), gap = Self("gap"), gherkin = Self("gherkin"), groups = Self("groups")
    static let guideline = Self("guideline"), guidelines = Self("guidelines"), heading = Self("heading"), homeHref = Self("homeHref")
    static let href = Self("href"), id = Self("id"), indexHref = Self("indexHref"), iso = Self("iso"), items = Self("items")
    static let key = Self("key"), keyHeader = Self("keyHeader"), kind = Self("kind"), label = Self("label")
    static let language = Self("language"), languages = Self("languages"), layout = Self("layout"), lede = Self("lede")
    static let letter = Self("letter"), letters = Self("letters"), level = Self("level"), link = Self("link")
    static let missing = Self("missing"), name = Self("name"), nav = Self("nav"), next = Self("next"), noindex = Self("noindex")
    static let number = Self("number"), obsolete = Self("obsolete"), ogType = Self("ogType"), options = Self("options")
    static let otherLanguage = Self("otherLanguage"), outdated = Self("outdated"), page = Self("page"), pager = Self("pager")
    static let pages = Self("pages"), pagination = Self("pagination"), params = Self("params"), platformFilter = Self("platformFilter")
    static let platforms = Self("platforms"), previous = Self("previous"), principle = Self("principle"), principles = Self("principles")
    static let published = Self("published"), reason = Self("reason"), recent = Self("recent"), redirect = Self("redirect")
    static let related = Self("related"), required = Self("required"), rows = Self("rows"), rtl = Self("rtl"), scope = Self("scope")
    static let scriptCount = Self("scriptCount"), scriptHref = Self("scriptHref"), scripts = Self("scripts"), search = Self("search")
    static let searchHref = Self("searchHref"), section = Self("section"), section508 = Self("section508"), sectionFilter = Self("sectionFilter")
    static let sections = Self("sections"), site = Self("site"), source = Self("source"), sourceCode = Self("sourceCode")
    static let sourceHref = Self("sourceHref"), standards = Self("standards"), status = Self("status"), strings = Self("strings")
    static let summary = Self("summary"), tables = Self("tables"), testing = Self("testing"), text = Self("text"), title = Self("title")
    static let tags = Self("tags")
    static let toc = Self("toc"), total = Self("total"), translation = Self("translation"), translations = Self("translations")
    static let translationsHref = Self("translationsHref"), understanding = Self("understanding"), unread = Self("unread")
    static let updated = Self("updated"), updates = Self("updates"), updatesHref = Self("updatesHref"), value = Self("value")
    static let version = Self("version"), void = Self("void"), automated = Self("automated"), axe = Self("axe"), act = Self("act")
    static let manual = Self("manual"), provisional = Self("provisional"), short = Self("short"), support = Self("support")
    static let date = Self("date"), notes = Self("notes"), platform = Self("platform"), browser = Self("browser"), video = Self("video"), stale = Self("stale"), matrix = Self("matrix")
    static let technologies = Self("technologies"), technologyFilter = Self("technologyFilter"), jsonHref = Self("jsonHref"), supportHref = Self("supportHref"), notesLanguage = Self("notesLanguage")
}

extension ThemeValues {
    /// The names in `values` that `object` does not declare, or whose value is not of the
    /// declared type, as dotted paths (`page.titel`): empty when the values keep the contract.
    static func violations(of values: ContextMap, as object: ValueObject = root, at path: String = "") -> [String] {
        var found: [String] = []
        for (key, value) in zip(values.keys, values.values) {
            let name = path.isEmpty ? key : path + "." + key
            guard let field = object.field(key) else {
                found.append("`\(name)` is not declared in \(object.name)")
                continue
            }
            switch (field.type, value) {
            case (.text, .text), (.html, .text), (.flag, .flag), (.number, .number), (.written, .other), (.strings, .map): break
            case (.object(let inner), .map(let map)): found += violations(of: map, as: inner, at: name)
            case (.list(let inner), .list(let items)):
                for item in items { found += violations(of: item, as: inner, at: name) }
            default: found.append("`\(name)` is \(value.kindName), declared \(field.type.description)")
            }
        }
        return found
    }
}

extension ContextValue {
    var kindName: String {
        switch self {
        case .text: "text"
        case .flag: "a flag"
        case .number: "a number"
        case .map: "a map"
        case .list: "a list"
        case .other: "another value"
        }
    }
}
