import Foundation

/// Include files that came, went or changed since the last build: the Markdown files whose text
/// read one (`LastBuild.fileIncludes`) are read again with the edited ones, as Salsa re-runs a
/// query whose inputs moved; the others' pages stand.
extension Basis {
    /// The paths of the files whose stamps moved from `last` to `now`, or that came or went
    /// (the theme's files, the includes).
    static func stampsMoved(from last: [String: FileStamp], to now: [String: FileStamp]) -> Set<String> {
        Set(last.keys.filter { now[$0] == nil } + now.keys.filter { now[$0] != last[$0] })
    }

    /// `edited` with every file of `last` whose text read one of `moved`; declines when the state
    /// does not say which files read which.
    static func reading(_ moved: Set<String>, in last: LastBuild, edited: [Int]) throws -> [Int] {
        guard !moved.isEmpty else { return edited }
        guard last.fileIncludes.count == last.stamps.count else {
            throw Declined("an include file changed, and which pages read it is not known")
        }
        var files = Set(edited)
        for (file, names) in last.fileIncludes.enumerated() where names.contains(where: moved.contains) { files.insert(file) }
        return files.sorted()
    }
}
