import Foundation

/// Parsing only what changed, for the preview server's cache: files whose stamp moved, and of
/// those only the ones whose bytes did.
extension SiteBuilder {
    /// The last parse with only the reported files (and those to check again anyway) looked at:
    /// the walk is the same, so positions are. Nil when a reported path is none of its files.
    static func parseChanged(_ cache: BuildCache, walk: BuildCache.Walk, run: BuildCache.ParseRun, reader: PageReader,
                                     knownChanges: Set<String>) -> [Diagnosed<Page?>]? {
        var check = Set(run.recheck)
        for path in knownChanges {
            guard let position = walk.positions[path] else { return nil }
            check.insert(position)
        }
        let positions = check.sorted()
        let checked = parseReusing(cache, files: positions.map { walk.markdown[$0] }, reader: reader)
        cache.noteParseReused(walk.markdown.count - positions.count)
        var results = run.results
        for (position, result) in zip(positions, checked) { results[position] = result }
        let recheck = cache.untrustedPositions(positions.map { walk.markdown[$0].relativePath }).map { positions[$0] }
        cache.keepParse(BuildCache.ParseRun(walk: walk.generation, results: results, recheck: recheck))
        return results
    }

    /// Every file's stamp, looked up by name in its open folder, on every core.
    static func stampsInFolders(_ files: [ContentFile]) -> [FileStamp?] {
        var folders: [Substring: Int32] = [:]
        let located = files.map { file -> (folder: Int32, name: Substring) in
            let path = file.path
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex
            let folder = path[..<slash]
            let descriptor = folders[folder] ?? {
                let opened = open(folder.isEmpty ? "/" : String(folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                folders[folder] = opened
                return opened
            }()
            return (descriptor, path[path.utf8.index(after: slash)...])
        }
        defer { for descriptor in folders.values where descriptor >= 0 { close(descriptor) } }
        return Array(located.indices).concurrentMap { index in
            let (folder, name) = located[index]
            return folder >= 0 ? FileStamp(folder: folder, name: String(name)) : FileStamp(path: files[index].path)
        }
    }

    /// Parses only the files whose stamp changed, and of those only the ones whose bytes changed.
    /// The `stat` calls run on every core; the cache is consulted once, from this thread.
    static func parseReusing(_ cache: BuildCache, files: [ContentFile], reader: PageReader) -> [Diagnosed<Page?>] {
        let known = cache.parsedEntries(for: files.map(\.relativePath))
        let stamps = stampsInFolders(files)
        var results = [Diagnosed<Page?>](repeating: Diagnosed(nil, []), count: files.count)
        var changed: [Int] = []
        for index in files.indices {
            if let stamp = stamps[index], let entry = known[index], entry.stamp == stamp {
                results[index] = Diagnosed(entry.page, entry.diagnostics)
            } else {
                changed.append(index)
            }
        }
        enum Outcome: Sendable {
            case failed(Diagnostic)
            case sameBytes(BuildCache.ParsedEntry)
            case parsed(BuildCache.ParsedEntry)
        }
        let outcomes = changed.concurrentMap { index -> Outcome in
            let file = files[index]
            switch reader.bytes(of: file) {
            case .failure(let problem):
                return .failed(problem)
            case .success(let data):
                if let entry = known[index], entry.bytes == data { return .sameBytes(entry) }
                let read = reader.read(file, data: data)
                return .parsed(BuildCache.ParsedEntry(stamp: stamps[index], bytes: data, page: read.value, diagnostics: read.diagnostics))
            }
        }
        var stored: [(path: String, entry: BuildCache.ParsedEntry)] = []
        var restamped: [(path: String, stamp: FileStamp)] = []
        var sameBytes = 0
        for (index, outcome) in zip(changed, outcomes) {
            switch outcome {
            case .failed(let problem):
                results[index] = Diagnosed(nil, [problem])
            case .sameBytes(let entry):
                results[index] = Diagnosed(entry.page, entry.diagnostics)
                sameBytes += 1
                if let stamp = stamps[index] { restamped.append((files[index].relativePath, stamp)) }
            case .parsed(let entry):
                results[index] = Diagnosed(entry.page, entry.diagnostics)
                stored.append((files[index].relativePath, entry))
            }
        }
        cache.finishParse(stored: stored, restamped: restamped, reused: files.count - changed.count + sameBytes)
        return results
    }
}
