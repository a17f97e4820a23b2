import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Read ahead")
struct ReadAheadTests {
    /// The paths a `ReadAhead` hinted, from its thread.
    final class Hinted: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        func add(_ path: String) { lock.withLock { paths.append(path) } }
        var all: [String] { lock.withLock { paths } }
    }

    let paths = (0..<1000).map { "Content/web/entry-\($0).md" }

    @Test("a sample that reads slowly hints every file, in order, on another thread")
    func coldFilesHinted() throws {
        let hinted = Hinted()
        var reader = ReadAhead(largestFile: 1 << 20)
        // Thresholds far from the test's times: a loaded machine pauses a thread for a while.
        reader.slowPerFile = .milliseconds(1)
        reader.read = { _ in Thread.sleep(forTimeInterval: 0.002) }
        reader.hint = { hinted.add($0) }
        let group = try #require(reader.start(paths))
        group.wait()
        #expect(hinted.all == paths)
    }

    @Test("files that read fast, or a small site, are not hinted")
    func warmOrSmallNotHinted() {
        let hinted = Hinted()
        var reader = ReadAhead(largestFile: 1 << 20)
        reader.slowPerFile = .milliseconds(1)
        reader.read = { _ in }
        reader.hint = { hinted.add($0) }
        #expect(reader.start(paths) == nil)
        reader.read = { _ in Thread.sleep(forTimeInterval: 0.002) }
        #expect(reader.start(Array(paths.prefix(255))) == nil)
        #expect(hinted.all.isEmpty)
    }

    @Test("the sample is spread over the list, first file included")
    func sampleSpread() {
        let reader = ReadAhead(largestFile: 1 << 20)
        let sample = reader.sample(of: paths)
        #expect(sample.count == 16)
        #expect(sample.first == paths[0])
        #expect(sample.last == paths[15 * 62])
        #expect(reader.sample(of: Array(paths.prefix(5))) == Array(paths.prefix(5)))
        #expect(reader.sample(of: []).isEmpty)
    }

    @Test("the sample reads a file up to the limit; a folder, a missing file and a named pipe read nothing and never wait")
    func realFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "guidesite-readahead-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "entry.md").path
        try Data(repeating: 65, count: 200_000).write(to: URL(fileURLWithPath: file))
        let pipe = folder.appending(path: "pipe.md").path
        #expect(mkfifo(pipe, 0o644) == 0)
        #expect(ReadAhead.read(file, upTo: 100_000) == 100_000)
        #expect(ReadAhead.read(file, upTo: 1 << 20) == 200_000)
        for path in [pipe, folder.path, folder.appending(path: "missing.md").path] {
            #expect(ReadAhead.read(path, upTo: 100_000) == 0)
        }
        for path in [file, pipe, folder.path, folder.appending(path: "missing.md").path] {
            ReadAhead.willNeed(path, upTo: 100_000)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count == 200_000)
    }
}
