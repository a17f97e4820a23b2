/// The entry `guidesite init` starts a site with: a whole one, written as an entry should be, so
/// the new site checks clean (an entry `new` writes holds the archetype's placeholders until
/// its author replaces them).
extension Scaffolder {
    static let exampleEntry = """
        ---
        title: Button
        description: A control that performs an action when activated.
        categories: [controls]
        wcag: [2.1.1, 2.4.7, 4.1.2]
        keyboard:
          tab: Focus moves to the button, and a visible focus indicator surrounds it
          space or enter: The button performs its action
        mobile:
          swipe right: Focus reaches the button, which announces its name and "button"
          double tap: The button performs its action
        screenreader:
          name: Says what the button does, matching its visible label
          role: Announces "button"
          state: A toggle button announces whether it is pressed
        settings:
          larger text: The label grows with the system text size and is not clipped
        ---

        ## iOS

        A `UIButton` or a SwiftUI `Button` is a button to VoiceOver without more work. Give an icon
        button an `accessibilityLabel` that says what it does ("Delete", not "Trash can").

        ## Android

        A `Button` or a Compose `Button` is announced as a button. Give an `ImageButton` a
        `contentDescription`, and make its touch target at least 48 by 48 dp.

        ## Web

        Use `<button>`: it is focusable, activates with Enter and Space, and is announced as a
        button. A `<div>` made clickable is none of these.

        """
}
