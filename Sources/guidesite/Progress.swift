import Foundation

/// A progress line on the terminal for builds that take longer than a second: the running
/// stage and the time so far, rewritten in place and erased at the end. Silent when piped.
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private let started = Date()
    private var stage = "starting"
    private var shown = false
    private var finished = false
    private let enabled: Bool

    init(enabled: Bool = isatty(2) == 1) {
        self.enabled = enabled
        guard enabled else { return }
        let thread = Thread { [self] in
            Thread.sleep(forTimeInterval: 1)
            while self.tick() { Thread.sleep(forTimeInterval: 0.2) }
        }
        thread.start()
    }

    /// Called by the builder as each stage starts.
    func enter(_ name: String) {
        lock.lock()
        stage = name
        lock.unlock()
    }

    private func tick() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return false }
        let seconds = Date().timeIntervalSince(started)
        FileHandle.standardError.write(Data(String(format: "\r\u{1B}[2KBuilding… %.1f s: %@", seconds, stage).utf8))
        shown = true
        return true
    }

    /// Stops and erases the line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        finished = true
        if shown, enabled { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
