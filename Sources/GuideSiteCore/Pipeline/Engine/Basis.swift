import Foundation

/// The last build and the walk positions of the Markdown files edited since: what the stages
/// start from when the engine finds that the last build can stand for everything else.
struct Basis {
    var last: LastBuild
    var edited: [Int]
    /// Where each edited file's page is in the last site, by the file's content path (-1: that
    /// site had none, a subset leaving it out).
    var pageOfEdited: [String: Int] = [:]
    /// In a site of several languages: the files of the last sites by the key they share with
    /// their translations (`ref:`, `translationKey:`), which an edited page's key may name.
    var sharingKey: [String: Set<String>] = [:]
    /// When the pages name the site's languages (none in site.yml): how many files not edited
    /// name each language other than the default, as the last build read them.
    var namedElsewhere: [String: Int]?
    /// On disk: where the state lives and the build's inputs.
    var location: URL?
    var inputs: BuildRecord.Inputs?
    /// Markdown files added since the last build (walk positions, among `edited`; `last` is
    /// placed in this walk's order: `LastBuild.walked`), the pages of those removed (positions
    /// in the last site), and the paths of those removed.
    var added: [Int] = []
    var removed: [Int] = []
    var removedFiles: [String] = []
    /// The content folder's copied files that came, went or changed since (`Basis+Assets`).
    var assets = AssetsMoved()
    /// Whether a layout or partial of the theme changed (in memory, as the watcher reported):
    /// the theme is compiled again, and the pages whose layout's key moved are rendered again.
    var templatesMoved = false
    /// The theme's other files the watcher reported (`SiteLayout.themeFile`: style sheets,
    /// scripts), by path in the theme: read again over the last theme and copied, no page rendered.
    var themeFiles: Set<String> = []
    /// Whether the theme is not the last build's.
    var themeMoved: Bool { templatesMoved || !themeFiles.isEmpty }
    /// Whether an include file came, went or changed (the files that read one are in `edited`).
    var includesMoved = false
    /// Among `added`, the content paths of pages at an address of their own whose address was
    /// looked for with their file's name (`withPagesMoved`: an edited page's address moved).
    var addressed: Set<String> = []
    /// The content paths of `added` (`last` is placed in this walk's order).
    var addedPaths: Set<String> {
        Set(added.map { last.markdownPaths[$0] })
    }

    init(last: LastBuild, edited: [Int], walk: Walk, location: URL? = nil, inputs: BuildRecord.Inputs? = nil) {
        (self.last, self.edited, self.location, self.inputs) = (last, edited, location, inputs)
        let markdown = walk.files.filter { $0.kind == .markdown }
        for file in edited where markdown.indices.contains(file) { pageOfEdited[markdown[file].relativePath] = last.pageOfFile[file] }
    }

    /// What the last build reported that stands for this one: the problems of every file not
    /// edited and of the checks of the whole site (walk, site.yml, theme, layouts, addresses),
    /// but those every build makes from all the site's pages (`Lint.isMadeOnEveryBuild`).
    var lastDiagnostics: [Diagnostic] {
        let edited = Set(self.edited)
        return (last.otherDiagnostics + last.fileDiagnostics.indices.filter { !edited.contains($0) }.flatMap { last.fileDiagnostics[$0] })
            .filter { !Lint.isMadeOnEveryBuild($0) }
    }

    /// Why the last build cannot stand for this one, for `--timings`.
    struct Declined: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The last build of each site `serve` holds, and the Markdown files edited since: the same
    /// files for every site, each of which must have a page for every one of them.
    static func inMemory(sites context: BuildContext) throws -> [Basis] {
        let variants = context.plan.variants
        guard context.lastSites.count == variants.count,
              zip(context.lastSites, variants).allSatisfy({ $0.variantKey == $1.key }) else {
            throw Declined("the last build was of other sites (languages, a subset)")
        }
        let bases = try context.lastSites.enumerated().map { try inMemory(context, last: $1, site: $0) }
        return try withTranslations(withFilesMoved(bases, context: context), context: context)
    }

