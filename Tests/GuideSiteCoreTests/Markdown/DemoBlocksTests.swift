import Foundation
import Testing
@testable import GuideSiteCore

/// `<example>` elements made demo fences.
@Suite("Live demos")
struct DemoBlocksTests {
    @Test("an <example> becomes a demo fence with its title; lines after it keep their numbers")
    func exampleFencing() {
        let markdown = "Intro\n<example title=\"Broken\">\n<main>x</main>\n</example>\nAfter\n```\n<example>\n```"
        let fenced = DemoBlocks.fencing(markdown)
        #expect(fenced == "Intro\n~~~~example Broken\n<main>x</main>\n~~~~\nAfter\n```\n<example>\n```")
        #expect(DemoBlocks.fencing("<examples>\n<example>\nnever closed") == "<examples>\n<example>\nnever closed")
        #expect(DemoBlocks.fencing("<example>\n<p>a</p>\n</example>") == "~~~~example\n<p>a</p>\n~~~~")
    }
}
