"""Each editor's way of saving a file, as a script: the system calls, in order, with the pauses a
busy machine or a slow disk puts between them. The serve tests save through every one of them.

- in place (VS Code, nano): truncate, pause, write, close;
- emptied (some editors and sync tools): truncate and close, pause, write again;
- renamed over (JetBrains): a temporary file, the entry moved aside, the temporary file renamed
  over the entry, the old one removed; gedit: a hidden temporary file renamed over;
- Vim: the `4913` probe, the swap file, the entry renamed to its backup `x~`, pause, a new file
  written, the backup removed;
- and the litter those leave or others make (Emacs's `#x#` autosave, LibreOffice's lock,
  `.DS_Store`).
"""
import os
import time

PAUSE = 0.03  # the empty moment an in-place save lasted on a busy machine (issue 77)


def in_place(path, data, pause=PAUSE):
    with open(path, "r+b") as handle:
        handle.truncate(0)
        handle.flush()
        time.sleep(pause)
        handle.write(data)


def emptied(path, data, pause=PAUSE):
    open(path, "wb").close()
    time.sleep(pause)
    with open(path, "r+b") as handle:
        handle.write(data)


def renamed_over(path, data, pause=PAUSE):
    temporary, old = path + "___jb_tmp___", path + "___jb_old___"
    with open(temporary, "wb") as handle:
        handle.write(data)
    os.rename(path, old)
    time.sleep(pause)
    os.rename(temporary, path)
    os.remove(old)


def gedit(path, data, pause=PAUSE):
    temporary = os.path.join(os.path.dirname(path), ".goutputstream-" + os.path.basename(path).upper()[:6])
    with open(temporary, "wb") as handle:
        handle.write(data)
    time.sleep(pause)
    os.rename(temporary, path)


def vim(path, data, pause=PAUSE):
    folder, name = os.path.split(path)
    probe, swap, backup = os.path.join(folder, "4913"), os.path.join(folder, f".{name}.swp"), path + "~"
    open(probe, "wb").close()
    os.remove(probe)
    with open(swap, "wb") as handle:
        handle.write(b"b0VIM 9.0" + bytes(1000))
    os.rename(path, backup)
    time.sleep(pause)
    with open(path, "wb") as handle:
        handle.write(data)
    os.remove(backup)
    os.remove(swap)


def litter(path, data, pause=PAUSE):
    """What other programs leave beside a file being edited, then the save itself (in place)."""
    folder, name = os.path.split(path)
    names = [f"#{name}#", f".~lock.{name}#", ".DS_Store"]
    for other in names:
        with open(os.path.join(folder, other), "wb") as handle:
            handle.write(b"litter")
    in_place(path, data, pause)
    for other in names:
        os.remove(os.path.join(folder, other))


WRITERS = {"in-place": in_place, "emptied": emptied, "renamed-over": renamed_over, "gedit": gedit, "vim": vim, "litter": litter}
