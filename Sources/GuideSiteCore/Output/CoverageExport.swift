import Foundation

/// The coverage page's table to hand on: `coverage.csv` beside it, one row per success
/// criterion the site has a page for, with its level, the entries that reference it and, when
/// site.yml names them, its EN 301 549 clauses and Section 508 status, and the ids of the
/// axe-core and ACT rules that test it (empty when it needs a person).
enum CoverageExport {
    static func csv(for site: Site, basePath: String) -> Data {
        let standards = site.config.standards
        var header = ["Criterion", "Name", "Level", "Pages", "Entries", "Entry URLs"]
        if standards.contains(.en301549) { header.append("EN 301 549 \(Standards.enVersion)") }
        if standards.contains(.section508) { header.append("Section 508") }
        header += ["axe-core \(AutomatedRules.axeVersion) rules", "ACT rules"]
        var output: [UInt8] = []
        AcceptanceExport.row(header, into: &output)
        // Each page's address made once: most pages cite several criteria.
        var addresses = [String?](repeating: nil, count: site.pages.count)
        for criterion in WCAG22.all where site.criterionPage[criterion.number] != nil {
            let pages = (site.criterionPages[criterion.number] ?? []).filter { !site.pages[$0].route.isInOtherLanguage }
            var titles = "", urls = ""
            for (position, index) in pages.enumerated() {
                if position > 0 {
                    titles += "; "
                    urls += "; "
                }
                titles += site.pages[index].title
                let route = site.pages[index].route
                let address = addresses[index] ?? SitePaths.absolute(route.href(basePath: basePath), siteURL: site.config.url) ?? TestPlan.basketKey(of: route)
                addresses[index] = address
                urls += address
            }
            var row = [criterion.number, criterion.name, criterion.obsolete ? "obsolete" : criterion.level, String(pages.count), titles, urls]
            if standards.contains(.en301549) { row.append(Standards.enText(of: criterion.number)) }
            if standards.contains(.section508) { row.append(Standards.section508Text(of: criterion)) }
            row.append(AutomatedRules.axe(criterion.number).map(\.id).joined(separator: "; "))
            row.append(AutomatedRules.act(criterion.number).map(\.id).joined(separator: "; "))
            AcceptanceExport.row(row, into: &output)
        }
        return Data(output)
    }
}
