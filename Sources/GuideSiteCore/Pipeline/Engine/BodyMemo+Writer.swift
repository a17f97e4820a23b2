import Foundation

extension BodyMemo {
    /// This run's bodies, written to a new file as they come (each site's before the next
    /// asks for them) and put in place over the last when the run ends. Records are encoded on
    /// the threads that render; a lock guards only the index and the buffer, and one chunk at a
    /// time is written in file order while the others go on (written under the index's lock,
    /// the chunks stalled the other core: a full build cost 10% more, now 4%).
    final class Writer: @unchecked Sendable {
        private let location: URL
        private let temporary: String
        private let descriptor: Int32
        /// What is not written yet, from file offset `bufferStart`; the file's first `durable`
        /// bytes are written.
        private var buffer: [UInt8] = []
        /// The last chunk written, its capacity kept for the next: a new 4 MB array for each
        /// chunk faulted in every page of it (8% of keeping a full build's bodies).
        private var spare: [UInt8] = []
        private var bufferStart = 0
        private var durable = 0
        private var index: [Key: [(links: [AskedLink], range: Range<Int>)]] = [:]
        private var failed = false
        private let lock = NSLock(), writing = NSLock()
        private static let chunk = 1 << 22

        init?(location: URL) {
            try? FileManager.default.createDirectory(at: location.deletingLastPathComponent(), withIntermediateDirectories: true)
            self.location = location
            temporary = location.path + ".new-\(getpid())"
            // What a killed build left (each up to the size of the file).
            let folder = location.deletingLastPathComponent().path, prefix = location.lastPathComponent + ".new-"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
                unlink(folder + "/" + name)
            }
            descriptor = open(temporary, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return nil }
            buffer = magic
            buffer.reserveCapacity(Self.chunk + (1 << 16))
        }

        deinit {
            close(descriptor)
            unlink(temporary)
        }

        /// Keeps each key's body once for each set of its links' answers: another site's body of
        /// the same page differs only where its links answer otherwise (a subset's links to
        /// pages it leaves out). Every site's, in every run: kept only from the second build on,
        /// the first build after a first rendered a subset's bodies again (625 ms of 3.4 s with
        /// two subsets at 10,000 entries), against 2% more CPU for the build that keeps them.
        func append(_ key: Key, _ taken: Taken) {
            // Asked before the body is encoded: a subset's body is most often the full site's.
            guard lock.withLock({ accepts(key, taken.body.links) }) else { return }
            let record: [UInt8]
            if let kept = taken.record {
                record = kept
            } else {
                var writer = ByteWriter()
                // Room for the HTML and what is around it: grown by doubling, it was copied on the way.
                writer.bytes.reserveCapacity(taken.body.body.html.utf8.count + 1024)
                writer.body(taken.body)
                record = writer.bytes
            }
            let full: Bool = lock.withLock {
                guard accepts(key, taken.body.links) else { return false }
                let known = index[key] ?? []
                let start = bufferStart + buffer.count
                buffer += record
                index[key] = known + [(taken.body.links, start..<(start + record.count))]
                return buffer.count >= Self.chunk
            }
            if full { flush(all: false) }
        }

        /// Whether a body for `key` with these links' answers is still to be kept (under the lock).
        private func accepts(_ key: Key, _ links: [AskedLink]) -> Bool {
            guard !failed else { return false }
            guard let known = index[key], !known.isEmpty else { return true }
            return !known.contains(where: { $0.links == links })
        }

        /// The body of this run for `key`, when its links' answers `match` (nil while its chunk
        /// is being written).
        func body(_ key: Key, where match: ([AskedLink]) -> Bool) -> Body? {
            enum Place { case file(Range<Int>), bytes([UInt8]) }
            let place: Place? = lock.withLock {
                guard let entry = index[key]?.first(where: { match($0.links) }) else { return nil }
                let range = entry.range
                if range.upperBound <= durable { return .file(range) }
                guard range.lowerBound >= bufferStart else { return nil }
                return .bytes(Array(buffer[(range.lowerBound - bufferStart)..<(range.upperBound - bufferStart)]))
            }
            switch place {
            case .file(let range): return Stored.read(descriptor, range)?.withUnsafeBytes { Stored.decode($0, where: match) }
            case .bytes(let bytes): return bytes.withUnsafeBytes { Stored.decode($0, where: match) }
            case nil: return nil
            }
        }

        /// Writes the buffer when full (or `all` of it), one chunk at a time in file order.
        private func flush(all: Bool, then trailer: (() -> [UInt8])? = nil) {
            writing.withLock {
                let taken: (bytes: [UInt8], offset: Int)? = lock.withLock {
                    guard all || buffer.count >= Self.chunk else { return nil }
                    if let trailer { buffer += trailer() }
                    let chunk = (buffer, bufferStart)
                    bufferStart += buffer.count
                    swap(&buffer, &spare)
                    spare = []
                    buffer.removeAll(keepingCapacity: true)
                    if !all { buffer.reserveCapacity(Self.chunk + (1 << 16)) }
                    return chunk
                }
                guard var taken else { return }
                let ok = taken.bytes.withUnsafeBytes { FileBytes.write($0, to: descriptor, at: taken.offset) }
                let end = taken.offset + taken.bytes.count
                taken.bytes.removeAll(keepingCapacity: !all)
                lock.withLock {
                    failed = failed || !ok
                    durable = end
                    spare = taken.bytes
                }
            }
        }

        /// Puts the file in place; when it could not be written whole, removes the last (it
        /// stands for another run's inputs no more than for this one's, but no less: removed, the
        /// next build renders every body, as a first build does). True when put in place.
        @discardableResult
        func finish() -> Bool {
            // The index, in key order (the same bodies give the same file), then where it starts
            // and how many records it lists.
            flush(all: true) { [self] in
                var trailer = ByteWriter()
                let start = bufferStart + buffer.count
                var count = 0
                for key in index.keys.sorted(by: { ($0.high, $0.low) < ($1.high, $1.low) }) {
                    for range in (index[key] ?? []).map(\.range) {
                        trailer.uint64(key.high)
                        trailer.uint64(key.low)
                        trailer.uint64(UInt64(range.lowerBound))
                        trailer.uint64(UInt64(range.count))
                        count += 1
                    }
                }
                trailer.uint64(UInt64(start))
                trailer.uint64(UInt64(count))
                return trailer.bytes
            }
            if lock.withLock({ failed }) || rename(temporary, location.path) != 0 {
                unlink(location.path)
                return false
            }
            return true
        }
    }
}
