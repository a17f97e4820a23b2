import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Scratch file")
struct ScratchFileTests {
    @Test("texts stored from many threads read back whole, and the file leaves no name behind")
    func storeAndRead() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "guidesite-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try #require(ScratchFile(in: folder))
        let texts = (0..<500).map { "<p>Body \($0) é 🦊 " + String(repeating: "x", count: $0 * 37) + "</p>" } + [""]
        let stored = texts.concurrentMap { file.store($0) }
        #expect(stored.compactMap { $0?.text } == texts)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(ScratchFile(in: folder.appending(path: "missing")) == nil)
    }
}
