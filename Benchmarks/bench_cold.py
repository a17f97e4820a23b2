"""The first build after a reboot, for `make bench`: full builds of GuideSite and Hugo, each after
the kernel was told to drop its caches (so the Markdown, and each tool's binary, come from the
disk), alternated. Needs root to write /proc/sys/vm/drop_caches; skipped otherwise."""
import os
import statistics
import subprocess
import time


def can_drop():
    return os.access("/proc/sys/vm/drop_caches", os.W_OK)


def drop_caches():
    os.sync()
    with open("/proc/sys/vm/drop_caches", "w") as handle:
        handle.write("3\n")


def measure(guidesite, corpus, hugo_root, fresh, runs):
    """Medians of `runs` cold full builds of each tool into new folders below `fresh`; None when
    the caches cannot be dropped."""
    if not can_drop():
        return None
    times = {"guidesite": [], "hugo": []}
    for attempt in range(runs):
        commands = {
            "guidesite": [guidesite, "build", "--root", corpus, "--quiet", "--output", os.path.join(fresh, f"cold-{attempt}")],
            "hugo": ["hugo", "--quiet", "-s", hugo_root, "-d", os.path.join(fresh, f"hugo-cold-{attempt}")],
        }
        for tool, command in commands.items():
            drop_caches()
            began = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            times[tool].append(time.perf_counter() - began)
    # What follows in the bench is timed warm: one more untimed build of each reads it all back.
    for tool, command in commands.items():
        subprocess.run(command[:-1] + [command[-1] + "-warm"], check=True, stdout=subprocess.DEVNULL)
    return {tool: statistics.median(values) for tool, values in times.items()}


def report(rows):
    """A sentence for the rows that have cold figures."""
    measured = [row for row in rows if row.get("cold")]
    if not measured:
        return "First build after a reboot: not measured (dropping the kernel's caches needs root).\n"
    cells = [f"{row['count']:,} entries GuideSite {row['cold']['guidesite']:.2f} s, Hugo {row['cold']['hugo']:.2f} s" for row in measured]
    return ("First build after a reboot (the kernel's caches dropped before each full build, medians, alternated): "
            + "; ".join(cells) + ".\n")
