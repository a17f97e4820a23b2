import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Render Markdown")
struct RenderMarkdownTests {
    @Test("bodies kept in a scratch file build the same bytes as bodies kept in memory: the sample site, every subset and language")
    func scratchBodies() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let site = try TestSite([:])
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.root, withIntermediateDirectories: true)
        for name in ["Content", "site.yml"] {
            try FileManager.default.copyItem(at: repository.appending(path: name), to: site.root.appending(path: name))
        }
        var outputs: [[String: Data]] = []
        for (name, limit) in [("Output", Int.max), ("Scratch", 0)] {
            var request = BuildRequest(root: site.root, output: site.root.appending(path: name))
            request.allSubsets = true
            request.bodiesInMemoryUpTo = limit
            let result = SiteBuilder().build(request)
            #expect(result.outcome == .success, "\(result.printed)")
            let noted = result.timings.contains { $0.stage.contains("bodies' HTML kept in a scratch file") }
            #expect(noted == (limit == 0), "\(result.timings.map(\.stage))")
            outputs.append(try site.snapshot(of: name))
        }
        #expect(outputs[0].count > 500)
        #expect(outputs[0] == outputs[1], "\(Set(outputs[0].keys).symmetricDifference(outputs[1].keys).sorted().prefix(5)) \(outputs[0].keys.filter { outputs[0][$0] != outputs[1][$0] }.sorted().prefix(5))")
    }
}
