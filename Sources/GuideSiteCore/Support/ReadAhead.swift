import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells the kernel which files are about to be read when they are not in its cache (the first
/// build after a reboot, a library not read for a while): each parsing thread otherwise waits on
/// the disk for one file at a time, while told of every file at once the disk reads many
/// together. Only when a spread sample of the files reads slowly: opening every file once more
/// costs a library the cache holds a few microseconds a file (Benchmarks/NOTES.md, "Cold").
struct ReadAhead: Sendable {
    /// Fewer files than this are read as they come: a small site waits little on any disk.
    var minimumFiles = 256
    /// How many files the sample reads, spread over the list.
    var sampleSize = 16
    /// A sample slower than this a file means the files come from the disk (from the cache, a
    /// file of a few kilobytes takes under 10 µs).
    var slowPerFile: Duration = .microseconds(50)
    /// Reads one file whole (the sample's read, which also brings it into the cache).
    var read: @Sendable (String) -> Void = { ReadAhead.readWhole($0) }
    /// Asks the kernel to read one file into its cache without waiting for it.
    var hint: @Sendable (String) -> Void = { ReadAhead.willNeed($0) }

    /// The sample: `sampleSize` paths evenly spread over `paths`.
    func sample(of paths: [String]) -> [String] {
        guard !paths.isEmpty else { return [] }
        let step = max(1, paths.count / sampleSize)
        return stride(from: 0, to: paths.count, by: step).prefix(sampleSize).map { paths[$0] }
    }

    /// Reads the sample, and when it came slowly, hints every one of `paths` on another thread,
    /// returning at once with the group that thread is in (nil when the files are not hinted).
    @discardableResult
    func start(_ paths: [String]) -> DispatchGroup? {
        guard paths.count >= minimumFiles else { return nil }
        let sampled = sample(of: paths)
        let clock = ContinuousClock(), began = clock.now
        for path in sampled { read(path) }
        guard clock.now - began > slowPerFile * sampled.count else { return nil }
        let group = DispatchGroup(), hint = hint
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            for path in paths { hint(path) }
        }
        return group
    }

    /// Reads a file to its end into a scratch buffer; nothing when it cannot be opened.
    static func readWhole(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 16) { buffer in
            while true {
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
            }
        }
    }

    /// `posix_fadvise(WILLNEED)`: the kernel starts reading the whole file and returns.
    /// Non-blocking, so that a named pipe among the files never waits for a writer.
    static func willNeed(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_WILLNEED)
        close(descriptor)
    }
}
