"""Moves on the play page by clicks, as a person plays them (tests/web/browser_play.py,
browser_tourney.py): the page's state, a click on a board target (then one of its
labelled ways) or on a labelled button off the board, never the legal-moves list nor
typed notation; on a phone's overview, where the targets are only marks, a tap on one
zooms the board in there first. A click that is not taken is clicked again (a slow machine: the targets
were drawn again under the pointer), unless BONES_WEB_NO_RECLICK=1, which makes such a
click fail the test; `again` counts them."""
import os

from chrome import wait
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By


def state(d):
    """The page's view; busy while it fetches the table again (after a phone's zoom to
    the targets the circles of the view shown are still the small ones until then)."""
    return d.execute_script(
        "return typeof view !== 'undefined' && view ? {version: view.version,"
        " legal: view.legal.length, over: view.over, moves: view.moves.length,"
        " viewer: view.viewer, busy: loading || again} : null")


def turn(d, what, seconds=60):
    """The state once the page has its view and it is the viewer's turn or the end."""
    return wait(lambda: (lambda v: v if v and (v["legal"] or v["over"]) and not v["busy"]
                         else None)(state(d)),
                seconds=seconds, what=what)


class Clicker:
    """Clicks with rng's choices; again: the clicks made again so far."""

    def __init__(self, rng):
        self.rng = rng
        self.tries = 1 if os.environ.get("BONES_WEB_NO_RECLICK") == "1" else 4
        self.again = 0

    def click_a_move(self, d):
        """A target (then one of its labelled ways), else a labelled button off the board."""
        targets = d.find_elements(By.CSS_SELECTOR, "#overlay .target")
        if targets:
            b = self.rng.choice(targets)
            if "far" in b.get_attribute("class").split():  # a phone's overview: a tap there zooms in
                ActionChains(d).move_to_element(b).click().perform()
                wait(lambda: d.execute_script("return zoom > 1 && !loading && !again"
                                              " && !document.querySelector('#overlay .target.far')"),
                     what="the board zoomed in")
                b = self.rng.choice(d.find_elements(By.CSS_SELECTOR, "#overlay .target"))
            d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", b)
            b.click()
            ways = d.find_elements(By.CSS_SELECTOR, "#choices .choice:not(.other)")
            if ways:
                self.rng.choice(ways).click()
            return True
        others = d.find_elements(By.CSS_SELECTOR, "#choices .choice")
        if others:
            self.rng.choice(others).click()
            return True
        return False

    def until_taken(self, d, s, what):
        """Click a legal move until the page's state moves on past s (or shows an
        error); False when there is nothing to click."""
        for tries in range(self.tries):
            self.again += tries > 0
            for _ in range(5):
                try:
                    if not self.click_a_move(d):
                        return False
                    break
                except (StaleElementReferenceException, WebDriverException):
                    pass
            try:
                wait(lambda: (state(d) or {}).get("version", 0) > s["version"]
                     or d.find_element(By.ID, "error").text,
                     seconds=15, what=what + " to take the move")
                return True
            except AssertionError:
                if tries == self.tries - 1:
                    raise
        return True
