"""Issue 35's flows, for `make bench`: one entry's body edited in a run of several sites, against a
full build of them all; with `--before BINARY`, the same flows with that binary alternated."""
import glob
import hashlib
import os
import re
import statistics
import subprocess
import sys
import time

SUBSETS_YML = "subsets:\n  web:\n    sections: [web]\n  forms:\n    categories: [forms]\n"
LANGUAGES_YML = "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n"


def corpora(corpus, workdir, count, stamp, derived_corpus, binaries):
    """The corpus with two subsets, and in English and French with every tenth entry translated;
    one copy of each per binary (`--all-subsets` builds into the root's Output/, and the edits
    before each timed build are made in the binary's own copy)."""
    subsets = {binary: derived_corpus(corpus, workdir, f"corpus-{count}-subsets-{index}", stamp, lambda name, text: {name: text}, SUBSETS_YML)
               for index, binary in enumerate(binaries)}

    def tenth(name, text, named=""):
        if not name.startswith("entry-") or int(name[6:11]) % 10 != 0:
            return {name: text}
        version = hashlib.sha256(text.encode()).hexdigest()[:12]
        translated = re.sub(r'^title: "(.*)"$', r'title: "\1 (fr)"', text[4:], count=1, flags=re.M)
        return {name: text, name[:-3] + ".fr.md": f"---\n{named}translation-of: {version}\n" + translated}
    # One copy per binary too: each build must see the edits made since its own last build only.
    bilingual = {binary: derived_corpus(corpus, workdir, f"corpus-{count}-tenth-fr-{index}", stamp, tenth, LANGUAGES_YML)
                 for index, binary in enumerate(binaries)}
    # As Jekyll libraries name them: `lang: fr` in the translations, no `languages:` in site.yml.
    named = {binary: derived_corpus(corpus, workdir, f"corpus-{count}-named-fr-{index}", stamp,
                                    lambda name, text: tenth(name, text, "lang: fr\n"))
             for index, binary in enumerate(binaries)}
    return {"two subsets, `--all-subsets`": (subsets, ["--all-subsets"]),
            "English and French, a tenth translated": (bilingual, []),
            NAMED_FLOW: (named, [])}


# Its full build and body edits only: the other flows measure the rest of the same engine.
NAMED_FLOW = "English and French named by the pages (`lang: fr`), a tenth translated"


