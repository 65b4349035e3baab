"""Browser tests in headless Chromium (tests/test_web_browser.sh): (a) a whole Holomino
game against the agent played by clicks in the page, then analysed (the graph, the
verdicts in the move list, a click on the graph); (b) two browser sessions play draw
dominoes through their invitation links, each seeing only its own hand, to the end."""
import os
import random
import sys
import time
import urllib.request

import chrome
from chrome import wait
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
shot = os.environ.get("BONES_WEB_SCREENSHOTS")  # a folder: save pictures of the pages
check = Checks()
rng = random.Random(11)


def browser():
    return chrome.browser(os.path.join(tmp, "chrome%d" % rng.randrange(1 << 30)))


def status(d):
    return d.find_element(By.ID, "status").text


def count_moves(d):
    return len(d.find_elements(By.CSS_SELECTOR, "#moves li"))


def click_a_move(d):
    """Click a highlighted target (then a choice if the spot has several moves) or one
    of the other moves. False when nothing is offered."""
    targets = d.find_elements(By.CSS_SELECTOR, "#overlay .target")
    others = d.find_elements(By.CSS_SELECTOR, "#choices .choice")
    if targets:
        rng.choice(targets).click()
        choices = d.find_elements(By.CSS_SELECTOR, "#choices .choice")
        if choices and not others:
            rng.choice(choices).click()
        elif choices:  # the "other moves" row was replaced by the spot's choices
            wait(lambda: d.find_elements(By.CSS_SELECTOR, "#choices .choice"))
            d.find_elements(By.CSS_SELECTOR, "#choices .choice")[0].click()
        return True
    if others:
        rng.choice(others).click()
        return True
    return False


def play_turn(d):
    """Play one move by clicks; a page redrawn under the click (a late event) is
    clicked again."""
    before = count_moves(d)
    for attempt in range(10):
        try:
            if not click_a_move(d):
                return False
            break
        except StaleElementReferenceException:
            time.sleep(0.2)
            if count_moves(d) > before:
                return True
    wait(lambda: count_moves(d) > before or d.find_element(By.ID, "error").text, what="the move to show")
    err = d.find_element(By.ID, "error").text
    if err:
        raise AssertionError("the page says: " + err)
    return True


srv = Server(build, os.path.join(tmp, "data"), env={"BONES_WEB_ANALYSIS_AGENT": "mcts iterations=60"})
d = browser()
try:
    # (a) the lobby's form, then a whole Holomino game against the agent by clicks
    d.get(srv.base + "/")
    wait(lambda: d.find_elements(By.CSS_SELECTOR, "#seats select"), what="the create form")
    check("the form offers the holomino preset", Select(d.find_element(By.ID, "game")).first_selected_option.get_attribute("value") == "s:holomino")
    if shot:
        d.save_screenshot(os.path.join(shot, "web-lobby.png"))
    players = d.find_element(By.ID, "opt-players")
    players.clear()
    players.send_keys("9")
    d.find_element(By.ID, "create-button").click()
    err = wait(lambda: d.find_element(By.ID, "error-players").text, what="the error beside the field")
    check("a bad option is explained beside its field", "players" in err and "9" in err, err)
    players.clear()
    players.send_keys("2")
    d.find_element(By.ID, "create-button").click()
    wait(lambda: "/t/" in d.current_url, what="the new table")
    check("creating a table with one person's seat takes them to it",
          "#seat=1&token=" in d.current_url and not d.find_elements(By.CSS_SELECTOR, "a.seat-link"), d.current_url)
    wait(lambda: "move" in status(d) or "pick" in status(d), what="the first position")
    check("the page shows the server's picture", d.find_element(By.ID, "picture").get_attribute("src").startswith("blob:"))
    moves = 0
    while "game over" not in status(d) and moves < 300:
        wait(lambda: d.find_elements(By.CSS_SELECTOR, "#overlay .target, #choices .choice") or "game over" in status(d),
             what="our turn")
        if "game over" in status(d):
            break
        if moves == 6 and shot:
            d.save_screenshot(os.path.join(shot, "web-play.png"))
        play_turn(d)
        moves += 1
    check("a whole Holomino game played by %d clicks against the agent" % moves, "game over" in status(d), status(d))
    rec = d.find_element(By.ID, "record")
    check("the record link appears at the end", rec.is_displayed())
    text = urllib.request.urlopen(rec.get_attribute("href")).read().decode()
    check("the record is the game's", '[Game "holomino"]' in text and "Result" in text, text[:100])
    ranks = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#scores td:nth-child(3)")]
    check("the ranks are shown", all(r.startswith("rank") for r in ranks), ranks)
    # the replay: back to the start, one move on, to the end again
    check("the replay controls appear at the end", d.find_element(By.ID, "replay").is_displayed())
    end_moves = count_moves(d)
    d.find_element(By.ID, "r-first").click()
    wait(lambda: d.find_element(By.ID, "r-label").text == "the start", what="the replay's start")
    check("the start of the replay has no player move", not d.find_elements(By.CSS_SELECTOR, "#moves li.move"))
    d.find_element(By.ID, "r-next").click()
    wait(lambda: d.find_element(By.ID, "r-label").text.startswith("after move"), what="the first move")
    check("one step shows the first move", len(d.find_elements(By.CSS_SELECTOR, "#moves li.move")) == 1)
    d.find_element(By.ID, "r-last").click()
    wait(lambda: d.find_element(By.ID, "r-label").text == "the end", what="the end")
    check("and back to the end", count_moves(d) == end_moves)
    # the analysis: asked for, its graph (a point per player move) and verdicts' marks
    played = len(d.find_elements(By.CSS_SELECTOR, "#moves li.move"))
    d.find_element(By.ID, "analyse").click()
    graph = wait(lambda: d.find_elements(By.CSS_SELECTOR, "#analysis-graph"), seconds=300, what="the analysis' graph")
    check("the analysis draws a point per player move", len(d.find_elements(By.CSS_SELECTOR, "#analysis-graph circle")) == played,
          (len(d.find_elements(By.CSS_SELECTOR, "#analysis-graph circle")), played))
    check("every move in the list has its verdict", len(d.find_elements(By.CSS_SELECTOR, "#moves li.move .mark")) == played)
    axis = [t.text for t in d.find_elements(By.CSS_SELECTOR, "#analysis-graph text.axis")]
    legend = d.find_element(By.ID, "analysis-legend").text
    check("the graph has its axis and a legend naming the seats", axis == ["0%", "50%", "100%"]
          and all(s in legend for s in d.execute_script("return view.seats.map((s) => s.name)")), (axis, legend))
    tips = d.execute_script("return [...document.querySelectorAll('#moves li.move')].map((li) =>"
                            " [li.querySelector('.mark') ? li.querySelector('.mark').title : '',"
                            "  view.moves.find((m) => m.number === li.value && m.seat).words])")
    check("each mark's tooltip reads its move in words, not notation", tips and all(w in t for t, w in tips), tips[:2])
    if shot:
        d.save_screenshot(os.path.join(shot, "web-analysis.png"))
    d.find_element(By.CSS_SELECTOR, '#analysis-graph circle[data-move="3"]').click()
    wait(lambda: d.find_element(By.ID, "r-label").text != "the end", what="a click on the graph to go to its move")
    before = len(d.find_elements(By.CSS_SELECTOR, "#moves li.move"))
    check("a click on the graph shows the position before that move", before == 2, before)
    d.find_element(By.ID, "r-last").click()
    wait(lambda: d.find_element(By.ID, "r-label").text == "the end", what="the end again")
    wait(lambda: d.find_elements(By.CSS_SELECTOR, "#moves li.move .mark"), what="the marks again")
    check("drawn again, each move still has one mark", len(d.find_elements(By.CSS_SELECTOR, "#moves li.move .mark")) == played,
          len(d.find_elements(By.CSS_SELECTOR, "#moves li.move .mark")))
    worse = d.find_elements(By.CSS_SELECTOR, "#analysis-graph circle:not(.best)")
    if worse:  # a move not preferred: the preferred one is drawn as a ghost there
        n = worse[0].get_attribute("data-move")
        worse[0].click()
        text = wait(lambda: "preferred here" in d.find_element(By.ID, "analysis-text").text
                    and d.find_element(By.ID, "analysis-text").text, what="the preferred move's ghost")
        check("a move not preferred shows the preferred one as a ghost (move %s)" % n, "ghost" in text, text)
        if shot:
            d.save_screenshot(os.path.join(shot, "web-analysis-ghost.png"))
    table_url = d.current_url
    d.get(srv.base + "/")
    mine = wait(lambda: d.find_elements(By.CSS_SELECTOR, "#my-seats a"), what="your seats")
    check("the lobby lists the seat this browser played", mine[0].get_attribute("href") == table_url,
          (mine[0].get_attribute("href"), table_url))
