/// docs/Content/theme/values.md: every value a layout or partial receives, written from `ThemeValues` and the
/// built-in theme (`guidesite theme values`, `make theme-docs`; a test fails when it is stale).
public enum ThemeReference {
    public static func markdown() -> String {
        // A page of the user guide, whose Mustache tags are text.
        var out = """
            ---
            title: The theme's values
            description: Every value a layout or partial can use, with its type and meaning.
            order: 3
            render_with_liquid: false
            ---

            Written by `make theme-docs` (`guidesite theme values`) from `Sources/GuideSiteCore/Templates/Values/`;
            do not edit it by hand. A test fails when it no longer matches.

            A layout (`Templates/layouts/NAME.mustache`) renders a page; a partial (`Templates/partials/NAME.mustache`)
            is included with `{{>NAME}}` and sees the values around its tag. A site's file replaces the built-in
            file of the same path and only that one: `guidesite theme eject partials/toc.mustache` copies the
            built-in one to start from. Mustache looks a name up from the innermost section out, so inside
            `{{#page.related.items}}…{{/page.related.items}}` `{{title}}` is the related page's title and
            `{{site.title}}` still the site's. A name no value has is a warning at its line and column
            (an error with `--strict`). Text is escaped by `{{name}}`; only HTML values are inserted with `{{{name}}}`.


            """
        out += "## Layouts and partials\n\nEvery layout receives the values of [Top](#top); a value a page has no use for is absent.\n\n"
        out += "| Template | Top-level values it uses |\n|---|---|\n"
        for (file, names) in usedByBuiltInTheme() {
            let shown = file.hasPrefix("layouts/") ? file + ".mustache" : "partials/\(file).mustache"
            out += "| `\(shown)` | \(names.isEmpty ? "only those around its tag" : names.sorted().map { "`\($0)`" }.joined(separator: ", ")) |\n"
        }
        out += "\n## Values\n"
        for object in ThemeValues.documented {
            out += "\n### \(object.name)\n\n\(object.meaning)\n\n| Name | Type | Meaning |\n|---|---|---|\n"
            for field in object.fields {
                out += "| `\(field.name)` | \(field.type.description) | \(field.meaning.replacingOccurrences(of: "|", with: "\\|")) |\n"
            }
        }
        out += "\n## The search index\n\n`assets/search.js` loads the index in pieces, each a script calling "
        out += "`GuideSite.searchData(name, value)`, from the folder of `indexHref`: `meta.js` (`count`, `group`, `fields`, the tables "
        out += "`sections` (`[name, title]`), `categories` (`[slug, title]`), `platforms`, `criteria` (`[number, name, level]`), and `keys`, "
        out += "the term files there are), `t/wKEY.js` (the words beginning with KEY, their first three letters, with each document's "
        out += "level), `d/N.js` (what results show of `group` documents, in the order of `fields`) and `f/sN.js`, `f/cN.js`, `f/pN.js` "
        out += "(the documents of a section, category or platform). A script reads a result's values by name "
        out += "(`var F = {}; meta.fields.forEach(function (name, i) { F[name] = i; }); record[F.title]`).\n\n"
        out += "| Field | Meaning |\n|---|---|\n"
        for field in SearchablePages.resultFields { out += "| `\(field.name)` | \(field.meaning) |\n" }
        out += "\n`search/index.js`, the whole index in one file, sets `GuideSite.searchIndex` (`fields`, `entries` and the same tables) "
        out += "for other tools; each entry's values are in the order of its fields:\n\n"
        out += "| Field | Meaning |\n|---|---|\n"
        for field in SearchablePages.indexFields { out += "| `\(field.name)` | \(field.meaning) |\n" }
        out += "\n## Strings\n\nThe theme's texts, `{{strings.KEY}}`, in English (`Templates/strings/en.yml`; other languages have the same keys).\n\n"
        out += "| Key | English |\n|---|---|\n"
        let english = ThemeStrings.english
        for key in english.values.keys.sorted() {
            out += "| `\(key)` | \(english[key].replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")) |\n"
        }
        return out
    }

    /// The top-level names each built-in layout and partial uses.
    static func usedByBuiltInTheme() -> [(String, Set<String>)] {
        let templates = Theme(files: DefaultTheme.files(), origins: [:]).parsedTemplates.mapValues(\.template)
        var check = TemplateCheck(templates: templates, strings: Set(ThemeStrings.english.values.keys))
        _ = check.run()
        return templates.keys.sorted { ($0.hasPrefix("layouts/") ? 0 : 1, $0) < ($1.hasPrefix("layouts/") ? 0 : 1, $1) }
            .map { ($0, check.used[$0] ?? []) }
    }
}
