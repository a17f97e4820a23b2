/// The maps values are made of, smallest first. A field is absent when the page has nothing to
/// put there (no description, no criteria), so `{{#name}}…{{/name}}` shows it only when present.
enum ThemeValues {
    static let date = ValueObject("Date", "A date from the page's history or front matter, for `<time datetime=\"{{iso}}\">{{text}}</time>`.", [
        ValueField(.iso, .text, "The date as ISO 8601 (`2026-03-01`)."),
        ValueField(.text, .text, "The date written in the page's language."),
    ])
    static let categoryLink = ValueObject("Category link", "A category a page belongs to.", [
        ValueField(.name, .text, "The category's title (or the name as the front matter wrote it)."),
        ValueField(.href, .text, "The category page's address; absent when site.yml has no such category."),
    ])
    static let link = ValueObject("Page link", "A page as lists show it (entries of a section, related pages, search results).", [
        ValueField(.title, .text, "The page's title."),
        ValueField(.href, .text, "The page's address, relative to this page."),
        ValueField(.description, .text, "The page's `description:`."),
        ValueField(.otherLanguage, .object(ValueObject("Other language", "A linked page shown in another language.", [
            ValueField(.code, .text, "That page's language code, for `hreflang` and `lang`."),
        ])), "Present when the page is the default language's, as this language has no translation of it."),
        ValueField(.categories, .items(categoryLink), "The page's categories."),
        ValueField(.basketKey, .text, "The key of the page in the criteria basket, when it has testing values."),
        ValueField(.section, .text, "The title of the page's section (search, updates and recent lists)."),
        ValueField(.updated, .object(date), "When the page last changed (updates and recent lists)."),
        ValueField(.source, .text, "Where the page cites the criterion: front matter, text or both (criterion pages)."),
    ])
    static let group = ValueObject("Group", "Pages of one section, in a list grouped by section.", [
        ValueField(.title, .text, "The section's title, or \"Other pages\"."),
        ValueField(.href, .text, "The section page's address."),
        ValueField(.entries, .list(link), "The group's pages."),
    ])
    static let section = ValueObject("Section", "A section of the site (site.yml `sections:`).", [
        ValueField(.name, .text, "The section's folder name."),
        ValueField(.anchor, .text, "An id for the section's heading on the home page."),
        ValueField(.title, .text, "The section's title."),
        ValueField(.href, .text, "The section page's address."),
        ValueField(.count, .number, "How many entries the section has."),
        ValueField(.countText, .text, "That count in words (\"12 entries\")."),
        ValueField(.description, .text, "The section's description."),
        ValueField(.entries, .items(link), "The entries shown: all of them, or this numbered page's; on the home page only when they fit one page."),
        ValueField(.all, .text, "On the home page, when the entries do not fit: \"See all 5,000 entries of Web\"."),
    ])
    static let clause = ValueObject("Clause", "An EN 301 549 clause that maps a criterion.", [
        ValueField(.number, .text, "The clause number (`9.1.1.1`)."),
        ValueField(.scope, .text, "What the clause applies to (web, documents, software)."),
        ValueField(.void, .flag, "The clause is void for this criterion."),
    ])
    static let standards = ValueObject("Standards", "What the standards site.yml names (`standards:`) say of a criterion.", [
        ValueField(.en301549, .object(ValueObject("EN 301 549", "The European standard's clauses for a criterion.", [
            ValueField(.version, .text, "The standard's version."),
            ValueField(.text, .text, "A sentence naming the clauses."),
            ValueField(.absent, .flag, "No clause maps the criterion."),
            ValueField(.clauses, .list(clause), "The clauses."),
        ])), "Present when site.yml lists `en301549`."),
        ValueField(.section508, .object(ValueObject("Section 508", "The US Section 508 standard on a criterion.", [
            ValueField(.text, .text, "A sentence saying whether Section 508 requires it."),
            ValueField(.required, .flag, "Section 508 requires the criterion."),
            ValueField(.reason, .text, "Why, in a sentence."),
        ])), "Present when site.yml lists `section508`."),
    ])
    static let rule = ValueObject("Rule", "An automated rule that tests a criterion (names and pages are in English).", [
        ValueField(.id, .text, "Its id: axe-core's (`color-contrast`) or the ACT rule's (`afw4f7`)."),
        ValueField(.name, .text, "What it checks."),
        ValueField(.href, .text, "Its documentation."),
        ValueField(.provisional, .flag, "Off by default in axe-core (experimental), or an ACT rule not yet approved (proposed)."),
    ])
    static let ruleList = ValueObject("Rule list", "The rules of one source.", [
        ValueField(.items, .list(rule), "The rules."),
        ValueField(.heading, .text, "\"axe-core 4.12.1\" or \"W3C ACT rules\"."),
    ])
    static let automated = ValueObject("Automated rules", "Which automated rules test a criterion, or that none does.", [
        ValueField(.axe, .object(ruleList), "axe-core's rules tagged with the criterion, when there are any."),
        ValueField(.act, .object(ruleList), "W3C's ACT rules mapped to it, when there are any."),
        ValueField(.manual, .flag, "No automated rule tests it: it needs testing by hand."),
        ValueField(.summary, .text, "A sentence saying how many rules test it, or that none does."),
        ValueField(.short, .text, "The same in a line for lists: how many rules of each."),
    ])
    static let criterion = ValueObject("Criterion", "A WCAG 2.2 success criterion (W3C's English names and texts).", [
        ValueField(.number, .text, "The criterion's number (`1.4.3`)."),
        ValueField(.name, .text, "Its name (\"Contrast (Minimum)\")."),
        ValueField(.level, .text, "A, AA or AAA, or \"obsolete\" in the page's language."),
        ValueField(.principle, .text, "The principle it belongs to."),
        ValueField(.guideline, .text, "The guideline it belongs to."),
        ValueField(.understanding, .text, "The address of W3C's Understanding document."),
        ValueField(.count, .number, "How many pages of the site cite it."),
        ValueField(.countText, .text, "That count in words."),
        ValueField(.summary, .text, "A sentence saying which pages cite it."),
        ValueField(.href, .text, "The criterion page's address, when the site has one."),
        ValueField(.obsolete, .flag, "WCAG 2.2 removed the criterion (4.1.1)."),
        ValueField(.standards, .object(standards), "EN 301 549 and Section 508, when site.yml names them."),
        ValueField(.automated, .object(automated), "The automated rules that test it."),
        ValueField(.sections, .list(group), "On its own page: the pages citing it (this numbered page's), by section."),
        ValueField(.cells, .list(ValueObject("Coverage cell", "How many pages of one section cite a criterion.", [
            ValueField(.count, .number, "The number of pages."),
        ])), "On the coverage page: a cell per section."),
    ])
    static let table = ValueObject("Testing table", "One of an entry's testing maps (keyboard, mobile, screen reader, settings).", [
        ValueField(.key, .text, "The front matter key (`keyboard`)."),
        ValueField(.caption, .text, "The table's caption."),
        ValueField(.keyHeader, .text, "The header of its first column."),
        ValueField(.label, .text, "An accessible name for the table's region."),
        ValueField(.rows, .list(ValueObject("Row", "A key and what it must do.", [
            ValueField(.key, .text, "The key, gesture or setting."),
            ValueField(.value, .text, "What must happen."),
        ])), "The rows, in front matter order."),
    ])
    static let heading = ValueObject("Heading", "A heading of the page's body, for its table of contents.", [
        ValueField(.text, .text, "The heading's text."),
        ValueField(.id, .text, "Its id, for `href=\"#{{id}}\"`."),
        ValueField(.children, .items(ValueObject("Subheading", "A third-level heading under a second-level one.", [
            ValueField(.text, .text, "The heading's text."),
            ValueField(.id, .text, "Its id."),
        ])), "Its third-level headings (on second-level headings)."),
    ])
    static let pageLink = ValueObject("Address", "A link with its text.", [
        ValueField(.href, .text, "The address."),
        ValueField(.label, .text, "The link's text."),
    ])
    static let option = ValueObject("Option", "A choice of a search filter.", [
        ValueField(.value, .text, "The value the search script filters by."),
        ValueField(.title, .text, "What the reader sees."),
    ])
    static let filter = ValueObject("Filter", "A search filter.", [ValueField(.options, .list(option), "Its choices.")])
    static let letterGroup = ValueObject("Letter group", "The pages of the search page's A to Z list under one first letter.", [
        ValueField(.letter, .text, "The letter (\"Other\" for digits and signs)."),
        ValueField(.anchor, .text, "The id of its heading."),
        ValueField(.entries, .list(link), "Its pages."),
    ])
    static let letterLink = ValueObject("Letter link", "A letter of the A to Z navigation.", [
        ValueField(.letter, .text, "The letter."),
        ValueField(.href, .text, "Where its pages start (on this or another numbered page)."),
    ])
    static let language = ValueObject("Language", "A language of a multilingual site.", [
        ValueField(.code, .text, "Its code (`fr`)."),
        ValueField(.name, .text, "Its name in itself (\"Français\")."),
        ValueField(.href, .text, "This page in that language (`alternates`), or the language's home (`languages`)."),
        ValueField(.current, .flag, "The page's own language."),
        ValueField(.rtl, .flag, "The language is written right to left."),
    ])
    static let translationRow = ValueObject("Translation row", "A page of the default language and its translations.", [
        ValueField(.title, .text, "The page's title."),
        ValueField(.code, .text, "The language of that title."),
        ValueField(.href, .text, "The page's address."),
        ValueField(.cells, .list(ValueObject("Translation cell", "One language's translation of a page.", [
            ValueField(.text, .text, "Current, outdated or missing, in words."),
            ValueField(.status, .text, "`current`, `outdated` or `missing`, for a class name."),
            ValueField(.link, .text, "The translation's address, when it exists."),
        ])), "A cell per other language."),
    ])
}
