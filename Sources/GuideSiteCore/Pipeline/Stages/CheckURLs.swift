import Foundation

/// Two sources that would write the same file are an error naming both.
enum CheckURLs {
    static let name = "check urls"

    /// With the site's `last` build, nothing: its findings stand, a site built from it keeping
    /// every address (`Link`), unless files (Markdown or copied) came or went; then a finding
    /// declines (a full build reports it with the rest).
    static func run(_ site: Site, layout: SiteLayout, last: Basis?) throws -> [Diagnostic] {
        guard last.map({ $0.filesMoved || $0.assets.moved }) ?? true else { return [] }
        let config = site.config
        var diagnostics: [Diagnostic] = []
        var owners: [String: String] = [:]
        var claims: [(file: String, source: String, line: Int)] = site.pages.filter { !$0.route.isInOtherLanguage }
            .map { ($0.route.file, $0.sourcePath, $0.sourcePath.isEmpty ? 0 : 1) }
        claims += site.assets.map { ($0.relativePath, layout.displayPath($0.url), 0) }
        if config.url != nil { claims.append(("sitemap.xml", "(sitemap)", 0)) }
        claims.append((SiteWriter.markerName, "(GuideSite's marker file)", 0))
        claims.append(("criteria.json", "(criteria export)", 0))
        claims.append((SearchIndex.path, "(search index)", 0))
        for claim in claims {
            let key = claim.file.lowercased()
            if let first = owners[key] {
                let source = claim.source.isEmpty ? "a generated page" : claim.source
                let other = first.isEmpty ? "a page GuideSite generates for a section or the home page" : first
                diagnostics.append(Diagnostic(
                    .error, claim.source.isEmpty ? first : claim.source, line: claim.line, column: 1, category: "duplicate-url",
                    "\(source) and \(other) would both be written to `\(claim.file)`; rename one of them or give one a `permalink`"
                ))
            } else {
                owners[key] = claim.source
            }
        }
        if last != nil, !diagnostics.isEmpty { throw Basis.Declined("an added file's page would be written where another is") }
        return diagnostics
    }
}
