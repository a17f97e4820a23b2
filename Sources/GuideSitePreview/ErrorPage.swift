import Foundation
import GuideSiteCore

/// The page every HTML request gets while the site does not build: a heading, then the problems
/// as `path:line:column` in a list inside an alert, so a screen reader announces them.
enum ErrorPage {
    static func html(title: String, language: String, diagnostics: [Diagnostic]) -> Data {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let errors = diagnostics.filter { $0.severity == .error }
        let items = errors.map { "<li><code>\(escape($0.description))</code></li>" }.joined(separator: "\n")
        let page = """
            <!DOCTYPE html>
            <html lang="\(escape(language))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Build failed – \(escape(title))</title>
            <style>
            body { font-family: system-ui, sans-serif; line-height: 1.5; margin: 0; color: #1b1f24; background: #fff; }
            main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem; }
            h1 { border-left: 6px solid #b00020; padding-left: 0.75rem; }
            li { margin: 0.5rem 0; }
            code { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.95rem; }
            @media (prefers-color-scheme: dark) { body { color: #e8eaed; background: #14171a; } h1 { border-color: #ff8a80; } }
            </style>
            </head>
            <body>
            <main>
            <h1>The site could not be built</h1>
            <p>GuideSite found \(errors.count) problem\(errors.count == 1 ? "" : "s"). Fix \(errors.count == 1 ? "it" : "them") and save: this page reloads by itself.</p>
            <div role="alert">
            <ul>
            \(items)
            </ul>
            </div>
            </main>
            </body>
            </html>

            """
        return Data(page.utf8)
    }
}