    /// The last build of one site `serve` holds, and the Markdown files the watcher reported, or,
    /// when it cannot vouch for them, those whose stamps moved in the same files as then.
    static func inMemory(_ context: BuildContext, last: LastBuild, site: Int = 0) throws -> Basis {
        guard let memory = last.memory else { throw Declined("no last build in memory") }
        var last = last, moved: (added: [Int], removed: [Int], gone: [String])?
        var edited: [Int] = [], assets = AssetsMoved(), templatesMoved = false, themeFiles: Set<String> = [], includes: Set<String> = []
        if let known = context.request.knownChanges, context.walk.reused {
            for path in known {
                if let position = memory.positions[path] {
                    edited.append(position)
                } else if let name = context.layout.includeName(path, includesFolder: context.siteConfig.includesFolder) {
                    includes.insert(name)
                } else if context.layout.isTemplate(path) {
                    templatesMoved = true
                } else if let file = context.layout.themeFile(path) {
                    themeFiles.insert(file)
                } else if let asset = memory.files.first(where: { $0.kind == .asset && $0.path == path }) {
                    // Its stamp is not kept: the next build that compares stamps reads it again.
                    assets.changed.insert(asset.relativePath)
                    last.assets[asset.relativePath] = .some(nil)
                } else {
                    throw Declined("a change outside the entries' Markdown, the copied files, the theme and the includes (site.yml, a data file)")
                }
            }
            if !includes.isEmpty, let now = context.inputs?.includes { last.includes = now }
        } else {
            // The settings hold every other file's stamp: site.yml, the theme, includes, copied
            // files. Only which Markdown files there are and the copied files may have moved.
            guard !last.settings.isEmpty, let inputs = context.inputs, inputs.settings == last.settings || !last.shared.isEmpty && inputs.shared == last.shared else {
                throw Declined("site.yml or a data file changed, or a file outside the content was saved in the last two seconds")
            }
            if inputs.settings != last.settings {
                let walked = last.walked(to: context.walk.files.filter { $0.kind == .markdown }.map(\.relativePath), settings: inputs.settings)
                (last, moved) = (walked.state, (walked.added, walked.removed, walked.gone))
                (assets, last.assets) = (AssetsMoved(from: last.assets, to: inputs.assets), inputs.assets)
                (templatesMoved, themeFiles) = themeMoved(from: last.theme, to: inputs.theme)
                (includes, last.theme, last.includes) = (stampsMoved(from: last.includes, to: inputs.includes), inputs.theme, inputs.includes)
            }
            guard inputs.markdownStamps.count == last.stamps.count else { throw Declined("the Markdown files' stamps cannot be read") }
            let stamps = inputs.markdownStamps
            edited = stamps.indices.filter { stamps[$0] == nil || stamps[$0] != last.stamps[$0] }
        }
        var basis = Basis(last: last, edited: try reading(includes, in: last, edited: edited.sorted()), walk: context.walk)
        basis.includesMoved = !includes.isEmpty
        if let moved { (basis.added, basis.removed, basis.removedFiles) = (moved.added, moved.removed, moved.gone) }
        (basis.assets, basis.templatesMoved, basis.themeFiles) = (assets, templatesMoved, themeFiles)
        return basis
    }

    /// The last build's state of each site of the run in `.guidesite-cache/`, and the Markdown
    /// files whose stamps moved.
    static func onDisk(sites context: BuildContext) throws -> [Basis] {
        // With a subset of the first site's language, the first site's state first (its pages
        // decoded on every core), then the others' taking the pages it holds the same
        // (`KnownPages`); else (a language's pages are its own) all at once. Each on a core; each
        // after the first then takes what the first holds for every site of the run (`sharing`).
        guard let inputs = context.inputs else { throw Declined("the inputs cannot be trusted by their stamps") }
        let shared = UncheckedSendable(context), variants = context.plan.variants
        let states: [UncheckedSendable<Result<LastBuild, Error>>]
        if variants.dropFirst().contains(where: { $0.subset != nil && $0.language?.code == variants[0].language?.code }) {
            let first = try state(context, inputs, site: 0, known: nil)
            let known = KnownPages(first)
            states = [UncheckedSendable(.success(first))] + Array(variants.indices.dropFirst()).concurrentMap { site in
                UncheckedSendable(Result { try state(shared.value, inputs, site: site, known: known) })
            }
        } else {
            states = Array(variants.indices).concurrentMap { site in UncheckedSendable(Result { try state(shared.value, inputs, site: site, known: nil) }) }
        }
        let first = try states[0].value.get()
        let read = Array(states.indices).concurrentMap { site in
            UncheckedSendable(Result {
                let state = try states[site].value.get()
                guard let sharing = site == 0 ? state : state.sharing(first) else {
                    throw Declined("the state of \(shared.value.plan.variants[site].label) was not written with the first site's")
                }
                return try onDisk(shared.value, inputs, site: site, state: sharing)
            })
        }
        return try withTranslations(withFilesMoved(read.map { try $0.value.get() }, context: context), context: context)
    }

