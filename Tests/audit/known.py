"""What earlier audits found, kept by what they read, as Bazel keeps a test's result by its inputs.

A page's findings (axe violations in every view, reflow, text spacing, outside requests) are a
function of the page's bytes, of every file the browser loaded for it, and of the audit itself
(its scripts, axe-core, the browser's version). An entry is reused only while all of those are
byte for byte the same, so a page whose inputs moved is audited again, and a page that failed
fails again. A fresh clone has no entries: everything is audited. The Nu HTML Checker's errors
are kept the same way, by each file's bytes.
"""
import hashlib
import json
import os


def digest(data):
    return hashlib.sha256(data).hexdigest()


class Known:
    """Entries by site (the name the audit was given) and key."""

    def __init__(self, path, salt):
        self.path, self.salt = path, salt
        try:
            with open(path, encoding="utf-8") as handle:
                stored = json.load(handle)
        except (OSError, ValueError):
            stored = {}
        self.sites = stored.get("sites", {}) if stored.get("salt") == salt else {}
        self.used = {}
        self.reused = 0

    @staticmethod
    def page_key(path, page_digest):
        return digest(f"{path}\n{page_digest}".encode())

    def findings(self, site, key, file_digest):
        """The stored findings of `key`, when every file it read still has the bytes it had."""
        entry = self.sites.get(site, {}).get(key)
        if entry is None or any(file_digest(name) != value for name, value in entry["read"].items()):
            return None
        self.keep(site, key, entry["read"], entry["findings"])
        self.reused += 1
        return entry["findings"]

    def keep(self, site, key, read, findings):
        self.used.setdefault(site, {})[key] = {"read": read, "findings": findings}

    def save(self, sites):
        """Keeps what this run used or made for `sites` (entries of pages no longer built go),
        and the other sites' entries as they were."""
        kept = {site: entries for site, entries in self.sites.items() if site not in sites}
        kept.update({site: self.used.get(site, {}) for site in sites})
        os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
        with open(self.path + ".new", "w", encoding="utf-8") as handle:
            json.dump({"salt": self.salt, "sites": kept}, handle)
        os.replace(self.path + ".new", self.path)


def salt(*files, extra=""):
    """What every finding depends on besides the site: the audit's own files, and `extra`."""
    hasher = hashlib.sha256(extra.encode())
    for name in files:
        with open(name, "rb") as handle:
            hasher.update(handle.read())
    return hasher.hexdigest()
