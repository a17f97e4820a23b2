import Foundation

/// Docusaurus's `_category_.json` (or `.yml`) beside a folder's docs: its `label` titles the
/// section and its `position` orders the sections, as Docusaurus's sidebar has them.
extension Load {
    static func docusaurusSections(in content: URL, layout: SiteLayout) -> Diagnosed<[SiteConfig.Section]> {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: content.path)) ?? []
        let folders = names.filter { !$0.hasPrefix(".") && !$0.hasPrefix("_") }.sorted()
        var found: [(position: Double, section: SiteConfig.Section)] = [], diagnostics: [Diagnostic] = []
        for folder in folders {
            guard let file = ["_category_.json", "_category_.yml", "_category_.yaml"].lazy
                .map({ content.appending(path: folder + "/" + $0) }).first(where: { manager.fileExists(atPath: $0.path) }) else { continue }
            let read = DataFiles.value(of: file, display: layout.displayPath(file))
            diagnostics += read.diagnostics
            guard case .map(let values) = read.value else { continue }
            var section = SiteConfig.Section(name: folder)
            section.title = values["label"]?.value.text
            if case .map(let link)? = values["link"]?.value { section.description = link["description"]?.value.text }
            let position = values["position"]?.value.text.flatMap { Double($0.trimmingSpaces()) } ?? .infinity
            found.append((position, section))
        }
        // (A stable sort: folders without a position keep their name's order, after the others.)
        let ordered = found.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element.section)
        return Diagnosed(ordered, diagnostics)
    }

    /// `site`'s sections, then those of `found` site.yml does not name.
    static func sections(_ site: [SiteConfig.Section], adding found: [SiteConfig.Section]) -> [SiteConfig.Section] {
        site + found.filter { section in !site.contains { $0.name == section.name } }
    }
}
