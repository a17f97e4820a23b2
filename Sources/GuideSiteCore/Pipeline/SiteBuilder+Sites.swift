import Foundation

/// Stages that decide which sites a run builds (the full site, subsets) and where they go.
extension SiteBuilder {
    /// Decides which sites this run builds and checks the subsets' selectors against the
    /// sections, categories and platforms the site has.
    static func planVariants(_ context: inout BuildContext) {
        let config = context.siteConfig
        let request = context.request
        let layout = context.layout
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
            context.variants = [subsetVariant(adHoc, inside: false)]
            subsets = [adHoc]
        } else if let name = request.subset {
            guard let subset = config.subsets.first(where: { $0.name == name }) else {
                let known = config.subsets.map(\.name)
                context.diagnostics.append(Diagnostic(.error, "site.yml", category: "subset",
                    "there is no subset `\(name)` in site.yml" + (known.isEmpty ? "; declare one under `subsets:`" : "; the subsets are: \(known.joined(separator: ", ")).\(Suggestion.didYouMean(name, in: known))")))
                context.usageError = true
                return
            }
            context.variants = [subsetVariant(subset, inside: false)]
            subsets = [subset]
        } else if request.allSubsets {
            context.variants = [full] + config.subsets.map { subsetVariant($0, inside: true) }
            subsets = config.subsets
        } else {
            context.variants = [full]
        }
        if context.memoryOutput != nil, context.variants.count > 1, !request.check {
            // The preview serves one site.
            context.variants = [context.variants[0]]
        }
        context.subsets = subsets
    }

    /// Skips the rest of the build when the record of the last build shows the same inputs and
    /// its output folder still in place.
    static func checkRecord(_ context: inout BuildContext) {
        guard context.memoryOutput == nil, !context.request.check, let primary = context.variants.first?.output else { return }
        context.inputs = BuildRecord.inputs(for: context)
        // What the spare site holds, for the state this build leaves (see `keepOnDisk`).
        if context.inputs != nil, context.variants.count == 1, context.variants[0].subset == nil {
            context.recording.previousFiles = LastBuild.outputFiles(at: LastBuild.location(root: context.layout.root, output: primary),
                                                                    outputInode: BuildRecord.inode(of: primary))
        }
        guard !context.request.fresh, let key = context.recordKey,
              let record = BuildRecord.read(from: BuildRecord.location(root: context.layout.root, output: primary)),
              record.key == key, record.outputInode == BuildRecord.inode(of: primary),
              context.variants.allSatisfy({ $0.insideFullSite != nil || BuildRecord.inode(of: $0.output) != nil }) else { return }
        context.upToDate = record
    }

    /// Writes the record of a build that put its site in place, or removes it after a failed
    /// build (whose inputs no longer match the output left in place).
    static func keepRecord(_ context: BuildContext, succeeded: Bool) {
        guard context.memoryOutput == nil, !context.request.check, let primary = context.variants.first?.output else { return }
        let location = BuildRecord.location(root: context.layout.root, output: primary)
        if succeeded { keepOnDisk(context) }
        guard succeeded, let key = context.recordKey, let inode = BuildRecord.inode(of: primary) else {
            try? FileManager.default.removeItem(at: location)
            return
        }
        BuildRecord(key: key, outputInode: inode, context: context).write(to: location)
    }

    static func validateSubsets(_ context: inout BuildContext) {
        validate(context.subsets, context: &context)
    }

    /// Unknown sections, categories or platforms in a subset are errors naming the closest one.
    static func validate(_ subsets: [Subset], context: inout BuildContext) {
        guard !subsets.isEmpty else { return }
        let sections = Set(context.files.compactMap { file in
            file.relativePath.utf8.firstIndex(of: UInt8(ascii: "/")).map { String(file.relativePath[..<$0]) }
        })
        let config = context.siteConfig
        for subset in subsets {
            let path = subset.name == "custom" && context.request.adHoc != nil ? "(command line)" : "site.yml"
            func check(_ names: [String], known: Set<String>, kind: String, normalize: (String) -> String = { $0 }) {
                for name in names where !known.contains(normalize(name)) {
                    let hint = Suggestion.closest(to: name, in: known).map { "; the closest is `\($0)`" } ?? ""
                    context.diagnostics.append(Diagnostic(.error, path, line: path == "site.yml" ? subset.line : 0, column: 1, category: "subset",
                                                          "subset `\(subset.name)` names the \(kind) `\(name)`, which the site does not have\(hint)"))
                }
            }
            check(subset.sections, known: sections, kind: "section")
            check(subset.platforms, known: Set(config.platforms.map { $0.lowercased() }), kind: "platform", normalize: { $0.lowercased() })
            var categories = Set(config.categories.map(\.slug))
            categories.formUnion(context.parsed.flatMap { $0.frontMatter.categories.map(Slug.make) })
            check(subset.categories, known: categories, kind: "category", normalize: Slug.make)
        }
    }

    static func prepareOutput(_ context: inout BuildContext) {
        guard context.output == nil else { return }
        let variant = context.variant
        if let inside = variant.insideFullSite, let full = context.writers.first {
            context.output = PrefixedOutput(base: full, prefix: inside)
            return
        }
        var layout = context.layout
        layout.output = variant.output
        // The state of the last build no longer describes a folder this build replaces.
        if context.memoryOutput == nil {
            LastBuild.remove(at: LastBuild.location(root: context.layout.root, output: variant.output))
        }
        switch SiteWriter.prepare(layout: layout, force: context.request.force, preserving: keptFolders(variant, request: context.request),
                                  markParent: variant.subset != nil && context.request.output == nil ? context.layout.output : nil) {
        case .success(var writer):
            writer.listsFiles = context.inputs != nil && context.variants.count == 1 && variant.subset == nil
            context.writers.append(writer)
            context.output = writer
        case .failure(let problem):
            context.diagnostics.append(problem)
            context.usageError = true
        }
    }

    /// The live output's folders a build of `variant` carries into its new output: a full
    /// build keeps the subsets built before it, unless it builds them itself.
    static func keptFolders(_ variant: Variant, request: BuildRequest) -> [String] {
        variant.subset == nil && !request.allSubsets ? ["subsets"] : []
    }

    /// The pages of the site being built: for a subset, its entries, the sections holding them,
    /// and the pages outside sections.
    static func selectPages(_ context: inout BuildContext) {
        guard let subset = context.variant.subset else {
            context.pages = context.parsed
            return
        }
        let entries = context.parsed.filter { $0.kind == .entry && subset.includes(entry: $0) }
        let sections = Set(entries.compactMap(\.section)).union(subset.sections)
        context.pages = context.parsed.filter { page in
            switch page.kind {
            case .entry: subset.includes(entry: page)
            case .section: sections.contains(page.section ?? "")
            default: true
            }
        }
    }
}
