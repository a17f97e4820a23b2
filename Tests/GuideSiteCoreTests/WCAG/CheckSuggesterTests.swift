import Foundation
import Testing
@testable import GuideSiteCore

/// Which plain-language checks name a criterion clearly enough to suggest it.
@Suite("Check suggestions")
struct CheckSuggesterTests {
    @Test("a check that clearly names a criterion is suggested it", arguments: [
        ("Color is not used as the only means of conveying information", "1.4.1"),
        ("Colour alone does not show the selected date", "1.4.1"),
        ("Is keyboard operable", "2.1.1"),
        ("All functionality is operable with a keyboard", "2.1.1"),
        ("The focus indication has a 3:1 minimum contrast ratio against adjacent elements", "1.4.11"),
        ("Icons have enough contrast against adjacent colours", "1.4.11"),
        ("Touch target size is at least 24 by 24 CSS pixels", "2.5.8"),
        ("Focus is visible on every control", "2.4.7"),
        ("Has a visible focus indicator", "2.4.7"),
    ])
    func suggests(text: String, number: String) {
        #expect(CheckSuggester.suggestion(for: text) == number)
    }

    @Test("texts that name no single criterion are never suggested one", arguments: [
        "Focus order is logical",
        "Keyboard focus does not get trapped in the calendar",
        "Text has a contrast ratio of at least 4.5:1",
        "The colour of the button matches the brand",
        "The link target opens in the same window",
        "Focus moves to the dialog when it opens",
        "Name, role and state are announced",
        "Color contrast of the focus border is 3:1",
    ])
    func doesNotSuggest(text: String) {
        #expect(CheckSuggester.suggestion(for: text) == nil)
    }
}
