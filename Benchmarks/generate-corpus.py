#!/usr/bin/env python3
"""Writes a deterministic guideline corpus of N entries in the shapes real sites have.

Entries carry criteria front matter (keyboard, mobile, screenreader, settings maps of block
scalars), categories, `wcag:` lists, and bodies with iOS/Android platform sections (Name, Role,
Groupings, State, Focus), lists, a table, fenced code, links to W3C Understanding pages and
links to other entries. Two sections (native, web), eight categories. Each platform section has
a code sample per framework (Swift for UIKit and SwiftUI, Kotlin and XML for Compose and Views),
which GuideSite highlights and shows as tabs. Same N, same bytes.

Usage: generate-corpus.py N OUTPUT_DIR [--translated M]

With `--translated M`, site.yml has `languages: [en, fr]` and M entries, spread evenly, have an
up-to-date French translation beside them (`entry-00010.fr.md`).
"""
import hashlib
import os
import re
import random
import sys

COMPONENTS = ["Picker", "Carousel", "Button", "Switch", "Slider", "Tab bar", "Dialog", "Menu", "Stepper",
              "Text field", "Checkbox", "Radio group", "Link", "Accordion", "Toast", "Progress bar"]
CATEGORIES = ["controls", "pickers", "navigation", "forms", "feedback", "media", "layout", "text"]
CRITERIA = [("1.3.1", "info-and-relationships"), ("1.4.3", "contrast-minimum"), ("1.4.10", "reflow"),
            ("1.4.11", "non-text-contrast"), ("2.1.1", "keyboard"), ("2.4.3", "focus-order"),
            ("2.4.7", "focus-visible"), ("2.5.8", "target-size-minimum"), ("3.3.2", "labels-or-instructions"),
            ("4.1.2", "name-role-value")]
# Developer notes as teams write them: one sample per framework, shown as tabs, naming the
# entry's component (no two entries have the same code).
def code(platform, title, index):
    name = title.lower().replace(" ", "_")
    if platform == "iOS":
        return ["```swift UIKit", f"// {title}: the label names it; the trait says how it works",
                f"{name}.accessibilityLabel = \"{title}\"", f"{name}.accessibilityTraits.insert(.adjustable) // {index}", "```",
                "```swift SwiftUI", f"Picker(\"{title}\", selection: $value{index % 97}) {{",
                f"    ForEach(0..<{index % 50 + 2}) {{ Text(\"\\($0)\").tag($0) }}", "}.pickerStyle(.wheel)", "```"]
    return ["```kotlin title=\"Jetpack Compose\"", f"TimePicker(state = state{index % 97}, modifier = Modifier.semantics {{",
            f"    contentDescription = \"{title}\" // read before the value", "})", "```",
            "```xml title=\"Views\"", f"<NumberPicker android:id=\"@+id/{name}\"",
            f"    android:contentDescription=\"@string/{name}_{index}\" />", "```"]


WORDS = ("the control announces its name role and value when focus arrives and the label matches what "
         "people see on screen so voice control users can say it and screen reader users hear it").split()


def sentence(rng, words=14):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def entry(index, rng, count):
    section = "native" if index % 2 == 0 else "web"
    component = COMPONENTS[index % len(COMPONENTS)]
    title = f"{component} {index}"
    categories = sorted(rng.sample(CATEGORIES, 2))
    criteria = sorted(rng.sample(CRITERIA, 3))
    other = (index * 7 + 3) % count
    other_section = "native" if other % 2 == 0 else "web"
    lines = [
        "---",
        "layout: entry",
        f'title: "{title}"',
        f"description: {sentence(rng, 10)}",
        f"categories: [{', '.join(categories)}]",
        f"order: {index}",
        f"wcag: [{', '.join(number for number, _ in criteria)}]",
        "",
        "keyboard:",
        "  tab, arrow keys or Ctrl+tab: |",
        f"    {sentence(rng)}",
        "  space: |",
        f"    {sentence(rng)}",
        "mobile:",
        "  swipe: |",
        f"    {sentence(rng)}",
        "  double tap: |",
        f"    {sentence(rng)}",
        "screenreader:",
        "  name: |",
        f"    {sentence(rng)}",
        "  role: |",
        f"    {sentence(rng)}",
        "  state: |",
        f"    {sentence(rng)}",
        "settings:",
        "  text resize: |",
        f"    {sentence(rng)}",
        "---",
        "",
    ]
    for platform in ["iOS", "Android"]:
        lines += [f"## {platform}", "", "### Developer notes", ""]
        lines += [f"- {sentence(rng)}" for _ in range(4)]
        for part in ["Name", "Role", "Groupings", "State", "Focus"]:
            lines += ["", f"### {part}", "", sentence(rng, 30), ""]
            lines += [f"- **UIKit**: use `accessibilityLabel` {sentence(rng, 8)}", f"  - {sentence(rng, 10)}"]
        lines += [""] + code(platform, title, index) + [""]
    lines += ["| Key | Result |", "|-----|--------|", f"| Tab | {sentence(rng, 6)} |", f"| Space | {sentence(rng, 6)} |", ""]
    lines += ["## Success criteria", ""]
    lines += [f"- [{number}](https://www.w3.org/WAI/WCAG22/Understanding/{slug})" for number, slug in criteria]
    lines += ["", f"See also [entry {other}](../{other_section}/entry-{other:05d}.md).", ""]
    return section, f"entry-{index:05d}.md", "\n".join(lines)


def translate(root, section, name, text):
    """A French translation beside the entry, up to date (`translation-of:` names its version)."""
    version = hashlib.sha256(text.encode()).hexdigest()[:12]
    body = re.sub(r'^title: "(.*)"$', r'title: "\1 (fr)"', text[4:], count=1, flags=re.M)
    with open(os.path.join(root, "Content", section, name[:-3] + ".fr.md"), "w") as handle:
        handle.write(f"---\ntranslation-of: {version}\n" + body)


def main():
    count = int(sys.argv[1])
    root = sys.argv[2]
    # `--translated N`: N entries, spread over the corpus, have a French translation.
    translated = int(sys.argv[sys.argv.index("--translated") + 1]) if "--translated" in sys.argv else 0
    rng = random.Random(20261122)
    os.makedirs(os.path.join(root, "Content", "native"), exist_ok=True)
    os.makedirs(os.path.join(root, "Content", "web"), exist_ok=True)
    with open(os.path.join(root, "site.yml"), "w") as handle:
        handle.write(f"title: Benchmark guide ({count} entries)\nsections:\n  native: {{title: Native apps}}\n  web: {{title: Web}}\n"
                     "frameworks:\n  iOS: [UIKit, SwiftUI]\n  Android: [Views, Jetpack Compose]\n")
        if translated:
            handle.write("languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n")
    with open(os.path.join(root, "Content", "index.md"), "w") as handle:
        handle.write("---\ntitle: Benchmark guide\n---\nGenerated entries.\n")
    total = 0
    for index in range(count):
        section, name, text = entry(index, rng, count)
        with open(os.path.join(root, "Content", section, name), "w") as handle:
            handle.write(text)
        total += len(text.encode())
        if translated and index % max(1, count // translated) == 0:
            translate(root, section, name, text)
    print(f"wrote {count} entries, {total / 1e6:.1f} MB of Markdown, to {root}")


if __name__ == "__main__":
    main()
