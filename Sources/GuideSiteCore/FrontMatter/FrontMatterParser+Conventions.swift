import Foundation

/// What other generators' libraries write where GuideSite has a key of its own: read once every
/// key has been, so a page's own `categories:` or `wcag:` always wins.
extension TypedFields {
    /// Without `categories:`, Jekyll's singular `category:` (one name, spaces and all) and the
    /// `tags:` of Jekyll, Eleventy and Hugo (a list, or names separated by commas) are the
    /// page's categories; beside them, the tags are words the search finds the page by.
    mutating func categoriesOtherwise(from entries: [FrontEntry], into matter: inout FrontMatter) {
        guard entries["categories"] == nil else {
            matter.keywords += matter.tags.map(Self.oneSpaced).filter { !matter.keywords.contains($0) }
            return
        }
        var names = FrontMatter.tagNames(entries)
        switch entries["category"]?.value {
        case .text(let name)?: names.insert(name, at: 0)
        case .list(let items)?: names.insert(contentsOf: items.compactMap(\.text), at: 0)
        default: break
        }
        var seen = Set<String>()
        matter.categories = names.map(Self.oneSpaced).filter { !$0.isEmpty && seen.insert(Slug.make($0)).inserted }
    }

    /// A category name trimmed, with each run of spaces one space: `Keyboard  access` and
    /// `keyboard access` are one category (its slug ignores case).
    static func oneSpaced(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// An article's dates and authors as Jekyll, Eleventy and Hugo write them: `date:`, the
    /// author's last change under any of its usual names, `author:` or `authors:` as a name, a
    /// list, or maps with a `name`.
    mutating func datesAndAuthors(from entries: [FrontEntry], into matter: inout FrontMatter) {
        matter.date = entries["date"]?.value.text?.trimmingWhitespace()
        matter.lastModified = ["last_modified_at", "lastmod", "last_updated", "last-updated", "updated"].lazy
            .compactMap { entries[$0]?.value.text?.trimmingWhitespace() }.first
        for key in ["author", "authors"] {
            switch entries[key]?.value {
            case .text(let name)?: matter.authors.append(name.trimmingWhitespace())
            case .list(let items)?:
                for item in items {
                    if let name = item.text { matter.authors.append(name.trimmingWhitespace()) }
                    else if case .map(let fields) = item, let name = fields["name"]?.value.text { matter.authors.append(name) }
                }
            case .map(let fields)?: if let name = fields["name"]?.value.text { matter.authors.append(name) }
            default: break
            }
        }
    }

    /// Criteria written other ways: the one criterion a page is about (`sc: 1.4.13`,
    /// `criterion: 1.4.13`, or a number beside `level: AA`), and bare numbers in a list under a
    /// key whose name mentions WCAG or success criteria (`wcag_criteria: [1.3.1, 3.3.2]`).
    mutating func criteriaOtherwise(from entries: [FrontEntry], into matter: inout FrontMatter) {
        var numbers: [String] = []
        for entry in entries where entry.key != "wcag" {
            let name = Self.letters(of: entry.key)
            if name == "sc" || name == "criterion" {
                numbers += entry.value.text.map { [$0.trimmingWhitespace()] } ?? []
            } else if entry.key.utf8.allSatisfy({ $0 < 0x80 }) ? name.containsBytes("wcag") || name.containsBytes("successcriteri")
                        : name.contains("wcag") || name.contains("successcriteri") {
                switch entry.value {
                case .list(let items): numbers += items.compactMap(\.text)
                case .text(let text): numbers += text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                default: break
                }
            }
        }
        if numbers.isEmpty, let level = entries["level"]?.value.text, ["A", "AA", "AAA"].contains(level.trimmingWhitespace().uppercased()),
           let number = entries.first(where: { $0.key != "level" && CriteriaDetector.isBareNumber($0.value.text?.trimmingWhitespace() ?? "") }) {
            numbers.append(number.value.text ?? "")
        }
        for number in numbers.map({ $0.trimmingWhitespace() }) where CriteriaDetector.isBareNumber(number) && !matter.wcag.contains(number) {
            matter.wcag.append(number)
        }
    }

    /// A key's letters, lower-cased (`WCAG_criteria` → `wcagcriteria`): over its bytes when
    /// ASCII, as every page's every key is asked (by characters and with Foundation's `contains`,
    /// this check was half of reading front matter).
    static func letters(of key: String) -> String {
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return key.lowercased().filter { $0.isLetter } }
        return String(decoding: key.utf8.compactMap { byte -> UInt8? in
            let lower = byte | 0x20
            return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") ? lower : nil
        }, as: UTF8.self)
    }

    /// A home page's banner as Starlight's splash and VitePress's home pages write it: `hero:`'s
    /// `tagline` is the page's description where it has none; its `actions` (links drawn as
    /// buttons) and VitePress's `features:` cards have no place in the theme: shown as written.
    mutating func heroOtherwise(from entries: [FrontEntry], into matter: inout FrontMatter) {
        if let hero = entries["hero"], case .map(let fields) = hero.value {
            if matter.description == nil, let tagline = fields["tagline"]?.value.text { matter.description = tagline.trimmingWhitespace() }
            if fields["actions"] != nil {
                report(hero, "`hero`'s `actions` (a home page banner's buttons) have no place in GuideSite's theme: "
                           + "write them as links in the page", into: &matter)
            }
        }
        if let features = entries["features"], case .list = features.value {
            report(features, "`features` (a home page's cards) have no place in GuideSite's theme: write them in the page's Markdown",
                   into: &matter)
        }
    }
}

extension FrontMatter {
    /// Whether the page's template syntax runs: Jekyll's `render_with_liquid: false` and
    /// Eleventy's `templateEngineOverride: md` keep it as text (a page documenting templates).
    static func rendersTemplates(_ entries: [FrontEntry]) -> Bool {
        if case .bool(false) = entries["render_with_liquid"]?.value { return false }
        if let engines = entries["templateEngineOverride"]?.value.text?.lowercased() {
            return engines.contains("liquid") || engines.contains("njk")
        }
        return true
    }
}
