import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import GuideSiteCore

/// "Last updated", the Recently updated page and the Atom feed, from a real git repository.
@Suite("Git history")
struct GitHistoryTests {
    /// Runs git in `site` with fixed author and committer dates; true when it succeeded.
    @discardableResult
    static func git(_ site: TestSite, _ arguments: [String], date: String = "2024-01-01T00:00:00+00:00") -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", site.root.path, "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"] + arguments
        var environment = ProcessInfo.processInfo.environment
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "Tester"
            environment["GIT_\(role)_EMAIL"] = "tester@example.org"
            environment["GIT_\(role)_DATE"] = date
        }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func commit(_ site: TestSite, _ message: String, date: String) {
        git(site, ["add", "-A", "Content", "site.yml"], date: date)
        git(site, ["commit", "-q", "-m", message], date: date)
    }

    static let files = [
        "site.yml": "title: History guide\nurl: https://a11y.example.org/\nsections:\n  native: {title: Native}\n  web: {title: Web}\n",
        "Content/index.md": "# History guide\n\nWelcome.\n",
        "Content/native/picker.md": "---\ntitle: Picker\ndescription: Spins.\n---\nText.\n",
        "Content/web/button.md": "---\ntitle: Button\n---\nText.\n",
    ]

    /// main: add all (10 Jan), edit button (5 Mar, -05:00), add link and a non-ASCII name (1 May);
    /// branch: edit picker (1 Apr); merged into main on 1 Jun (merges give no dates).
    static func history() throws -> TestSite {
        let site = try TestSite(files)
        #expect(git(site, ["init", "-q"]))
        commit(site, "Add the guide", date: "2024-01-10T09:00:00+01:00")
        try site.write(Data("---\ntitle: Button\n---\nText, edited.\n".utf8), to: "Content/web/button.md")
        commit(site, "Edit the button", date: "2024-03-05T14:30:00-05:00")
        git(site, ["checkout", "-q", "-b", "picker"])
        try site.write(Data("---\ntitle: Picker\ndescription: Spins.\n---\nText, edited.\n".utf8), to: "Content/native/picker.md")
        commit(site, "Edit the picker", date: "2024-04-01T08:00:00+00:00")
        git(site, ["checkout", "-q", "main"])
        try site.write(Data("# Link\n\nText.\n".utf8), to: "Content/web/link.md")
        try site.write(Data("# Émoji ✓\n\nText.\n".utf8), to: "Content/web/émoji ✓.md")
        commit(site, "Add the link", date: "2024-05-01T12:00:00+02:00")
        git(site, ["merge", "-q", "--no-ff", "-m", "Merge the picker", "picker"], date: "2024-06-01T12:00:00+00:00")
        try site.write(Data("# Notes\n\nNot committed.\n".utf8), to: "Content/web/notes.md")
        return site
    }

    func lastUpdated(_ html: String) -> String? {
        guard let range = html.range(of: #"<p class="last-updated">Last updated <time datetime="[^"]+">[^<]+</time></p>"#, options: .regularExpression) else { return nil }
        return String(html[range]).replacingOccurrences(of: "<p class=\"last-updated\">Last updated ", with: "").replacingOccurrences(of: "</p>", with: "")
    }

    @Test("each page shows the author date of the last commit that changed its file; merges and uncommitted files give none")
    func pageDates() throws {
        let site = try Self.history()
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0, "\(result.printed)")
        #expect(lastUpdated(try site.html("web/button/index.html")) == "<time datetime=\"2024-03-05T14:30:00-05:00\">5 March 2024</time>")
        #expect(lastUpdated(try site.html("native/picker/index.html")) == "<time datetime=\"2024-04-01T08:00:00+00:00\">1 April 2024</time>",
                "the branch's commit, not the merge's")
        #expect(lastUpdated(try site.html("index.html")) == "<time datetime=\"2024-01-10T09:00:00+01:00\">10 January 2024</time>")
        #expect(lastUpdated(try site.html("web/émoji-✓/index.html")) == "<time datetime=\"2024-05-01T12:00:00+02:00\">1 May 2024</time>")
        #expect(lastUpdated(try site.html("web/notes/index.html")) == nil, "not committed")
        #expect(lastUpdated(try site.html("wcag/index.html")) == nil, "generated")

        let updates = try site.html("updates/index.html").components(separatedBy: "class=\"entry-list updates-list\"")[1]
        let order = ["Link", "Émoji ✓", "Picker", "Button", "History guide"].map { updates.range(of: ">\($0)</a>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! }, "newest first, then by title (code point order)")
        #expect(!updates.contains(">Notes</a>"))
        #expect(try site.html("updates/index.html").contains("<a href=\"../feed.xml\">Atom feed of recent updates</a>"))
        #expect(try site.html("web/button/index.html").contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"History guide: recently updated\" href=\"../../feed.xml\">"))

        let feed = try site.html("feed.xml")
        #expect(feed.contains("<updated>2024-05-01T12:00:00+02:00</updated>\n  <link rel=\"self\" href=\"https://a11y.example.org/feed.xml\"/>"))
        let entries = feed.components(separatedBy: "<entry>").dropFirst().map { $0.components(separatedBy: "<id>")[1].components(separatedBy: "</id>")[0] }
        #expect(entries == ["https://a11y.example.org/web/link/", "https://a11y.example.org/web/%C3%A9moji-%E2%9C%93/", "https://a11y.example.org/native/picker/",
                            "https://a11y.example.org/web/button/", "https://a11y.example.org/"])
        #expect(feed.contains("<summary>Spins.</summary>"))
        let parser = XMLParser(data: Data(feed.utf8))
        #expect(parser.parse(), "well-formed XML")
    }

    @Test("the home page shows the pages changed last, newest first, itself left out, and links to the updates page")
    func homeRecent() throws {
        let site = try Self.history()
        defer { site.remove() }
        #expect(site.build().errorCount == 0)
        let home = try site.html("index.html")
        let recent = try #require(home.components(separatedBy: "<section class=\"recent-updates\" aria-labelledby=\"recent-updates\">").dropFirst().first)
        let order = ["Link", "Émoji ✓", "Picker", "Button"].map { recent.range(of: ">\($0)</a>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })
        #expect(!recent.contains(">History guide</a>") && recent.contains("<time datetime=\"2024-03-05T14:30:00-05:00\">5 March 2024</time>"))
        #expect(recent.contains("<a href=\"./updates/\">All recently updated pages</a>"))
    }

    @Test("a new commit shows at the next build, read from the cached history and the new commit alone")
    func newCommit() throws {
        let site = try Self.history()
        defer { site.remove() }
        #expect(site.build().errorCount == 0)
        let cache = site.root.appending(path: ".guidesite-cache/history")
        #expect(FileManager.default.fileExists(atPath: cache.path))
        Self.commit(site, "Commit the notes", date: "2024-07-02T10:00:00+00:00")
        let second = site.build()
        #expect(second.errorCount == 0)
        #expect(lastUpdated(try site.html("web/notes/index.html")) == "<time datetime=\"2024-07-02T10:00:00+00:00\">2 July 2024</time>",
                "a commit that changed no file still rebuilds")
        #expect(lastUpdated(try site.html("web/button/index.html")) == "<time datetime=\"2024-03-05T14:30:00-05:00\">5 March 2024</time>")
        let text = try String(contentsOf: cache, encoding: .utf8)
        #expect(text.hasPrefix("guidesite-history/1\n") && text.contains(" web/notes.md\n"))
    }

    @Test("without git, or with git-dates: false, pages have no date and there is no updates page or feed")
    func noHistory() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        #expect(site.build().errorCount == 0)
        #expect(lastUpdated(try site.html("web/button/index.html")) == nil)
        #expect(!site.exists("updates/index.html") && !site.exists("feed.xml"))
        #expect(!(try site.html("index.html")).contains("Recently updated"))

        let off = try Self.history()
        defer { off.remove() }
        try off.write(Data((Self.files["site.yml"]! + "git-dates: false\n").utf8), to: "site.yml")
        #expect(off.build().errorCount == 0)
        #expect(lastUpdated(try off.html("web/button/index.html")) == nil)
        #expect(!off.exists("updates/index.html") && !off.exists("feed.xml"))
    }

    @Test("dates print in the author's zone, the same on every machine", arguments: [
        (CommitDate(seconds: 0, offset: 0), "1970-01-01T00:00:00+00:00", "1 January 1970"),
        (CommitDate(seconds: 1_709_164_800, offset: 330), "2024-02-29T05:30:00+05:30", "29 February 2024"),
        (CommitDate(seconds: 1_709_164_800, offset: -60), "2024-02-28T23:00:00-01:00", "28 February 2024"),
        (CommitDate(seconds: -86_401, offset: 0), "1969-12-30T23:59:59+00:00", "30 December 1969"),
    ])
    func formats(date: CommitDate, iso: String, text: String) {
        #expect(date.iso == iso)
        #expect(date.text == text)
    }

    @Test("git's raw dates", arguments: [("1732440000 +0100", 60), ("1732440000 -0930", -570), ("1732440000 +0000", 0)])
    func rawDates(raw: String, offset: Int) {
        #expect(GitHistory.date(raw) == CommitDate(seconds: 1_732_440_000, offset: offset))
    }
}
