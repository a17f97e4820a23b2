"""`guidesite serve` run for a test: its port, what it prints, its rebuilds and its problems."""
import re
import subprocess
import sys
import threading
import time
import urllib.request


class Serve:
    """`guidesite serve` with what it prints, and its reload events counted."""

    def __init__(self, guidesite, root):
        self.process = subprocess.Popen([guidesite, "serve", "--root", root, "--port", "0"], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        self.printed, self.port = [], None
        for line in self.process.stdout:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if found:
                self.port = int(found.group(1))
                break
        if self.port is None:
            sys.exit("serve did not start")
        threading.Thread(target=lambda: self.printed.extend(self.process.stdout), daemon=True).start()

    def rebuilds(self):
        return sum(line.startswith("Rebuilt in") for line in list(self.printed))

    def wait_for_rebuilds(self, count, seconds=10):
        deadline = time.time() + seconds
        while time.time() < deadline and self.rebuilds() < count:
            time.sleep(0.01)
        return self.rebuilds() >= count

    def problems(self):
        return [line.strip() for line in list(self.printed) if re.search(r": (warning|error): ", line)]

    def get(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=10) as response:
            return response.read().decode()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
