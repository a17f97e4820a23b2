import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells the kernel which files are about to be read when they are not in its cache (the first
/// build after a reboot, a library not read for a while): each parsing thread otherwise waits on
/// the disk for one file at a time, while told of every file at once the disk reads many
/// together. Only when a spread sample of the files reads slowly: opening every file once more
/// costs a library the cache holds a few microseconds a file (Benchmarks/NOTES.md, session 69).
struct ReadAhead: Sendable {
    /// Fewer files than this are read as they come: a small site waits little on any disk.
    var minimumFiles = 256
    /// How many files the sample reads, spread over the list.
    var sampleSize = 16
    /// A sample slower than this a file means the files come from the disk (on this project's
    /// machine a 6 kB entry took 6 µs from the cache, 363 µs from the disk).
    var slowPerFile: Duration = .microseconds(50)
    /// Reads one file up to `largestFile` (the sample's read, which also brings it into the cache).
    var read: @Sendable (String) -> Void
    /// Asks the kernel to read one file, up to `largestFile`, into its cache without waiting.
    var hint: @Sendable (String) -> Void

    /// `largestFile`: bytes of a file read or asked for at most, so that a file larger than a
    /// page may be is never read whole (`PageReader.maximumBytes`).
    init(largestFile: Int) {
        read = { _ = ReadAhead.read($0, upTo: largestFile) }
        hint = { ReadAhead.willNeed($0, upTo: largestFile) }
    }

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

    /// Reads a file to its end or `limit` bytes into a scratch buffer, and says how many it read
    /// (0 when it cannot be opened). Non-blocking, so that a named pipe never waits for a writer.
    @discardableResult
    static func read(_ path: String, upTo limit: Int) -> Int {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        return withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 16) { buffer in
            var total = 0
            while total < limit {
                let count = Glibc.read(descriptor, buffer.baseAddress, min(buffer.count, limit - total))
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                total += count
            }
            return total
        }
    }

    /// `posix_fadvise(WILLNEED)` of the file's first `limit` bytes: the kernel starts reading
    /// them and returns.
    static func willNeed(_ path: String, upTo limit: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        _ = posix_fadvise(descriptor, 0, off_t(limit), POSIX_FADV_WILLNEED)
        close(descriptor)
    }
}
