/// One named step of the build. Each stage is a type in a file of its own that says which
/// `BuildContext` fields it reads and writes; `SiteBuilder` lists them in order.
protocol BuildStage: Sendable {
    /// What `--timings` and the progress line call it.
    static var name: String { get }
    static func run(_ context: inout BuildContext)
}
