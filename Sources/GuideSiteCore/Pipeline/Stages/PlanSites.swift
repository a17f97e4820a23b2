import Foundation

/// Decides which sites this run builds (the full site, a subset, all of them, each in every
/// language of `languages:`) and where each goes.
enum PlanSites {
    static let name = "plan sites"

    /// The sites this run builds; nil (with the error) when the request names no subset of site.yml.
    static func run(_ config: SiteConfig, request: BuildRequest, layout: SiteLayout) -> Diagnosed<SitePlan?> {
        var plan = SitePlan()
        func subsetVariant(_ subset: Subset, inside: Bool) -> Variant {
            let base = request.baseURL.map(BasePath.normalize) ?? (config.basePath + "subsets/\(subset.name)/")
            let output = request.output.flatMap { inside ? nil : $0 }
                ?? layout.root.appending(path: "Output/subsets/\(subset.name)", directoryHint: .isDirectory)
            return Variant(subset: subset, output: output, basePath: inside ? config.basePath + "subsets/\(subset.name)/" : base,
                           title: subset.title ?? "\(config.title) – \(subset.label ?? subset.name)", insideFullSite: inside ? "subsets/\(subset.name)/" : nil)
        }
        let full = Variant(subset: nil, output: layout.output, basePath: config.basePath, title: config.title)
        var subsets: [Subset] = []
        if let adHoc = request.adHoc {
            plan.variants = [subsetVariant(adHoc, inside: false)]
            subsets = [adHoc]
        } else if let name = request.subset {
            guard let subset = config.subsets.first(where: { $0.name == name }) else {
                let known = config.subsets.map(\.name)
                return Diagnosed(nil, [Diagnostic(.error, "site.yml", category: "subset",
                    "there is no subset `\(name)` in site.yml" + (known.isEmpty ? "; declare one under `subsets:`" : "; the subsets are: \(known.joined(separator: ", ")).\(Suggestion.didYouMean(name, in: known))"))])
            }
            plan.variants = [subsetVariant(subset, inside: false)]
            subsets = [subset]
        } else if request.allSubsets {
            plan.variants = [full] + config.subsets.map { subsetVariant($0, inside: true) }
            subsets = config.subsets
        } else {
            plan.variants = [full]
        }
        plan.subsets = subsets
        if config.languages.count > 1 { plan.variants = plan.variants.flatMap { inLanguages($0, config: config) } }
        return Diagnosed(plan)
    }

    /// A site in each of site.yml's languages: the default at the site's place (or in its own
    /// folder there), every other one in `<code>/` inside it.
    static func inLanguages(_ site: Variant, config: SiteConfig) -> [Variant] {
        config.languages.enumerated().map { position, language in
            var variant = site
            variant.language = language
            if site.subset == nil, let title = language.title { variant.title = title }
            guard position > 0 || config.defaultLanguageInFolder else { return variant }
            let folder = language.code + "/"
            variant.basePath += folder
            if position == 0 { variant.folder = folder } else { variant.insideFullSite = (site.insideFullSite ?? "") + folder }
            return variant
        }
    }

    /// The live output's folders a build of `variant` carries into its new output: a full
    /// build keeps the subsets built before it, unless it builds them itself.
    static func keptFolders(_ variant: Variant, request: BuildRequest) -> [String] {
        variant.subset == nil && !request.allSubsets ? ["subsets"] : []
    }
}
