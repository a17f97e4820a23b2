/// What every layout receives at its top, and what only some layouts get (said in each meaning).
extension ThemeValues {
    static let root = ValueObject("Top", "The names a layout can use at its top level.", [
        ValueField(.site, .object(site), "The site."),
        ValueField(.page, .object(page), "The page."),
        ValueField(.strings, .strings, "The theme's texts in the page's language: `{{strings.nav-home}}`."),
        ValueField(.documentTitle, .text, "The `<title>`: \"Entry – Section – Site\", \"List – Page 2 of 9 – Site\"."),
        ValueField(.nav, .list(navItem), "The main navigation."),
        ValueField(.breadcrumbs, .items(navItem), "The trail from the home page (every page but home)."),
        ValueField(.bodyEnd, .html, "Markup to insert before `</body>`: the preview's reload script."),
        ValueField(.noindex, .flag, "Ask search engines not to index the page (a subset's `noindex: true`)."),
        ValueField(.section, .object(section), "The page's section (section pages and their entries)."),
        ValueField(.pager, .object(ValueObject("Pager", "An entry's neighbours in its section.", [
            ValueField(.label, .text, "The navigation's accessible name."),
            ValueField(.previous, .object(link), "The entry before."),
            ValueField(.next, .object(link), "The entry after."),
        ])), "Entries of a section of two or more."),
        ValueField(.pagination, .object(pagination), "Lists split into numbered pages."),
        ValueField(.sections, .list(section), "Home: every section."),
        ValueField(.recent, .items(link), "Home: the pages changed last, with `updated`."),
        ValueField(.criterion, .object(criterion), "Criterion pages: the criterion, with `sections`."),
        ValueField(.principles, .list(ValueObject("Principle", "A WCAG principle with the criteria the site cites.", [
            ValueField(.name, .text, "Its name."),
            ValueField(.anchor, .text, "An id for its heading."),
            ValueField(.guidelines, .list(ValueObject("Guideline", "A WCAG guideline.", [
                ValueField(.name, .text, "Its name."),
                ValueField(.criteria, .list(criterion), "Its criteria the site cites."),
            ])), "Its guidelines."),
        ])), "The criteria index."),
        ValueField(.coverage, .object(coverage), "The coverage page."),
        ValueField(.categories, .items(ValueObject("Category", "A category of site.yml.", [
            ValueField(.title, .text, "Its title."),
            ValueField(.href, .text, "Its page's address."),
            ValueField(.count, .number, "How many entries it has."),
            ValueField(.countText, .text, "That count in words."),
            ValueField(.description, .text, "Its description."),
        ])), "The categories index."),
        ValueField(.category, .object(ValueObject("Category page", "A category and its pages.", [
            ValueField(.title, .text, "Its title."),
            ValueField(.description, .text, "Its description."),
            ValueField(.count, .number, "How many entries it has."),
            ValueField(.countText, .text, "That count in words."),
            ValueField(.summary, .text, "A sentence saying so."),
            ValueField(.feedHref, .text, "Its Atom feed's address, when the site has a feed (site.yml's `url:` and a history)."),
            ValueField(.sections, .list(group), "This numbered page's entries, by section."),
        ])), "Category pages."),
        ValueField(.search, .object(search), "The search page."),
        ValueField(.matrix, .object(matrix), "The support matrix (`/support/`)."),
        ValueField(.basket, .object(ValueObject("Basket", "The criteria basket's page.", [
            ValueField(.platforms, .list(ValueObject("Platform", "A platform of site.yml.", [ValueField(.name, .text, "Its name.")])), "The platforms to choose from."),
            ValueField(.scripts, .text, "The folder of the basket's entry scripts."),
            ValueField(.scriptCount, .number, "How many scripts it holds."),
        ])), "The basket page."),
        ValueField(.updates, .items(link), "The recent changes page: pages changed last, with `updated` and `section`."),
        ValueField(.redirect, .object(ValueObject("Redirect", "Where an old address leads.", [
            ValueField(.href, .text, "The page's address."),
            ValueField(.canonical, .text, "Its absolute address."),
            ValueField(.title, .text, "Its title."),
        ])), "Redirect pages (`aliases:`, `redirect_from:`)."),
        ValueField(.alternates, .list(language), "Multilingual sites: this page in each language, and `x-default`."),
        ValueField(.languages, .items(language), "Multilingual sites: the language switcher."),
        ValueField(.translation, .object(ValueObject("Outdated translation", "A translation whose source changed since.", [
            ValueField(.outdated, .flag, "Always true."),
            ValueField(.sourceCode, .text, "The source's language."),
            ValueField(.sourceHref, .text, "The source page's address."),
        ])), "Translations older than their source."),
        ValueField(.translations, .object(ValueObject("Translations", "The table of every page's translations.", [
            ValueField(.languages, .list(language), "The other languages, a column each."),
            ValueField(.rows, .list(translationRow), "A row per page (this numbered page's)."),
            ValueField(.summary, .text, "How many are current, outdated, missing (not on the default language's table)."),
        ])), "The translations page."),
    ])

    /// Every object the theme values page describes, in the order it lists them.
    static var documented: [ValueObject] {
        var seen: [ValueObject] = []
        func visit(_ object: ValueObject) {
            guard !seen.contains(where: { $0 === object }) else { return }
            if object.documented { seen.append(object) }
            for field in object.fields {
                switch field.type {
                case .object(let inner), .list(let inner): visit(inner)
                default: break
                }
            }
        }
        visit(root)
        return seen
    }
}