finally:
    d.quit()

# (b) two browsers, two people, draw dominoes through their invitation links
st, t, _ = srv.call("POST", "/api/tables", {"game": "dominoes", "options": {"variant": "draw", "players": 2},
                                            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
ds = [browser(), browser()]
try:
    for b, s in zip(ds, t["seats"]):
        b.get(srv.base + s["link"])
    for i, b in enumerate(ds):
        wait(lambda: b.find_elements(By.CSS_SELECTOR, "#moves li"), what="the table")
        check("browser %d is seat %d" % (i + 1, i + 1), ("seat %d" % (i + 1)) in b.find_element(By.ID, "who").text)
    # a chat line with markup: sent by typing, read by the other seat as text
    ds[0].find_element(By.ID, "chat-text").send_keys("good luck <b>Bob</b>\n")
    line = wait(lambda: ds[1].find_elements(By.CSS_SELECTOR, "#chat li"), what="the chat line")
    check("the other browser reads the chat line as text", line[0].text == "Ann: good luck <b>Bob</b>"
          and not ds[1].find_elements(By.CSS_SELECTOR, "#chat li b b"), line[0].text)
    turns = 0
    while turns < 200:
        over = ["game over" in status(b) for b in ds]
        if all(over):
            break
        # whose turn: the page with something to click; the other must offer nothing
        mover = wait(lambda: [i for i, b in enumerate(ds) if b.find_elements(By.CSS_SELECTOR, "#overlay .target, #choices .choice")]
                     or (all("game over" in status(b) for b in ds) and [-1]), what="a turn")
        if mover[0] < 0:
            break
        check_hidden = [m.text for m in ds[1 - mover[0]].find_elements(By.CSS_SELECTOR, "#overlay .target, #choices .choice")]
        if check_hidden:
            check("only the seat to move is offered moves", False, check_hidden)
        play_turn(ds[mover[0]])
        # each page's move list: the other's deals masked
        turns += 1
    check("two browsers played draw dominoes to the end (%d moves)" % turns, all("game over" in status(b) for b in ds),
          [status(b) for b in ds])
    for i, b in enumerate(ds):
        b.find_element(By.ID, "show-chance").click()
        items = [li.get_attribute("textContent") for li in b.find_elements(By.CSS_SELECTOR, "#moves li.chance")]
        hidden = sum("?" in x for x in items)
        check("browser %d sees its own deals and not the other's (%d masked)" % (i + 1, hidden), 0 < hidden < len(items), items[:4])
finally:
    for b in ds:
        b.quit()
srv.stop()
check.exit()
