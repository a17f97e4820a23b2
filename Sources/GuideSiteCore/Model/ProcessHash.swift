/// A hash made with this process's seeded `Hasher`, kept beside what it hashes: compared as
/// part of its value, never encoded (another process would make another).
struct ProcessHash: Hashable, Sendable, Encodable {
    var value: Int

    init(_ value: Int) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {}
}
