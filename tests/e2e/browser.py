"""A real browser for the archive's tests: headless Chromium from the distribution's
packages, driven by Selenium through the distribution's chromedriver. Both paths are
given, so Selenium Manager never looks for (or downloads) a browser or a driver."""

from __future__ import annotations

import io
import os
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from PIL import Image, ImageChops

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
UPDATE = os.environ.get("ARBITRO_UPDATE_GOLDEN") == "1"
PHONE = 375


@contextmanager
def chromium() -> Iterator[Any]:
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.fail("no Chromium: `apt-get install -y chromium chromium-driver` (scripts/test.sh)")
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager: never reach the network
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--hide-scrollbars", "--force-device-scale-factor=1", "--lang=en-GB",
                "--font-render-hinting=none", "--disable-extensions", "--no-first-run"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def viewport(driver: Any, width: int, height: int, mobile: bool = False) -> None:
    """An exact viewport (a window's size would include its frame)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def visit(driver: Any, url: str) -> dict[str, Any]:
    """Load a page; its console errors, its broken images, its links (absolute)."""
    driver.get_log("browser")  # what an earlier page left
    driver.get(url)
    broken = driver.execute_script(
        "return Array.from(document.images)"
        ".filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)")
    links = driver.execute_script(
        "return Array.from(document.querySelectorAll('a[href]')).map(a => a.href)")
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    return {"errors": errors, "broken_images": broken, "links": [urljoin(url, h) for h in links],
            "title": driver.title}


def crawl(driver: Any, start: str) -> dict[str, dict[str, Any]]:
    """Every page reachable from ``start`` on its own site, each visited once."""
    root = urlsplit(start)
    seen: dict[str, dict[str, Any]] = {}
    todo = [start]
    while todo:
        url = todo.pop().split("#")[0]
        if url in seen:
            continue
        seen[url] = visit(driver, url)
        for link in seen[url]["links"]:
            parts = urlsplit(link)
            if parts.netloc == root.netloc and parts.path.endswith(".html"):
                todo.append(link)
    return seen


def scroll_overflow(driver: Any) -> int:
    """How many pixels the page is wider than the viewport (0: no horizontal scroll)."""
    return int(driver.execute_script(
        "return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - window.innerWidth"))


def changed_share(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels that differ visibly (by more than 24 of 255 in grey)."""
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    histogram = diff.histogram()
    return sum(histogram[25:]) / (a.width * a.height)


def screenshot(driver: Any) -> Image.Image:
    return Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")


def golden(name: str, shot: Image.Image) -> Image.Image:
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        shot.save(path, optimize=True)
    if not path.exists():
        pytest.fail(f"no golden {path.name}; run with ARBITRO_UPDATE_GOLDEN=1 to create it")
    return Image.open(path).convert("RGB")
