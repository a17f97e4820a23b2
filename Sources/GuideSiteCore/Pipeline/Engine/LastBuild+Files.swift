import Foundation

/// The state's files in `.guidesite-cache/`: each written whole and renamed in place, and the
/// states of other output folders let go.
extension LastBuild {
    /// Writes `bytes` to a new file renamed over `path`.
    static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
        let temporary = path + ".new-\(getpid())"
        let written = bytes.withUnsafeBytes { (try? FileWriting.write($0, to: temporary)) ?? false }
        if written, rename(temporary, path) == 0 { return true }
        unlink(temporary)
        return false
    }

    /// Removes the state at `url` (its pages file stays for the next full build to replace).
    static func remove(at url: URL) {
        unlink(url.path)
    }

    /// How many states of other output folders are kept beside the current one (each holds a
    /// whole site; a build into a scratch folder should not cost `Output/` its patches).
    static let othersKept = 2

    /// Removes all but the most recently written states of other output folders beside `url`.
    static func removeOthers(besides url: URL) {
        let folder = url.deletingLastPathComponent()
        let current = url.deletingPathExtension().lastPathComponent
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".state") && $0 != url.lastPathComponent && !$0.dropLast(".state".count).contains(".site") }
            .map { name -> (name: String, modified: Int) in
                var info = stat()
                guard stat(folder.path + "/" + name, &info) == 0 else { return (name, 0) }
                return (name, Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec))
            }
            .sorted { ($0.modified, $0.name) > ($1.modified, $1.name) }
        let kept = Set(others.prefix(othersKept).map { String($0.name.dropLast(".state".count)) } + [current])
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix(".state") || name.hasSuffix(".pages") {
            var base = String(name[..<name.lastIndex(of: ".")!])
            // A run's other sites (`Output.site1.state`) go with its first.
            if let site = base.range(of: ".site", options: .backwards), Int(base[site.upperBound...]) != nil { base = String(base[..<site.lowerBound]) }
            if !kept.contains(base) { unlink(folder.path + "/" + name) }
        }
    }
}
