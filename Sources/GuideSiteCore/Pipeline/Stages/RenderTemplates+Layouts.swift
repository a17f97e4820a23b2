import Foundation

/// Each page's layout one the theme has, and what the template stage says of those it has not.
extension RenderTemplates {
    /// Where the layout warnings of the pages GuideSite writes point.
    static let generatedLayoutsPath = "Templates/layouts"

    /// What laying pages out reads: the theme's layouts, those whose template does not parse,
    /// and the generator of the library the site was written for.
    struct Layouts: Equatable, Encodable, Sendable {
        var available: Set<String>
        var broken: Set<String>
        var generator: String?

        init(_ renderer: TemplateRenderer, _ settings: SiteConfig) {
            (available, broken, generator) = (renderer.layouts, renderer.brokenLayouts, settings.library?.generator.rawValue)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(available.sorted())
            try container.encode(broken.sorted())
            try container.encode(generator)
        }
    }

    /// The site with each page's layout one the theme has (`page`, or a library's layout for
    /// the page's place), and what it said of the others. A file's warning is made from the
    /// layout its front matter names, so a page the last build laid out already says it again.
    static func laidOut(_ site: Site, _ layouts: Layouts) -> Written {
        var site = site
        var layoutWarnings: [Diagnostic] = []
        let available = layouts.available.sorted().joined(separator: ", ")
        var reportedGenerated = Set<String>()
        for index in site.pages.indices {
            let laid = site.pages[index].layout
            let written = site.pages[index].sourcePath.isEmpty ? laid : site.pages[index].frontMatterLayout ?? laid
            guard !layouts.available.contains(laid) || !layouts.available.contains(written) && layouts.generator == nil
                && !layouts.broken.contains(written) else { continue }
            let page = site.pages[index]
            if layouts.broken.contains(page.layout) {
                // Its template error is reported already; the build fails on it.
                site.pages[index].layout = "page"
                continue
            }
            if page.sourcePath.isEmpty, !reportedGenerated.insert(page.layout).inserted {
                site.pages[index].layout = "page"
                continue
            }
            if layouts.generator != nil {
                site.pages[index].layout = fallbackLayout(of: page, layouts: layouts.available, library: true)
                continue
            }
            let line = page.frontMatter.entries["layout"]?.line ?? 1
            let hint = Suggestion.didYouMean(written, in: layouts.available)
            layoutWarnings.append(Diagnostic(
                .warning, page.sourcePath.isEmpty ? generatedLayoutsPath : page.sourcePath, line: line, column: 1,
                category: "unknown-layout",
                "unknown layout `\(written)`, using `page` instead; the layouts are: \(available).\(hint)"
            ))
            site.pages[index].layout = "page"
        }
        if let generator = layouts.generator { layoutWarnings += libraryNotes(site, layouts, generator: generator) }
        return Written(site: site, diagnostics: layoutWarnings)
    }

    /// `layout: post` in a Jekyll or Hugo library names one of its own templates (or its
    /// theme's): a note for each such name, at the first file (by path) naming it. Made from the
    /// front matter of every page, laid out already or not, so that a patch (whose last pages
    /// were laid out by the last build, its edited ones by `Link`) says what a full build says.
    static func libraryNotes(_ site: Site, _ layouts: Layouts, generator: String) -> [Diagnostic] {
        var first: [String: Page] = [:]
        for page in site.pages where !page.sourcePath.isEmpty {
            guard let name = page.frontMatter.layout, !layouts.available.contains(name), !layouts.broken.contains(name) else { continue }
            if let known = first[name], known.sourcePath <= page.sourcePath { continue }
            first[name] = page
        }
        return first.keys.sorted().map { name in
            let page = first[name]!, taken = fallbackLayout(of: page, layouts: layouts.available, library: true)
            return Diagnostic(.note, page.sourcePath, category: "library-layout",
                              "`layout: \(name)` names a template of the \(generator) library; "
                                + "its pages take the theme's layout for their place (`\(taken)` here)")
        }
    }

    /// The layout the theme renders a page with that names one it does not have: for a
    /// library's page (`library`), the theme's layout for the page's place, else `page`.
    static func fallbackLayout(of page: Page, layouts: Set<String>, library: Bool) -> String {
        let place = library ? placeLayout(of: page) : "page"
        return layouts.contains(place) ? place : "page"
    }

    private static func placeLayout(of page: Page) -> String {
        switch page.kind {
        case .home: "home"
        case .section: "section"
        case .entry: "entry"
        default: page.hasTests ? "entry" : "page"
        }
    }
}
