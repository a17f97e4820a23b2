/// The page at the top of a site whose every language has its folder: it sends readers to the
/// default language and lists each language, named in itself, for those it does not send.
enum LanguageRedirect {
    static func html(to folder: String, languages: [Language], title: String) -> String {
        let first = languages.first
        let items = languages.map { language in
            "<li><a href=\"\(HTML.escape(language.code))/\" hreflang=\"\(HTML.escape(language.code))\" lang=\"\(HTML.escape(language.code))\""
                + (language.direction == .rtl ? " dir=\"rtl\"" : "") + ">\(HTML.escape(language.name))</a></li>"
        }
        return """
            <!DOCTYPE html>
            <html lang="\(HTML.escape(first?.code ?? "en"))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title))</title>
            <meta http-equiv="refresh" content="0; url=\(HTML.escape(folder))">
            <meta name="robots" content="noindex">
            </head>
            <body>
            <main>
            <h1>\(HTML.escape(title))</h1>
            <ul>
            \(items.joined(separator: "\n"))
            </ul>
            </main>
            </body>
            </html>

            """
    }
}
