#!/usr/bin/env python3
"""Checks that each folder of GuideSiteCore uses only the folders below it (docs/ARCHITECTURE.md,
"Folders, lowest first"): every top-level type a folder defines, named in a file of a lower
folder (comments and string literals left out), is reported. Exits 1 when any is.

Usage: check-layers.py [Sources/GuideSiteCore]
"""
import os
import re
import sys

# Lowest first; folders on one line may use each other.
ORDER = [["Support", "Diagnostics"], ["Model"], ["Acceptance"], ["FrontMatter", "Markdown", "WCAG"], ["Content"],
         ["Linking"], ["Templates"], ["Output"], ["Checks", "Authoring"], ["Pipeline"]]
RANK = {folder: rank for rank, group in enumerate(ORDER) for folder in group}
DEFINITION = re.compile(r"^(?:public |private |fileprivate |internal |final |indirect )*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)


def swift_files(root, folder):
    for directory, _, names in os.walk(os.path.join(root, folder)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def code(path):
    """The file without comments and string literals, which name no types."""
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"//.*", "", text)
    text = re.sub(r'"""(.|\n)*?"""', '""', text)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "GuideSiteCore")
    folders = sorted(name for name in os.listdir(root) if os.path.isdir(os.path.join(root, name)))
    unknown = [folder for folder in folders if folder not in RANK]
    if unknown:
        sys.exit(f"check-layers: folders not in the order: {', '.join(unknown)} (add them to ORDER and to docs/ARCHITECTURE.md)")
    home = {}
    for folder in folders:
        for path in swift_files(root, folder):
            for name in DEFINITION.findall(open(path, encoding="utf-8").read()):
                home.setdefault(name, folder)
    problems = []
    for folder in folders:
        above = [name for name, owner in home.items() if RANK[owner] > RANK[folder]]
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, above)) + r")\b") if above else None
        for path in swift_files(root, folder):
            for name in sorted(set(pattern.findall(code(path)))) if pattern else []:
                problems.append(f"{os.path.relpath(path, root)} uses {name}, of {home[name]}/, a folder above {folder}/")
    for problem in problems:
        print(problem)
    print(f"check-layers: {len(folders)} folders, {len(home)} types, {len(problems)} use(s) of a folder above")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
