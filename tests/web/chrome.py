"""Debian's headless Chromium for the `bones serve` browser tests, and waiting for a page."""
import os
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service


def browser(profile, lang=None):
    """A headless Chromium with its own profile folder; lang sets its languages."""
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
              "--window-size=1400,1000", "--user-data-dir=" + profile):
        opts.add_argument(a)
    if lang:
        opts.add_argument("--lang=" + lang)
        opts.add_experimental_option("prefs", {"intl.accept_languages": lang})
    opts.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def wait(fn, seconds=30, what="the page"):
    """fn's first true value, tried until seconds pass (then an AssertionError)."""
    end = time.time() + seconds
    while time.time() < end:
        try:
            v = fn()
            if v:
                return v
        except (StaleElementReferenceException, WebDriverException):
            pass
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)
