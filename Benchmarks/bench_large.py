"""Issue 37's large-site row, for `make bench`: one full build of a generated site of `count`
entries (wall time, CPU use, peak memory, output size, the stages that took longest) beside one of
a tenth of its size, and Hugo on the same Markdown when it fits in this machine's memory."""
import os
import re
import shutil
import time


def available_mb():
    """The memory the kernel says is available now, in MB."""
    with open("/proc/meminfo") as handle:
        for line in handle:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 1024
    return 0


def folder_mb(folder):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(folder) for f in fs) / 1e6


def warm(folder):
    """Reads every file once: read cold from this machine's disk, the 785 MB of a 100,000-entry
    corpus took 60-110 s of the parse stage, which timed the disk and not the build."""
    for directory, _, files in os.walk(folder):
        for name in files:
            with open(os.path.join(directory, name), "rb") as handle:
                while handle.read(1 << 20):
                    pass


def remove_settled(*folders):
    """Removes `folders` so that no timed build pays for them. On ext4 without a journal (this
    machine's disk) the allocator skips an inode freed in the last minute, or whose block is not
    yet written, reading that block to find out: right after `rm -rf` of a 100,000-entry
    output, inode allocation took a third of a build's samples (`recently_deleted`,
    `find_inode_bit`), and making a folder 562 µs against 151 µs (Benchmarks/NOTES.md).
    Written out and a minute old, the freed inodes cost nothing."""
    existing = [folder for folder in folders if os.path.exists(folder)]
    for folder in existing:
        shutil.rmtree(folder, ignore_errors=True)
    if existing:
        os.sync()
        time.sleep(61)


def stages(printed):
    """The stages of `--timings` that took a second or more, as printed."""
    found = []
    for line in printed.splitlines():
        match = re.match(r"\s*([0-9.]+) ms  (\S.*)$", line)
        if match and float(match.group(1)) >= 1000 and not match.group(2).startswith(" "):
            found.append((match.group(2), float(match.group(1)) / 1000))
    return found


def measure(guidesite, count, workdir, time_once, make_corpus, hugo_mb_per_entry=None, runs=1):
    """Full builds of `count` and `count // 10` entries into new folders, alternated `runs` times
    (the run of median wall time of each), with `time_once`; Hugo on the large corpus when
    `hugo_mb_per_entry` (its peak at 10,000 entries, per entry) times `count` fits in the
    available memory with a fifth to spare."""
    row = {"count": count, "small": count // 10}
    fresh = os.path.join(workdir, f"fresh-large-{count}")
    remove_settled(fresh)
    os.makedirs(fresh)
    # Each run's output is moved aside, and all are removed after the last build (see
    # `remove_settled`): removed between runs, each build paid for the one before.
    done = os.path.join(fresh, "done")
    os.makedirs(done)
    sizes = (("small_build", count // 10), ("build", count))
    corpora = {key: make_corpus(entries, workdir) for key, entries in sizes}
    timed = {key: [] for key, _ in sizes}
    for _ in range(runs):
        for key, entries in sizes:
            corpus = corpora[key][0]
            warm(os.path.join(corpus, "Content"))
            # From scratch on both sides: the bodies an earlier run kept in the corpus's cache
            # made the small build's Markdown stage 0.4 s instead of 2.7 s (none are kept at
            # the large size, whose bodies go to a scratch file), so the ratio compared a warm
            # build with a cold one.
            shutil.rmtree(os.path.join(corpus, ".guidesite-cache"), ignore_errors=True)
            output = os.path.join(fresh, f"guidesite-{entries}")
            figures = time_once([guidesite, "build", "--root", corpus, "--timings", "--output", output])
            figures["output_mb"] = folder_mb(output)
            figures["stages"] = stages(figures["stdout"])
            timed[key].append(figures)
            os.rename(output, os.path.join(done, f"{key}-{len(timed[key])}"))
    for key, _ in sizes:
        ordered = sorted(timed[key], key=lambda figures: figures["wall"])
        row[key] = ordered[len(ordered) // 2]
        row[key]["walls"] = [figures["wall"] for figures in timed[key]]
    corpus, hugo_root, _ = corpora["build"]
    row["markdown_mb"] = folder_mb(os.path.join(corpus, "Content"))
    needed = hugo_mb_per_entry * count if hugo_mb_per_entry else None
    row["hugo_needed_mb"], row["available_mb"] = needed, available_mb()
    if needed is not None and needed * 1.2 < row["available_mb"]:
        row["hugo"] = time_once(["hugo", "--quiet", "-s", hugo_root, "-d", os.path.join(fresh, "hugo")])
    shutil.rmtree(fresh, ignore_errors=True)
    return row


def report(row):
    build, small = row["build"], row["small_build"]

    def cells(figures):
        return (f"{figures['wall']:.1f} s | {figures['cpu'] * 100:.0f}% | {figures['peak_mb'] / 1024:.2f} GB |"
                f" {figures['output_mb'] / 1000:.2f} GB |")
    if "hugo" in row:
        hugo = f"{row['hugo']['wall']:.1f} s, {row['hugo']['peak_mb'] / 1024:.2f} GB"
    elif row["hugo_needed_mb"] is None:
        hugo = "not run (no Hugo figure at 10,000 entries to scale)"
    else:
        hugo = (f"not run: about {row['hugo_needed_mb'] / 1024:.0f} GB (its peak per entry at 10,000 entries),"
                f" {row['available_mb'] / 1024:.0f} GB available")
    lines = [
        f"Large site: {row['count']:,} entries ({row['markdown_mb']:.0f} MB of Markdown), one full build into a new folder,"
        f" the corpus read once beforehand and `.guidesite-cache/` removed (a build from scratch), beside {row['small']:,}"
        f" entries the same way, alternated; the run of median wall time of {len(build['walls'])}"
        f" (walls: {', '.join(f'{wall:.1f}' for wall in small['walls'])} s and {', '.join(f'{wall:.1f}' for wall in build['walls'])} s).", "",
        "| entries | wall | CPU use | peak memory | output | large / small | Hugo |",
        "|---:|---:|---:|---:|---:|---:|---|",
        f"| {row['small']:,} | {cells(small)} | |",
        f"| {row['count']:,} | {cells(build)} {build['wall'] / small['wall']:.1f} times | {hugo} |", "",
        "Stages of a second or more at " + f"{row['count']:,}" + " entries: "
        + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in build["stages"]) + ".", "",
    ]
    return "\n".join(lines)