    /// The last build's state of site `site` of the run (all are written into the first's output).
    private static func state(_ context: BuildContext, _ inputs: BuildRecord.Inputs, site: Int, known: KnownPages?) throws -> LastBuild {
        let location = LastBuild.location(root: context.layout.root, output: context.plan.variants[0].output, site: site)
        // The same settings, or the same but for which Markdown files there are (`walked`).
        guard let state = LastBuild.read(from: location, known: known, accepting: { settings, shared in
                  settings == inputs.settings || !shared.isEmpty && shared == inputs.shared
              }), state.variantKey == context.plan.variants[site].key else {
            throw Declined("no state of the last build of \(context.plan.variants[site].label) with these settings, binary and theme")
        }
        return state
    }

    /// The basis of site `site` on its last build's `state`.
    private static func onDisk(_ context: BuildContext, _ inputs: BuildRecord.Inputs, site: Int, state: LastBuild) throws -> Basis {
        let output = context.plan.variants[0].output
        let location = LastBuild.location(root: context.layout.root, output: output, site: site)
        var state = state
        var moved: (added: [Int], removed: [Int], gone: [String])?, assets = AssetsMoved()
        var templatesMoved = false, themeFiles: Set<String> = [], includes: Set<String> = []
        if state.settings != inputs.settings {
            let paths = context.walk.files.filter { $0.kind == .markdown }.map(\.relativePath)
            let walked = state.walked(to: paths, settings: inputs.settings)
            (state, moved) = (walked.state, (walked.added, walked.removed, walked.gone))
            (assets, state.assets) = (AssetsMoved(from: state.assets, to: inputs.assets), inputs.assets)
            (templatesMoved, themeFiles) = themeMoved(from: state.theme, to: inputs.theme)
            (includes, state.theme, state.includes) = (stampsMoved(from: state.includes, to: inputs.includes), inputs.theme, inputs.includes)
        }
        // With the spare site the last build left, the patch is put in place with the whole
        // site; without one (after a first build), in place or as a linked copy (`PatchOutput`).
        let spareInode = SiteWriter.sparePath(for: output).flatMap(BuildRecord.inode(of:))
        guard state.spareInode == spareInode ?? 0, state.outputInode == BuildRecord.inode(of: output),
              spareInode == nil || state.differing != nil, state.stamps.count == inputs.markdownStamps.count,
              state.unusedBytes <= (state.pagesData?.count ?? 0) / 4 else {
            throw Declined("the output or spare folder is not the one the last build left")
        }
        let edited = inputs.markdownStamps.indices.filter { inputs.markdownStamps[$0] == nil || inputs.markdownStamps[$0] != state.stamps[$0] }
        var basis = Basis(last: state, edited: try reading(includes, in: state, edited: edited), walk: context.walk, location: location, inputs: inputs)
        basis.includesMoved = !includes.isEmpty
        if let moved { (basis.added, basis.removed, basis.removedFiles) = (moved.added, moved.removed, moved.gone) }
        (basis.assets, basis.templatesMoved, basis.themeFiles) = (assets, templatesMoved, themeFiles)
        return basis
    }

    /// Whether a layout or partial of the theme (`BuildRecord.Inputs.theme`) was made, removed
    /// or changed since `last`, and its other files that were.
    static func themeMoved(from last: [String: FileStamp], to now: [String: FileStamp]) -> (templates: Bool, files: Set<String>) {
        let moved = stampsMoved(from: last, to: now)
        let templates = moved.filter { Theme.templateName(of: $0) != nil }
        return (!templates.isEmpty, moved.subtracting(templates))
    }

    /// Whether site `site` is a subset built with the full site first: an edited entry it leaves
    /// out stays out when the full site takes the edit as one inside the body (its categories,
    /// section and criteria are as they were), and the subset has nothing to do for it.
    static func leavesOut(_ context: BuildContext, site: Int) -> Bool {
        site > 0 && context.plan.variants[site].subset != nil && context.plan.variants[0].subset == nil
    }

