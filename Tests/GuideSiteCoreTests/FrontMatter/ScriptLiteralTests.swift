import Testing
@testable import GuideSiteCore

@Suite("JavaScript values written as plain data")
struct ScriptLiteralTests {
    @Test("objects in their keys' order, arrays, quotes of three kinds, numbers, comments and trailing commas; keys at their lines")
    func plainData() throws {
        let script = """
        import { defineConfig } from 'vitepress'
        export default defineConfig({
          themeConfig: {
            sidebar: [
              // The guide first.
              { text: "Guide", items: [{ text: 'Intro', link: `/guide/intro` }, ], collapsed: false },
              /* then the rest */
              { 'text': 'Order', position: -2.5, hidden: null, },
            ],
          },
        })
        """
        let value = try #require(ScriptLiteral.value(after: #"\bsidebar\s*:\s*"#, in: script))
        guard case .list(let groups) = value, case .map(let guide) = groups[0], case .map(let order) = groups[1] else {
            Issue.record("\(value)")
            return
        }
        #expect(guide.map(\.key) == ["text", "items", "collapsed"] && guide[0].line == 6)
        #expect(guide["items"]?.value == .list([.map([FrontEntry(key: "text", value: .text("Intro"), line: 6, column: 1),
                                                      FrontEntry(key: "link", value: .text("/guide/intro"), line: 6, column: 1)])]))
        #expect(guide["collapsed"]?.value == .bool(false))
        #expect(order.map(\.value) == [.text("Order"), .text("-2.5"), .null] && order[0].line == 8)
    }

    @Test("anything computed is no plain data: a variable, a call, a spread, a template with ${}")
    func computed() {
        for written in ["sidebar: items", "sidebar: [getItems()]", "sidebar: [...more]", "sidebar: [`/${base}/intro`]", "sidebar: [1, 2", "other: []"] {
            #expect(ScriptLiteral.value(after: #"\bsidebar\s*:\s*"#, in: written) == nil, "\(written)")
        }
    }
}
