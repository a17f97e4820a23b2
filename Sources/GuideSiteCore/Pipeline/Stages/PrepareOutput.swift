import Foundation

/// Opens where the site being built goes: a staging folder beside its output, a folder inside
/// the full site's (a subset of `--all-subsets`, a language), or memory. Under a basis, the files
/// of the last build are where the first site starts (in memory, on disk the spare site or the
/// live output, `PatchOutput`), and the other sites of the run write into them.
enum PrepareOutput {
    static let name = "prepare output"

    /// Where the site's files go, and the writer opened for it, which the run commits.
    struct Opened {
        var output: (any SiteOutput)?
        var writer: (any CommittedOutput)?
        var diagnostics: [Diagnostic] = []
        /// The output folder cannot be written.
        var failed = false
    }

    /// `last`: the site's last build, when it stands for all but the edited files (the run's
    /// `first` site then starts from its files, `patched`); `memory`: the preview's output;
    /// `fullSite`: the run's first writer, which the sites inside it write into; `listsFiles`:
    /// the writer lists what it writes (for the last build's state); `failing`: the run has
    /// errors already, so a patch on disk is written to no file and leaves the last build as it
    /// was, for the build that mends them.
    static func run(_ variant: Variant, last: Basis?, first: Bool, memory: MemoryOutput?, fullSite: (any CommittedOutput)?, listsFiles: Bool,
                    failing: Bool, languages: [Language], layout: SiteLayout, request: BuildRequest, store: any LastBuildStore) throws -> Opened {
        if let last {
            return try patched(variant, basis: last, started: first ? nil : (memory as (any SiteOutput)?) ?? fullSite, memory: memory,
                               failing: failing, layout: layout, request: request, store: store)
        }
        var opened = Opened()
        if let memory {
            opened.output = memory
        } else if variant.insideFullSite != nil, let fullSite {
            opened.output = fullSite
        } else {
            var own = layout
            own.output = variant.output
            // The last build no longer describes a folder this build replaces.
            store.forget(output: variant.output, root: layout.root)
            switch SiteWriter.prepare(layout: own, force: request.force, preserving: PlanSites.keptFolders(variant, request: request),
                                      markParent: variant.subset != nil && request.output == nil ? layout.output : nil) {
            case .success(var writer):
                writer.listsFiles = listsFiles && variant.subset == nil
                opened.writer = writer
                opened.output = writer
            case .failure(let problem):
                opened.diagnostics.append(problem)
                opened.failed = true
                return opened
            }
        }
        guard let base = opened.output, !variant.folder.isEmpty || variant.insideFullSite != nil else { return opened }
        if !variant.folder.isEmpty {
            // With every language in its folder, the top of the site sends readers to the default one.
            let page = LanguageRedirect.html(to: variant.folder, languages: languages, title: variant.title)
            do {
                try base.write(Data(page.utf8), to: (variant.insideFullSite ?? "") + "index.html")
            } catch {
                opened.diagnostics.append(Diagnostic(.error, layout.displayPath(variant.output), category: "io",
                                                     "could not write the page that leads to the default language: \(error.localizedDescription)"))
            }
        }
        opened.output = PrefixedOutput(base: base, prefix: variant.prefix)
        return opened
    }

    /// Under a basis: the first site of the run opens the last build's files (`started` is
    /// nil), the others write into them (`started`).
    private static func patched(_ variant: Variant, basis: Basis, started: (any SiteOutput)?, memory: MemoryOutput?, failing: Bool,
                                layout: SiteLayout, request: BuildRequest, store: any LastBuildStore) throws -> Opened {
        var opened = Opened()
        if let started {
            opened.output = started
        } else if failing, memory == nil {
            // Held until a commit that will not come: the live files, the spare and the states stay.
            let discarded = InPlaceOutput(output: variant.output)
            (opened.output, opened.writer) = (discarded, discarded)
        } else {
            do {
                let made = try store.openOutput(from: basis, variant: variant, memory: memory, layout: layout, request: request)
                (opened.output, opened.writer) = (made.output, made.writer)
            } catch let declined as Basis.Declined {
                throw declined
            } catch {
                throw Basis.Declined(error.localizedDescription)
            }
        }
        if let base = opened.output, !variant.prefix.isEmpty { opened.output = PrefixedOutput(base: base, prefix: variant.prefix) }
        return opened
    }
}
