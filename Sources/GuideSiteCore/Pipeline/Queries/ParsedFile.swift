import Foundation

/// A Markdown file's stamp, by its path below the content folder: set by the driver from the
/// walk (a stamp too recent to trust is set as not comparable, so the file is read again).
struct SourceStamp: Input {
    typealias Value = FileStamp
    let path: String
}

/// What every file's parse reads besides the file and the includes it names: the settings,
/// where the site is, and the copied files' stamps (`include_relative`, the addresses a macro
/// checks).
struct ParseSettings: Input {
    struct Value: Encodable, Equatable, Sendable {
        var settings: SiteConfig
        var layout: SiteLayout
        var assets: [String: FileStamp]
    }
}

/// An include file's stamp, by its name below the includes folder; absent when there is none.
struct IncludeStamp: Input {
    typealias Value = FileStamp
    let name: String
}

/// A Markdown file's page (nil when the file cannot become one) with the problems its read
/// found and the include files its text read (each a dependency of the value). A file read
/// again is always another value: it cuts nothing off, and its fingerprint is that of what it
/// read.
struct ParsedFile: Query {
    struct Value: Encodable, Sendable {
        var result: Diagnosed<Page?>
        var includes: [String]
    }

    static var cutsOff: Bool { false }

    let file: ContentFile

    func compute(_ context: QueryContext) -> Value {
        _ = context.input(SourceStamp(path: file.relativePath))
        let reads = IncludeReads()
        let result = context.fetch(ContentReader()).reader.withIncludesUnread().read(file, reads: reads)
        let includes = reads.sorted
        for name in includes { _ = context.input(IncludeStamp(name: name)) }
        return Value(result: result, includes: includes)
    }
}

/// The reader of every file (`PageReader`: its settings, the archetype read once), made once
/// for all of them (each parse reads the include files anew: `withIncludesUnread`).
struct ContentReader: Query {
    struct Value: Encodable, Sendable {
        let reader: PageReader

        func encode(to encoder: any Encoder) throws {}
    }

    static var cutsOff: Bool { false }

    func compute(_ context: QueryContext) -> Value {
        guard let parse = context.input(ParseSettings()) else {
            preconditionFailure("the driver sets ParseSettings before it fetches a parse")
        }
        return Value(reader: PageReader(layout: parse.layout, config: parse.settings))
    }
}

/// Sets the parse's inputs from the walk: every Markdown file's stamp, the settings, the
/// copied files' and the include files' stamps (those gone set absent).
struct ParseInputs {
    /// The paths set last time, so that a file gone is set absent.
    private(set) var sources: Set<String> = []
    private(set) var includes: Set<String> = []

    mutating func set(_ engine: QueryEngine, walk: Walk, stamps: [FileStamp?], settings: SiteConfig, layout: SiteLayout) {
        var assets: [String: FileStamp] = [:], sources: Set<String> = [], recent = false
        for (file, stamp) in zip(walk.files, stamps) {
            switch file.kind {
            case .asset:
                assets[file.relativePath] = stamp ?? FileStamp(size: -1, inode: 0, seconds: 0, nanoseconds: 0)
                recent = recent || stamp == nil
            case .markdown:
                engine.set(SourceStamp(path: file.relativePath), to: stamp, comparable: stamp != nil)
                sources.insert(file.relativePath)
            }
        }
        for gone in self.sources.subtracting(sources) { engine.set(SourceStamp(path: gone), to: nil) }
        self.sources = sources
        // (A copied file saved in the last two seconds: every file is read again.)
        engine.set(ParseSettings(), to: ParseSettings.Value(settings: settings, layout: layout, assets: assets), comparable: !recent)
        let folder = layout.content.appending(path: settings.includesFolder, directoryHint: .isDirectory)
        let names = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { !EditorLitter.isLitter(path: $0) }
        var includes: Set<String> = []
        for name in names {
            let stamp = FileStamp(path: folder.appending(path: name).path)
            engine.set(IncludeStamp(name: name), to: stamp, comparable: stamp != nil)
            includes.insert(name)
        }
        for gone in self.includes.subtracting(includes) { engine.set(IncludeStamp(name: gone), to: nil) }
        self.includes = includes
    }
}
