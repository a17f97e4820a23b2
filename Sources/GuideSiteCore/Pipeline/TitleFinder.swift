import Foundation
/// Picks a page's title: front matter `title`, else the first `#` heading, else (for a section)
/// site.yml's title, else the first non-empty line, else the file name.
enum TitleFinder {
    static func title(for page: Page, config: SiteConfig) -> String {
        if let title = page.frontMatter.title { return title }
        if let title = page.body.title { return title }
        if page.kind == .section, let name = page.section, let title = config.section(named: name)?.title { return title }
        if page.kind == .home { return config.title }
        // Pasted text whose first line was a heading (a platform name) is titled by its file name.
        for line in page.isPastedText ? [] : page.markdown.prefix(20_000).split(separator: "\n") {
            let text = line.trimmingSpaces()
                .trimming("#>*-_=`• \t")
            if !text.isEmpty { return String(text.prefix(120)) }
        }
        let name = (page.contentPath.split(separator: "/").last.map(String.init) ?? "page")
        let stem = name.split(separator: ".").dropLast().joined(separator: ".")
        return SiteAssembler.title(fromFolder: stem.isEmpty ? name : stem)
    }
}
