/// The WCAG 2.2 success criteria GuideSite knows, and lookups by number, W3C id and name.
public enum WCAG22 {
    /// Every criterion, in document order.
    public static var all: [SuccessCriterion] { table }

    /// Criteria by number ("1.4.3").
    public static let byNumber: [String: SuccessCriterion] = Dictionary(uniqueKeysWithValues: table.map { ($0.number, $0) })
    /// Each criterion's place in W3C's order (1.1.1 first); unknown numbers sort last.
    static let position: [String: Int] = Dictionary(uniqueKeysWithValues: table.enumerated().map { ($1.number, $0) })

    /// Criteria by W3C id: WCAG 2.2's ids, the ids WCAG 2.1 used where 2.2 renamed them, and the
    /// anchors of WCAG 2.0 and its Understanding documents.
    public static let bySlug: [String: SuccessCriterion] = {
        var map = Dictionary(uniqueKeysWithValues: table.map { ($0.slug, $0) })
        for (slug, number) in legacySlugs where map[slug] == nil {
            map[slug] = byNumber[number]
        }
        return map
    }()

    /// Criteria by lowercased name ("contrast (minimum)").
    public static let byName: [String: SuccessCriterion] = Dictionary(
        table.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first }
    )

    /// Principles in order, each with its guidelines in order.
    public static var principles: [(name: String, guidelines: [String])] {
        var result: [(name: String, guidelines: [String])] = []
        for criterion in table {
            if result.last?.name != criterion.principle { result.append((criterion.principle, [])) }
            if result[result.count - 1].guidelines.last != criterion.guideline {
                result[result.count - 1].guidelines.append(criterion.guideline)
            }
        }
        return result
    }

    /// Ids used by earlier versions of WCAG for the same criteria.
    static let legacySlugs: [String: String] = [
        // WCAG 2.1 ids that WCAG 2.2 changed.
        "target-size": "2.5.5",
        // WCAG 2.0 recommendation anchors and Understanding WCAG 2.0 page names.
        "text-equiv-all": "1.1.1",
        "media-equiv-av-only-alt": "1.2.1", "media-equiv-captions": "1.2.2", "media-equiv-audio-desc": "1.2.3",
        "media-equiv-real-time-captions": "1.2.4", "media-equiv-audio-desc-only": "1.2.5", "media-equiv-sign": "1.2.6",
        "media-equiv-extended-ad": "1.2.7", "media-equiv-text-doc": "1.2.8", "media-equiv-live-audio-only": "1.2.9",
        "content-structure-separation-programmatic": "1.3.1", "content-structure-separation-sequence": "1.3.2",
        "content-structure-separation-understanding": "1.3.3",
        "visual-audio-contrast-without-color": "1.4.1", "visual-audio-contrast-dis-audio": "1.4.2",
        "visual-audio-contrast-contrast": "1.4.3", "visual-audio-contrast-scale": "1.4.4",
        "visual-audio-contrast-text-presentation": "1.4.5", "visual-audio-contrast7": "1.4.6",
        "visual-audio-contrast-noaudio": "1.4.7", "visual-audio-contrast-visual-presentation": "1.4.8",
        "visual-audio-contrast-text-images": "1.4.9",
        "keyboard-operation-keyboard-operable": "2.1.1", "keyboard-operation-trapping": "2.1.2",
        "keyboard-operation-all-funcs": "2.1.3",
        "time-limits-required-behaviors": "2.2.1", "time-limits-pause": "2.2.2", "time-limits-no-exceptions": "2.2.3",
        "time-limits-postponed": "2.2.4", "time-limits-server-timeout": "2.2.5",
        "seizure-does-not-violate": "2.3.1", "seizure-three-times": "2.3.2",
        "navigation-mechanisms-skip": "2.4.1", "navigation-mechanisms-title": "2.4.2",
        "navigation-mechanisms-focus-order": "2.4.3", "navigation-mechanisms-refs": "2.4.4",
        "navigation-mechanisms-mult-loc": "2.4.5", "navigation-mechanisms-descriptive": "2.4.6",
        "navigation-mechanisms-focus-visible": "2.4.7", "navigation-mechanisms-location": "2.4.8",
        "navigation-mechanisms-link": "2.4.9", "navigation-mechanisms-headings": "2.4.10",
        "meaning-doc-lang-id": "3.1.1", "meaning-other-lang-id": "3.1.2", "meaning-idioms": "3.1.3",
        "meaning-located": "3.1.4", "meaning-supplements": "3.1.5", "meaning-pronunciation": "3.1.6",
        "consistent-behavior-receive-focus": "3.2.1", "consistent-behavior-unpredictable-change": "3.2.2",
        "consistent-behavior-consistent-locations": "3.2.3", "consistent-behavior-consistent-functionality": "3.2.4",
        "consistent-behavior-no-extreme-changes-context": "3.2.5",
        "minimize-error-identified": "3.3.1", "minimize-error-cues": "3.3.2", "minimize-error-suggestions": "3.3.3",
        "minimize-error-reversible": "3.3.4", "minimize-error-context-help": "3.3.5", "minimize-error-reversible-all": "3.3.6",
        "ensure-compat-parses": "4.1.1", "ensure-compat-rsv": "4.1.2",
    ]
}
