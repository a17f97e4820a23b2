import Foundation

/// When each page's source last changed: the author date of the newest commit (merges aside, as
/// Hugo's `enableGitInfo`) that changed the file.
public struct ContentHistory: Sendable, Equatable {
    /// The commit read up to (HEAD), which identifies the history.
    public var head: String
    /// Content-relative path (`web/button.md`) → the last change to it.
    public var dates: [String: CommitDate]
}

/// Reads the history through the `git` command: one `git log` over the commits, newest first,
/// stopped once every file asked about has its date. (libgit2 from Debian was tried first: it
/// resolves each version of a large folder's tree from its delta chain anew, 1.7 s for 10,000
/// commits against git's 0.8 s; see Benchmarks/NOTES.md.) Without git, or outside a work tree,
/// there is no history.
enum GitHistory {
    /// The work tree holding a content folder, at its HEAD.
    struct Checkout: Sendable, Equatable {
        var root: String
        /// The content folder's path from the work tree's root, with a final `/` (or empty).
        var prefix: String
        var head: String
    }

    /// The work tree and HEAD of `folder`, when it is in a git work tree with a commit.
    static func checkout(of folder: URL) -> Checkout? {
        guard let output = run(["-C", folder.path, "rev-parse", "--show-toplevel", "--show-prefix", "HEAD"]) else { return nil }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3, lines[2].count == 40 || lines[2].count == 64 else { return nil }
        return Checkout(root: lines[0], prefix: lines[1], head: lines[2])
    }

    /// The files of `folder` that git tracks, relative to it: the others have no history, and a
    /// walk looking for them would read every commit.
    static func tracked(in folder: URL) -> Set<String>? {
        guard let output = run(["-C", folder.path, "-c", "core.quotePath=false", "ls-files", "-z"]) else { return nil }
        return Set(output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
    }

    /// Whether `commit` is `head` or one of its ancestors.
    static func isAncestor(_ commit: String, of head: String, in checkout: Checkout) -> Bool {
        run(["-C", checkout.root, "merge-base", "--is-ancestor", commit, head]) != nil
    }

    /// The last change to each of `paths` (content-relative) made by the commits up to HEAD, or
    /// those after `since` only; nil when git fails.
    static func dates(of paths: Set<String>, in checkout: Checkout, since: String? = nil) -> [String: CommitDate]? {
        let range = since.map { "\($0)..\(checkout.head)" } ?? checkout.head
        // No pathspec: git compares trees faster without one (0.8 s against 2.0 s over 10,000 commits).
        let arguments = ["-C", checkout.root, "-c", "log.showSignature=false", "log", "--no-merges", "--no-renames",
                         "--no-color", "--date=raw", "--format=%x1e%ad", "--name-only", "-z", range, "--"]
        var dates: [String: CommitDate] = [:]
        var date: CommitDate?
        var pending = paths
        let finished = run(arguments, stopping: { token in
            if token.first == 0x1E {
                date = Self.date(String(decoding: token.dropFirst(), as: UTF8.self))
            } else if let date {
                let path = String(decoding: token.first == 0x0A ? token.dropFirst() : token[...], as: UTF8.self)
                guard path.hasPrefix(checkout.prefix) else { return false }
                let relative = String(path.dropFirst(checkout.prefix.count))
                if pending.remove(relative) != nil { dates[relative] = date }
            }
            return pending.isEmpty
        })
        return finished ? dates : nil
    }

    /// `1732440000 +0100` as a date.
    static func date(_ raw: String) -> CommitDate? {
        let parts = raw.split(separator: " ")
        guard parts.count == 2, let seconds = Int64(parts[0]), parts[1].count == 5, let zone = Int(parts[1].dropFirst()) else { return nil }
        let minutes = zone / 100 * 60 + zone % 100
        return CommitDate(seconds: seconds, offset: parts[1].first == "-" ? -minutes : minutes)
    }

    /// git's output, or nil when it cannot run or fails.
    private static func run(_ arguments: [String]) -> Data? {
        var output = Data()
        let succeeded = run(arguments, stopping: { token in output.append(contentsOf: token); return false }, separator: nil)
        return succeeded ? output : nil
    }

    /// Runs git, handing each NUL-separated token of its output (or each chunk, without a
    /// separator) to `consume` until it returns true; then git is stopped. True when git ran to
    /// its end with success, or was stopped. Through `posix_spawnp`: Foundation's `Process`
    /// closes every descriptor the limit allows one by one, 55 ms under `ulimit -n 20000`.
    private static func run(_ arguments: [String], stopping consume: (ArraySlice<UInt8>) -> Bool, separator: UInt8? = 0) -> Bool {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        let argv = (["git"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, envp)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            return false
        }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var stopped = false
        while !stopped {
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            guard let separator else {
                stopped = consume(chunk[..<count])
                continue
            }
            buffer.append(contentsOf: chunk[..<count])
            var start = 0
            while !stopped, let end = buffer[start...].firstIndex(of: separator) {
                stopped = consume(buffer[start..<end])
                start = end + 1
            }
            buffer.removeFirst(start)
        }
        if stopped { kill(pid, SIGTERM) }
        close(ends[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // Exited (not signalled) with status 0.
        return stopped || status == 0
    }
}
