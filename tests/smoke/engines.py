"""WebKit and Firefox for the smoke tests, behind one small interface.

Both come from Debian's packages (browser vendors' download servers are out of reach):

- WebKit: ``webkit2gtk-driver`` (WebKitWebDriver and MiniBrowser) through Selenium's Python
  bindings. MiniBrowser has no headless mode, so it runs on an Xvfb screen of its own; it
  reports no console messages (no log endpoint, no BiDi), so the tests read the page's state.
- Firefox: ``firefox-esr`` speaks WebDriver BiDi itself; Puppeteer (npm ``puppeteer-core``)
  drives it from tests/smoke/firefox_bridge.mjs, which this module talks to one JSON line
  at a time. Console errors are recorded there.

Every method takes or returns JSON-able values: ``evaluate`` takes a JavaScript expression
(a promise is awaited) and returns its value.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX = "/usr/bin/firefox-esr"
BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")


class Engine:
    name = ""
    version = ""
    reads_console = False

    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def evaluate(self, expression: str) -> Any: ...
    def click(self, selector: str) -> None: ...
    def console_errors(self) -> list[str]: return []
    def close(self) -> None: ...

    def wait_for(self, expression: str, timeout_s: float = 60) -> Any:
        """Poll ``expression`` until it is truthy; fail with what it last was."""
        deadline = time.monotonic() + timeout_s
        value: Any = None
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression)
            except Exception as error:  # mid-navigation: ask again
                value = f"{type(error).__name__}: {error}"[:300]
            else:
                if value:
                    return value
            time.sleep(0.2)
        raise AssertionError(f"{self.name}: still not true after {timeout_s} s: {expression} (last: {value!r})")


def missing(name: str) -> str | None:
    """Why ``name``'s engine cannot run here, or None."""
    if name == "webkit":
        for path in (WEBKIT_DRIVER, MINIBROWSER):
            if not Path(path).exists():
                return f"{path} is missing (Debian package webkit2gtk-driver: `make test-webkit` installs it)"
        if not shutil.which("Xvfb"):
            return "Xvfb is missing (Debian package xvfb: `make test-webkit` installs it)"
        return None
    if name == "firefox":
        if not Path(FIREFOX).exists():
            return f"{FIREFOX} is missing (Debian package firefox-esr: `make test-firefox` installs it)"
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            return "node_modules/puppeteer-core is missing (`npm ci` installs it)"
        if not shutil.which("node"):
            return "node is missing"
        return None
    return f"unknown browser engine {name!r} (webkit or firefox)"


class WebKit(Engine):
    name = "webkit"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        read, write = os.pipe()
        # -displayfd: Xvfb picks a free display and writes its number (no clash with others).
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                                      "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as display:
            number = display.readline().strip()
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")  # the driver does not add it when we pass arguments
        env = dict(os.environ, DISPLAY=f":{number}")
        service = Service(executable_path=WEBKIT_DRIVER, env=env)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(60)
        self.version = f"WebKitGTK {self.driver.capabilities.get('browserVersion', '?')}"

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def evaluate(self, expression: str) -> Any:
        return self.driver.execute_script(f"return ({expression});")

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.terminate()
            self.xvfb.wait(10)


class Firefox(Engine):
    name = "firefox"
    reads_console = True

    def __init__(self) -> None:
        self.process = subprocess.Popen(["node", str(BRIDGE)], cwd=ROOT, text=True, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, env=dict(os.environ, FIREFOX=FIREFOX))
        self.next_id = 0
        first = self._read()
        if not first.get("ready"):
            raise RuntimeError(f"firefox bridge did not start: {first}")
        self.version = f"Firefox {self._call('version')}"

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"firefox bridge ended (exit {self.process.poll()})")
        return json.loads(line)

    def _call(self, op: str, *args: Any) -> Any:
        assert self.process.stdin is not None
        self.next_id += 1
        self.process.stdin.write(json.dumps({"id": self.next_id, "op": op, "args": list(args)}) + "\n")
        self.process.stdin.flush()
        answer = self._read()
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer.get("value")

    def goto(self, url: str) -> None:
        self._call("goto", url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, expression: str) -> Any:
        return self._call("evaluate", expression)

    def click(self, selector: str) -> None:
        # As WebKit's driver above: the element in the middle of the screen first, as a reader
        # scrolls a control out from under the exam's pinned Previous/Next before tapping it.
        self.evaluate(f"document.querySelector({json.dumps(selector)}).scrollIntoView({{block: 'center'}})")
        self._call("click", selector)

    def console_errors(self) -> list[str]:
        return list(self._call("consoleErrors"))

    def close(self) -> None:
        try:
            if self.process.stdin:
                self.process.stdin.write(json.dumps({"op": "close"}) + "\n")
                self.process.stdin.close()
            self.process.wait(30)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def start(name: str) -> Engine:
    return WebKit() if name == "webkit" else Firefox()
