/// Which automated rules test each success criterion: axe-core's (what a scan with axe finds)
/// and W3C's ACT rules (the rules tools agree on). A criterion with neither needs a person.
/// The tables are generated (`Scripts/generate-rules-table.py`) and committed.
public enum AutomatedRules {
    public struct Rule: Sendable, Equatable {
        /// `color-contrast`, or an ACT rule's id (`afw4f7`).
        public let id: String
        /// What it checks.
        public let name: String
        /// Its documentation.
        public let url: String
        /// Off by default in axe-core (experimental), or an ACT rule not yet approved (proposed).
        public let provisional: Bool
    }

    public static func axe(_ criterion: String) -> [Rule] { axeTable[criterion] ?? [] }
    public static func act(_ criterion: String) -> [Rule] { actTable[criterion] ?? [] }
}