    /// Each site's basis with the edited files and every other file of the translations they
    /// belong to (a translation's status reads its source's bytes, and a language's site places
    /// a translation at its source's page: the files of a translation are read together, with
    /// every file that named the same `ref:` or `translationKey:`), once checked: every edited
    /// file has a page in each site, but an entry a subset leaves out and, in a language's site,
    /// a page of another language (`SelectPages` declines when an edit brings one into the site).
    static func withTranslations(_ bases: [Basis], context: BuildContext) throws -> [Basis] {
        guard let first = bases.first else { return bases }
        let markdown = context.walk.files.filter { $0.kind == .markdown }
        var edited = Set(first.edited)
        var sharingKey: [String: Set<String>] = [:]
        var namedElsewhere: [String: Int]?
        if context.plan.variants.contains(where: { $0.language != nil }) {
            // Each file's translation group and key in the last sites, then the edited files with
            // every file of their groups and of their keys, and of those files' groups and keys.
            var groupOf: [String: Set<String>] = [:], members: [String: Set<String>] = [:], keysOf: [String: Set<String>] = [:]
            for basis in bases {
                for page in basis.last.site.pages where !page.contentPath.isEmpty {
                    groupOf[page.contentPath, default: []].insert(page.translationKey)
                    members[page.translationKey, default: []].insert(page.contentPath)
                    guard let key = FindLanguages.key(page) else { continue }
                    keysOf[page.contentPath, default: []].insert(key)
                    sharingKey[key, default: []].insert(page.contentPath)
                }
            }
            var read = Set(first.edited.filter(markdown.indices.contains).map { markdown[$0].relativePath })
            // A translation added names its group by its place; one removed, by its last page.
            let languages = context.plan.variants.compactMap(\.language)
            for path in first.added.map({ markdown[$0].relativePath }) {
                for member in members[TranslationPath(path, languages: languages).source] ?? [] { read.insert(member) }
            }
            read.formUnion(first.removedFiles)
            var next = Array(read)
            while let path = next.popLast() {
                let found = (groupOf[path] ?? []).flatMap { members[$0] ?? [] } + (keysOf[path] ?? []).flatMap { sharingKey[$0] ?? [] }
                for other in found where read.insert(other).inserted { next.append(other) }
            }
            for (position, file) in markdown.enumerated() where read.contains(file.relativePath) { edited.insert(position) }
            if context.siteConfig.languages.isEmpty {
                var seen = read
                let others = bases.flatMap { $0.last.site.pages.filter { !$0.contentPath.isEmpty && seen.insert($0.contentPath).inserted } }
                namedElsewhere = FindLanguages.counts(others, defaultCode: context.siteConfig.language)
            }
        }
        let sorted = edited.sorted()
        var grown = bases.map { basis in
            var grown = basis
            if sorted != basis.edited {
                grown = Basis(last: basis.last, edited: sorted, walk: context.walk, location: basis.location, inputs: basis.inputs)
                grown.moved(as: basis)
            }
            (grown.sharingKey, grown.namedElsewhere) = (sharingKey, namedElsewhere)
            return grown
        }
        try placeTranslationsMoved(&grown, context: context)
        let inSomeSite = { [grown] (file: Int) in grown.contains { $0.last.pageOfFile.indices.contains(file) && $0.last.pageOfFile[file] >= 0 } }
        // A file with a page in no site (a draft, unreadable, one a subset leaves out) is read:
        // `withPagesMoved` adds its page if it has one now.
        for (site, basis) in grown.enumerated() {
            let variant = context.plan.variants[site]
            let otherLanguages = variant.language != nil && variant.subset == nil
            let added = Set(basis.added)
            try check(basis, leftOut: leavesOut(context, site: site), standsElsewhere: { added.contains($0) || otherLanguages || !inSomeSite($0) })
        }
        return grown
    }

    private static func check(_ basis: Basis, leftOut: Bool, standsElsewhere: (Int) -> Bool) throws {
        let last = basis.last
        guard !basis.edited.isEmpty || basis.filesMoved || basis.assets.moved || basis.themeMoved || basis.includesMoved else {
            throw Declined("no edited Markdown file")
        }
        guard basis.edited.allSatisfy({ file in
            last.pageOfFile.indices.contains(file) && (leftOut || last.pageOfFile[file] >= 0 || standsElsewhere(file))
        }) else {
            throw Declined("an edited file had a page in another site of the run but none in this one")
        }
    }
}
