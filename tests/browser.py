"""A headless Chromium page driven over the DevTools protocol, for the web page's tests.

Only what the tests need: open a file, evaluate JavaScript, press keys, take a
screenshot. Chromium runs with a fresh profile and no network of its own.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(n)), None)
#: DevTools key codes of the keys the tests press.
KEY_CODES = {"ArrowUp": 38, "ArrowDown": 40, "ArrowLeft": 37, "ArrowRight": 39}


class Page:
    """One Chromium tab showing ``url``, at ``width x height`` CSS pixels."""

    def __init__(self, url: str, width: int = 800, height: int = 600):
        import websocket

        self.profile = tempfile.mkdtemp(prefix="meiro-chromium-")
        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--hide-scrollbars", "--disable-dev-shm-usage",
             f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "--remote-debugging-port=0", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and port_file.read_text().strip()):
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.close()
                raise RuntimeError("Chromium did not start")
            time.sleep(0.05)
        port = port_file.read_text().split()[0]
        while True:
            targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
            pages = [t for t in targets if t.get("type") == "page" and t.get("url") == url]
            if pages:
                break
            if time.monotonic() > deadline:
                self.close()
                raise RuntimeError("Chromium showed no page")
            time.sleep(0.05)
        self.socket = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=30)
        self._id = 0
        self.wait_for("document.readyState === 'complete' && window.meiro !== undefined")

    def call(self, method: str, **params):
        self._id += 1
        self.socket.send(json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            reply = json.loads(self.socket.recv())
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 20.0):
        deadline = time.monotonic() + timeout
        while not self.evaluate(expression):
            if time.monotonic() > deadline:
                raise AssertionError(f"never became true: {expression}")
            time.sleep(0.05)

    def press(self, key: str, shift: bool = False) -> None:
        code = KEY_CODES.get(key, ord(key.upper()) if len(key) == 1 else 0)
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, windowsVirtualKeyCode=code,
                      modifiers=8 if shift else 0,
                      **({"text": key} if kind == "keyDown" and len(key) == 1 else {}))

    def swipe(self, x: float, y: float, dx: float, dy: float) -> None:
        """A one-finger swipe from (x, y) by (dx, dy) CSS pixels."""
        self.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
        self.call("Input.dispatchTouchEvent", type="touchMove",
                  touchPoints=[{"x": x + dx, "y": y + dy}])
        self.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def tap(self, x: float, y: float) -> None:
        """A one-finger tap at (x, y) CSS pixels."""
        self.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
        self.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def click(self, x: float, y: float) -> None:
        """A left mouse click at (x, y) CSS pixels."""
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def screenshot(self) -> bytes:
        return base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])

    def close(self) -> None:
        if hasattr(self, "socket"):
            self.socket.close()
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