def bench(binaries, flows, count, runs, fresh):
    """For each flow and binary: full builds of every site, then one body edit of an untranslated
    entry before each timed build, then one title edit (medians of `runs`, binaries alternated)."""
    results = {}
    for flow, (roots, flags) in flows.items():
        def command(binary):
            # `--all-subsets` writes into the root's Output/; the other flow into a folder per binary.
            output = [] if flags else ["--output", os.path.join(fresh, f"sites-{binaries.index(binary)}")]
            return [binary, "build", "--root", roots[binary], "--quiet"] + output + flags
        figures = {binary: {"fulls": [], "edits": []} for binary in binaries}
        # The first build into a copy makes every folder (no spare site yet): untimed. Then full
        # builds alternated, whose median is the figure (one each drifted by up to 15% between
        # runs); the last leaves the spare site the patches use.
        for binary in binaries:
            subprocess.run(command(binary) + ["--fresh"], check=True)
        for _ in range(runs):
            for binary in binaries:
                os.sync()
                began = time.perf_counter()
                subprocess.run(command(binary) + ["--fresh"], check=True)
                figures[binary]["fulls"].append(time.perf_counter() - began)
        originals = {}

        def timed_build(binary, kind, fails=False):
            # Stamps of the last two seconds are never trusted.
            time.sleep(2.1)
            os.sync()
            began = time.perf_counter()
            done = subprocess.run(command(binary), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL if fails else None)
            if (done.returncode != 0) != fails:
                sys.exit(f"{kind}: the build exited with {done.returncode}")
            figures[binary][kind].append(time.perf_counter() - began)

        def came_and_went(binary, path, text, kinds):
            # The file written with `text` before the first timed build, removed before the second.
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            timed_build(binary, kinds[0])
            os.remove(path)
            timed_build(binary, kinds[1])

        def edited_build(binary, index, edit, kind, section="web", fails=False):
            path = os.path.join(roots[binary], "Content", section, f"entry-{index:05d}.md")
            originals.setdefault(path, open(path, "rb").read())
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(edit(text))
            timed_build(binary, kind, fails)

        for binary in binaries:
            figures[binary]["titles"] = []
        for attempt in range(runs):
            for binary in binaries:
                # A web entry (odd numbers; the translated ones are every tenth, even).
                index = (((2 * attempt + 3) * 100 + 1) % count) | 1
                edited_build(binary, index, lambda text: text + f"\nEdited {attempt}.\n", "edits")
        for binary in binaries:
            figures[binary]["translated"] = []
        for attempt in range(runs if "French" in flow else 0):
            for binary in binaries:
                # A translated entry's body (native, a multiple of ten): its translation is read
                # again, and its status moves on the first edit (out of date from then on).
                index = ((2 * attempt + 5) * 100) % count
                edited_build(binary, index, lambda text: text + f"\nEdited {attempt}.\n", "translated", section="native")
        brief = flow == NAMED_FLOW
        for attempt in range(0 if brief else runs):
            for binary in binaries:
                # Another web entry's title: the lists showing it change.
                index = (((2 * attempt + 4) * 100 + 1) % count) | 1
                edited_build(binary, index, lambda text: re.sub(r'^title: "(.*)"$', rf'title: "\1 renamed {attempt}"', text, count=1, flags=re.M),
                             "titles")
        for binary in binaries:
            figures[binary]["category"] = []
        for attempt in range(0 if brief else runs):
            for binary in binaries:
                # A category new to the site on another web entry: its page made, the search
                # documents' positions moved to the index's new tables.
                index = (((2 * attempt + 6) * 100 + 1) % count) | 1
                edited_build(binary, index, lambda text: re.sub(r'^categories: \[', f'categories: [new-{attempt}, ', text, count=1, flags=re.M),
                             "category")
        for binary in binaries:
            for kind in ("into subset", "out of subset", "draft set", "draft unset"):
                figures[binary][kind] = []
        for attempt in range(0 if brief else runs):
            for binary in binaries:
                # A web entry outside the forms subset given its category, then taken out again
                # (in two languages, a category edit), and a draft set and unset on another: each
                # page that comes or goes is patched as a file added or removed.
                index = (((2 * attempt + 8) * 100 + 1) % count) | 1
                while re.search(r'^categories: \[.*forms', open(os.path.join(roots[binary], "Content", "web", f"entry-{index:05d}.md"), encoding="utf-8").read(), re.M):
                    index = (index + 2) % count
                for kind, edit in (("into subset", lambda text: re.sub(r'^categories: \[', 'categories: [forms, ', text, count=1, flags=re.M)),
                                   ("draft set", lambda text: re.sub(r'^(title: .*)$', r'\1\ndraft: true', text, count=1, flags=re.M))):
                    path = os.path.join(roots[binary], "Content", "web", f"entry-{index:05d}.md")
                    edited_build(binary, index, edit, kind)
                    with open(path, "wb") as handle:
                        handle.write(originals[path])
                    timed_build(binary, "out of subset" if kind == "into subset" else "draft unset")
                    index = (index + 200) % count | 1
        for binary in binaries:
            figures[binary]["broken"], figures[binary]["mended"] = [], []
        for attempt in range(0 if brief else runs):
            for binary in binaries:
                # A typo that breaks a web entry's front matter (the build fails, the output left as
                # it was), then the save that mends it.
                index = (((2 * attempt + 10) * 100 + 1) % count) | 1
                edited_build(binary, index, lambda text: text.replace("title: ", "title: [", 1), "broken", fails=True)
                path = os.path.join(roots[binary], "Content", "web", f"entry-{index:05d}.md")
                with open(path, "wb") as handle:
                    handle.write(originals[path])
                timed_build(binary, "mended")
        # A screenshot dropped into the content folder, then taken away (copied files that come and
        # go are patched: each site copies or removes it, the pages naming it read); an entry added
        # (as `guidesite new` writes one) and removed: patched, or in several languages built
        # whole, taking the bodies and pages that did not change.
        for name, text, kinds in (("zz-screenshot-{}.svg", '<svg xmlns="http://www.w3.org/2000/svg"><title>Screenshot {}</title></svg>\n',
                                   ("image added", "image removed")),
                                  ("zz-added-{}.md", "---\ntitle: Added entry {}\ncategories: [forms]\n---\n\nA new entry.\n", ("added", "removed"))):
            for binary in binaries:
                figures[binary][kinds[0]], figures[binary][kinds[1]] = [], []
            for attempt in range(0 if brief else runs):
                for binary in binaries:
                    came_and_went(binary, os.path.join(roots[binary], "Content", "web", name.format(attempt)), text.format(attempt), kinds)
        for binary in binaries:
            figures[binary]["translation added"], figures[binary]["translation removed"] = [], []
        for attempt in range(runs if "French" in flow and not brief else 0):
            for binary in binaries:
                # A translation named by its file (`entry-00702.fr.md`) of an untranslated native
                # entry, added and removed: its source's page in French comes and goes.
                source = os.path.join(roots[binary], "Content", "native", f"entry-{((2 * attempt + 7) * 100 + 2) % count:05d}.md")
                path = source[:-3] + ".fr.md"
                for kind in ("translation added", "translation removed"):
                    if kind == "translation added":
                        with open(source, encoding="utf-8") as handle:
                            text = re.sub(r'^title: "(.*)"$', r'title: "\1 (fr)"', handle.read(), count=1, flags=re.M)
                        with open(path, "w", encoding="utf-8") as handle:
                            handle.write(text)
                    else:
                        os.remove(path)
                    timed_build(binary, kind)
        for binary in binaries:
            figures[binary]["half"] = []
        for attempt in range(0 if brief else runs):
            for binary in binaries:
                # A branch switch: every other entry's body edited at once, patched by one build.
                entries = sorted(glob.glob(os.path.join(roots[binary], "Content", "*", "entry-*.md")))
                for path in entries[attempt % 2::2]:
                    originals.setdefault(path, open(path, "rb").read())
                    with open(path, "a", encoding="utf-8") as handle:
                        handle.write(f"\nSwitched {attempt}.\n")
                timed_build(binary, "half")
        for path, data in originals.items():
            with open(path, "wb") as handle:
                handle.write(data)
        def median(values):
            return statistics.median(values) if values else None
        results[flow] = {binary: {"full": median(value["fulls"]), "edit": median(value["edits"]), "title": median(value["titles"]), "category": median(value["category"]),
                                  "added": median(value["added"]), "removed": median(value["removed"]),
                                  "half": median(value["half"]), "translated": median(value["translated"]),
                                  "translation added": median(value["translation added"]),
                                  "translation removed": median(value["translation removed"]),
                                  **{kind: median(value[kind]) for kind in ("into subset", "out of subset", "draft set", "draft unset", "broken", "mended",
                                                                "image added", "image removed")}}
                         for binary, value in figures.items()}
    return results


