/// The values at the top of every layout, and the maps only some layouts get.
extension ThemeValues {
    static let site = ValueObject("Site", "The site every page belongs to (site.yml).", [
        ValueField(.title, .text, "The site's title."),
        ValueField(.description, .text, "Its description."),
        ValueField(.language, .text, "The language code of its pages."),
        ValueField(.rtl, .flag, "That language is written right to left."),
        ValueField(.criteriaLanguage, .text, "`en` when the site is not in English: WCAG's names and texts are W3C's English."),
        ValueField(.baseURL, .text, "The site's root, relative to this page (`../../`)."),
        ValueField(.assets, .text, "The assets folder, relative to this page."),
        ValueField(.homeHref, .text, "The home page's address."),
        ValueField(.footer, .html, "site.yml's `footer:`, a line of Markdown as HTML: `{{{site.footer}}}`."),
        ValueField(.params, .written, "Every site.yml value as written: `{{site.params.team}}`."),
        ValueField(.brandStylesheet, .text, "The address of `assets/brand.css`, when the site has one."),
        ValueField(.searchHref, .text, "The search page's address."),
        ValueField(.basketHref, .text, "The criteria basket's address."),
        ValueField(.coverageHref, .text, "The coverage page's address."),
        ValueField(.translationsHref, .text, "The translations table's address (multilingual sites)."),
        ValueField(.updatesHref, .text, "The recent changes page's address."),
        ValueField(.supportHref, .text, "The support matrix's address, when an entry has support results."),
        ValueField(.feedHref, .text, "The Atom feed's address, when site.yml has a `url:`."),
        ValueField(.acceptanceHref, .text, "The acceptance criteria CSV of every entry."),
    ])
    static let page = ValueObject("Page", "The page being rendered.", [
        ValueField(.title, .text, "Its title."),
        ValueField(.href, .text, "Its own address."),
        ValueField(.layout, .text, "The layout it is rendered with."),
        ValueField(.kind, .text, "`home`, `section`, `entry`, `page`, `criterion`, `category`, `search`, … ."),
        ValueField(.description, .text, "Its `description:`."),
        ValueField(.content, .html, "The Markdown body as HTML: `{{{page.content}}}`."),
        ValueField(.params, .written, "Every front matter value as written: `{{page.params.status}}`; `{{#page.params}}{{key}}: {{value}}{{/page.params}}` walks them."),
        ValueField(.categories, .items(categoryLink), "Its categories."),
        ValueField(.tags, .items(ValueObject("Tag", "A tag of a page written for Jekyll, Eleventy or Hugo.", [
            ValueField(.name, .text, "The tag as written."),
        ])), "Its `tags:` beside `categories:` (without them, the tags are its categories)."),
        ValueField(.criteria, .items(criterion), "The WCAG criteria it cites."),
        ValueField(.related, .items(link), "Pages sharing its criteria or categories."),
        ValueField(.toc, .items(heading), "Its table of contents, when it has two second-level headings or more."),
        ValueField(.updated, .object(date), "When it last changed (git history or `last_modified_at:`)."),
        ValueField(.byline, .object(ValueObject("Byline", "An article's date and authors.", [
            ValueField(.published, .object(date), "Its `date:`."),
            ValueField(.authors, .text, "Its `author:` or `authors:`, joined."),
        ])), "Present when the front matter has a date or authors."),
        ValueField(.testing, .object(ValueObject("Testing", "How to test an entry.", [
            ValueField(.tables, .list(table), "Its testing tables."),
            ValueField(.acceptance, .object(ValueObject("Acceptance", "The entry's acceptance criteria as text to copy.", [
                ValueField(.checklist, .text, "As a checklist."),
                ValueField(.gherkin, .text, "As Gherkin scenarios."),
            ])), "Its acceptance criteria."),
        ])), "Present on entries with testing values or acceptance criteria."),
        ValueField(.feature, .object(ValueObject("Feature file", "The entry's Gherkin `.feature` file.", [
            ValueField(.href, .text, "Its address."),
            ValueField(.name, .text, "Its file name."),
            ValueField(.label, .text, "A link text naming it."),
        ])), "Present on entries whose tests are written as a file."),
        ValueField(.basketKey, .text, "The page's key in the criteria basket."),
        ValueField(.checks, .items(ValueObject("Check group", "Criteria grouped by principle, as some libraries write them.", [
            ValueField(.name, .text, "The group's name."),
            ValueField(.checks, .list(ValueObject("Check", "One check.", [ValueField(.text, .text, "What to check.")])), "Its checks."),
        ])), "Criteria written as groups of checks."),
        ValueField(.unread, .items(ValueObject("Unread value", "A front matter value of a shape GuideSite does not read, shown as written.", [
            ValueField(.key, .text, "Its key."),
            ValueField(.value, .text, "Its value as text."),
        ])), "Front matter kept visible though GuideSite does not read it."),
        ValueField(.support, .object(support), "What it was tested with (`support:`)."),
        ValueField(.canonical, .text, "Its canonical address, when site.yml has a `url:`."),
        ValueField(.ogType, .text, "`article` for entries, else `website` (Open Graph)."),
        ValueField(.editHref, .text, "Where to edit its source (site.yml `edit-url:`)."),
        ValueField(.feedbackHref, .text, "Where to report a problem with it (site.yml `feedback-url:`)."),
    ])
    static let support = ValueObject("Support results", "What an entry was tested with (`support:`), a row each.", [
        ValueField(.caption, .text, "The table's caption."),
        ValueField(.rows, .list(ValueObject("Support row", "One test with one assistive technology.", [
            ValueField(.name, .text, "The technology (`VoiceOver`), as GuideSite names it."),
            ValueField(.anchor, .text, "An id for the row."),
            ValueField(.status, .text, "`supported`, `partial`, `not-supported`, `not-tested` or `unknown`, for a class name."),
            ValueField(.text, .text, "The result in words."),
            ValueField(.version, .text, "The technology's version."),
            ValueField(.platform, .text, "The platform (iOS, Android, Windows…)."),
            ValueField(.browser, .text, "The browser."),
            ValueField(.date, .text, "When it was tested (`2026-03-01`)."),
            ValueField(.stale, .text, "Present when the test is older than `support-stale-after:` months: \"Tested more than 12 months ago\"."),
            ValueField(.notes, .text, "Notes."),
            ValueField(.notesLanguage, .text, "The notes' language, when a translation shows its source's results."),
            ValueField(.video, .object(pageLink), "A captioned video of the test."),
        ])), "The tests."),
    ])
    static let matrix = ValueObject("Support matrix", "Every entry's support results by assistive technology.", [
        ValueField(.caption, .text, "The table's caption: how many entries and technologies."),
        ValueField(.technologies, .list(ValueObject("Technology column", "An assistive technology some entry was tested with.", [
            ValueField(.name, .text, "Its name."),
            ValueField(.anchor, .text, "An id for its column (`at-voiceover`)."),
            ValueField(.summary, .text, "Its results counted: \"2 supported, 1 partly supported\"."),
        ])), "The columns, known technologies first in GuideSite's order."),
        ValueField(.rows, .list(ValueObject("Matrix row", "An entry and its results.", [
            ValueField(.title, .text, "The entry's title."),
            ValueField(.href, .text, "Its address."),
            ValueField(.platforms, .text, "Its results' platforms, lower-cased, separated by spaces (for the filter)."),
            ValueField(.cells, .list(ValueObject("Matrix cell", "An entry's results with one technology.", [
                ValueField(.name, .text, "The technology."),
                ValueField(.anchor, .text, "Its column's id."),
                ValueField(.items, .list(ValueObject("Matrix result", "One result.", [
                    ValueField(.text, .text, "The result in words."),
                    ValueField(.status, .text, "`supported`, `partial`, `not-supported`, `not-tested` or `unknown`."),
                    ValueField(.platform, .text, "Its platform."),
                    ValueField(.href, .text, "Its row on the entry's page."),
                    ValueField(.stale, .text, "Present when older than `support-stale-after:` months."),
                ])), "Its results, absent when it was not tested with it."),
            ])), "A cell per technology column."),
        ])), "An entry each, by title."),
        ValueField(.platformFilter, .object(filter), "Filter by platform, when there are two or more."),
        ValueField(.technologyFilter, .object(filter), "Filter by technology, when there are two or more."),
        ValueField(.scriptHref, .text, "The filters' script."),
        ValueField(.csvHref, .text, "support.csv: every result, a row each."),
        ValueField(.jsonHref, .text, "support.json: every result, by entry."),
    ])
    static let navItem = ValueObject("Navigation item", "A link of the main navigation or of the breadcrumbs.", [
        ValueField(.title, .text, "Its text."),
        ValueField(.href, .text, "Its address."),
        ValueField(.ariaCurrent, .text, "`page` on the page itself, `true` on its section (navigation)."),
        ValueField(.current, .flag, "The page itself (breadcrumbs)."),
        ValueField(.pages, .items(navPage),
                   "Under the section of the page shown, its pages, when they fit on one list page (site.yml's `pagination.size`)."),
    ])
    static let navPage = ValueObject("Section page in the navigation", "A page of the section shown, listed under its section.", [
        ValueField(.title, .text, "Its title."),
        ValueField(.href, .text, "Its address."),
        ValueField(.current, .flag, "The page shown."),
    ])
    static let pagination = ValueObject("Pagination", "Where this page is in a list split into numbered pages.", [
        ValueField(.number, .number, "This page's number."),
        ValueField(.count, .number, "How many pages the list has."),
        ValueField(.summary, .text, "\"Page 2 of 9\"."),
        ValueField(.label, .text, "The navigation's accessible name."),
        ValueField(.previous, .object(pageLink), "The page before, when there is one."),
        ValueField(.next, .object(pageLink), "The page after, when there is one."),
        ValueField(.pages, .list(ValueObject("Numbered page", "A link of the pagination, or a gap.", [
            ValueField(.number, .number, "The page's number."),
            ValueField(.href, .text, "Its address."),
            ValueField(.label, .text, "\"Page 3\"."),
            ValueField(.current, .flag, "This page."),
            ValueField(.gap, .flag, "Pages left out here (no other field)."),
        ])), "First, last and two each side of this one."),
    ])
    static let coverage = ValueObject("Coverage", "Which level A and AA criteria the site's pages cite.", [
        ValueField(.total, .number, "How many criteria are counted."),
        ValueField(.covered, .number, "How many are cited."),
        ValueField(.lede, .text, "A sentence saying so."),
        ValueField(.sections, .list(ValueObject("Column", "A section, as a column.", [ValueField(.title, .text, "Its title.")])), "The table's columns."),
        ValueField(.rows, .list(criterion), "A row per criterion, with `cells`."),
        ValueField(.csvHref, .text, "The coverage CSV's address."),
        ValueField(.csvNote, .text, "What the CSV holds."),
        ValueField(.missing, .object(ValueObject("Missing", "Criteria no page cites.", [
            ValueField(.items, .list(criterion), "The criteria."),
            ValueField(.count, .number, "How many."),
            ValueField(.heading, .text, "A heading saying so."),
        ])), "Present when some are not cited."),
    ])
    static let search = ValueObject("Search", "The search page: its script and, without JavaScript, every page A to Z.", [
        ValueField(.indexHref, .text, "The first piece of the search index (`search/meta.js`); search.js loads the others from its folder."),
        ValueField(.scriptHref, .text, "The search script."),
        ValueField(.count, .number, "How many pages are searched."),
        ValueField(.countText, .text, "That count in words."),
        ValueField(.summary, .text, "A sentence saying so."),
        ValueField(.groups, .list(letterGroup), "This numbered page's pages, by first letter."),
        ValueField(.entries, .list(link), "The same pages as one list."),
        ValueField(.letters, .object(ValueObject("Letters", "The A to Z navigation.", [
            ValueField(.items, .list(letterLink), "A link per letter."),
            ValueField(.label, .text, "Its accessible name."),
        ])), "Present when the list has letters."),
        ValueField(.sectionFilter, .object(filter), "Filter by section, when there are two or more."),
        ValueField(.categoryFilter, .object(filter), "Filter by category."),
        ValueField(.platformFilter, .object(filter), "Filter by platform."),
    ])
}
