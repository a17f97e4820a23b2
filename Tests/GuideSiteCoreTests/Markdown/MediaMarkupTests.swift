import Foundation
import Testing
@testable import GuideSiteCore

/// Media addresses and captions in raw HTML.
@Suite("Media markup")
struct MediaMarkupTests {
    @Test("media, image, frame and link addresses in raw HTML are rewritten; other attributes and tags are not")
    func media() {
        let html = "<video controls poster='/a.png'><source src=\"/a.mp4\" type=\"video/mp4\"><track src=\"/a.vtt\" kind=\"captions\"></video><img src=\"/b.png\" alt=\"/x\"><a href=\"/c/\" title=\"/t\">c</a><link href=\"/d.css\">"
        let rewritten = MediaMarkup.rewritingSources(html) { "/guide" + $0 }
        #expect(rewritten == "<video controls poster='/guide/a.png'><source src=\"/guide/a.mp4\" type=\"video/mp4\"><track src=\"/guide/a.vtt\" kind=\"captions\"></video><img src=\"/guide/b.png\" alt=\"/x\"><a href=\"/guide/c/\" title=\"/t\">c</a><link href=\"/d.css\">")
        #expect(MediaMarkup.videosWithoutCaptions(in: html) == 0)
        #expect(MediaMarkup.videosWithoutCaptions(in: "<video src=\"a.mp4\"></video><video><track kind=\"descriptions\"></video>") == 2)
    }
}