def report(rows, seconds, runs):
    lines = ["| entries | sites of the run | full build | one entry's body edited | a translated entry's body edited | one entry's title edited"
             " | a category new to the site | an entry into a subset | out of it | a draft set | unset | an image added | removed"
             " | front matter broken | mended | an entry added | removed | a translation added | removed | half the entries edited"
             " | binary before (full, body, translated, title, category, into subset, out, draft set, unset, image added, removed,"
             " broken, mended, added, removed, translation added, removed, half) |",
             "|---:|---|" + "---:|" * 19]
    kinds = ("full", "edit", "translated", "title", "category", "into subset", "out of subset", "draft set", "draft unset",
             "image added", "image removed", "broken", "mended", "added", "removed", "translation added", "translation removed", "half")

    def shown(value):
        return seconds(value) if value is not None else "—"
    for row in rows:
        for flow, figures in row.get("sites", {}).items():
            ours, *before = list(figures.values())
            previous = ", ".join(shown(before[0].get(kind)) for kind in kinds) if before else "not measured"
            lines.append(f"| {row['count']:,} | {flow} | " + " | ".join(shown(ours.get(kind)) for kind in kinds) + f" | {previous} |")
    lines += ["", "Sites of a run (issue 35): a full build of every site (`--fresh`, after one untimed into the copy), then one sentence appended to a"
              " different untranslated entry before each timed build, which patches each site's last build"
              " (`.guidesite-cache/`), in two languages one appended to a translated entry (its translation read again),"
              " then another untranslated entry's title changed before each timed build, which"
              " links each site anew from its state, then a category new to the site given to another entry (its page made,"
              " the search documents moved to the index's new tables), then a web entry outside the forms subset given its category"
              " and taken out again, and another's draft set and unset (each page that comes or goes patched as a file added or removed),"
              " then an image dropped into the content folder and taken away (a copied file that comes and goes, patched),"
              " then a web entry's front matter broken (the build fails) and mended before each timed build,"
              " then an entry added and removed before each timed build"
              " (patched in every site of the run: in several languages, an entry of the default language without translations),"
              " in two languages a translation named by its file added and removed before each timed build (patched too),"
              " then every other entry's body edited at once (a branch switch, patched whatever the count);"
              " where the pages name French, the full build and body edits only;"
              f" medians of {runs} builds each, alternated with `--before`'s binary.", ""]
    return lines
