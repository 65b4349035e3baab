"""`bones serve` in German (tests/test_web_german.sh): each request is answered in its
client's language (lang= or Accept-Language), with the same JSON keys and the same
record bytes in every language, whatever the server's own locale; the client's
catalogue from /api/messages; and, when Chromium and Selenium are here, the lobby and
a table in a German browser."""
import json
import os
import re
import sys
import time
from html.parser import HTMLParser

from webtest import Checks, Server

build, src, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
browser_too = len(sys.argv) > 4 and sys.argv[4] == "browser"
shot = os.environ.get("BONES_WEB_SCREENSHOTS")  # a folder: save pictures of the pages
check = Checks()


def shape(v):
    """The JSON's structure: keys, list lengths and types, without the values."""
    if isinstance(v, dict):
        return {k: shape(x) for k, x in v.items()}
    if isinstance(v, list):
        return [shape(x) for x in v]
    return type(v).__name__


def start(name, **env):
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        return Server(build, os.path.join(tmp, name))
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def offboard_labels(call):
    """Play dominoes (draw game) by each seat's first legal move until a move off the
    board (a draw, a pass) is legal: whether its label is German in German and English
    in English with the same notation, and what was seen. A new table when a game ends
    first (the server draws its seeds)."""
    want = {("Aus dem Vorrat ziehen", "Draw from the boneyard"), ("Passen", "Pass")}
    for _ in range(10):
        st, t, _ = call("POST", "/api/tables?lang=de", {"game": "dominoes", "options": {"variant": "draw", "players": 2},
                                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
        tid, tokens = t["id"], [seat["token"] for seat in t["seats"]]
        for _ in range(200):
            v = call("GET", "/api/tables/%s?lang=de&picture=0" % tid)[1]
            if not v.get("to_move"):
                break
            tok = tokens[v["to_move"] - 1]
            views = {lang: call("GET", "/api/tables/%s?lang=%s&picture=0" % (tid, lang), token=tok)[1]
                     for lang in ("de", "en")}
            off = {lang: [m for m in views[lang]["legal"] if m["target"] < 0] for lang in views}
            if off["de"]:
                seen = [(d["move"], d.get("label"), e["move"], e.get("label")) for d, e in zip(off["de"], off["en"])]
                return all(d == e and (dl, el) in want for d, dl, e, el in seen) and len(off["de"]) == len(off["en"]), seen
            call("POST", "/api/tables/%s/move?lang=de" % tid, {"move": views["de"]["legal"][0]["move"]}, token=tok)
    return False, "no move off the board in 10 games"


def api_checks(srv, where):
    call = srv.call
    st, de, _ = call("GET", "/api/messages?lang=de")
    check(where + ": the client's German catalogue", st == 200 and de["lang"] == "de"
          and de["messages"].get("New table") == "Neuer Tisch" and "de" in de["languages"], str(de)[:200])
    st, page, _ = call("GET", "/rules/hegemino", headers={"Accept-Language": "de"})
    check(where + ": a game's rules page in German", st == 200 and "<html lang=\"de\">" in page
          and "Hegemino: Regeln" in page and "Zurück zur Lobby" in page and "<p>Ziel: " in page, page[:300])
    st, en, _ = call("GET", "/api/messages?lang=en")
    check(where + ": English has no catalogue to apply", st == 200 and en["lang"] == "en" and en["messages"] == {}, en)
    _, acc, _ = call("GET", "/api/messages", headers={"Accept-Language": "fr-FR,de-AT;q=0.8,en;q=0.5"})
    check(where + ": Accept-Language picks the first language the server speaks", acc["lang"] == "de", acc["lang"])
    _, acc, _ = call("GET", "/api/messages", headers={"Accept-Language": "de;q=0, en"})
    check(where + ": a language with q=0 is not taken", acc["lang"] == "en", acc["lang"])
    _, none, _ = call("GET", "/api/messages")
    check(where + ": no language asked: English", none["lang"] == "en", none["lang"])
    _, bad, _ = call("GET", "/api/messages?lang=../../etc")
    check(where + ": a bad lang= is English", bad["lang"] == "en", bad["lang"])

    st, e_de, _ = call("GET", "/api/tables/nosuch?lang=de")
    st2, e_en, _ = call("GET", "/api/tables/nosuch?lang=en")
    check(where + ": an error in German and in English", st == st2 == 404 and e_de["error"] == "diesen Tisch gibt es nicht"
          and e_en["error"] == "no such table", (e_de, e_en))
    st, b_de, _ = call("POST", "/api/tables?lang=de", {"game": "holomino", "seats": [{"kind": "human"}]})
    st2, b_en, _ = call("POST", "/api/tables?lang=en", {"game": "holomino", "seats": [{"kind": "human"}]})
    check(where + ": a bad field is named the same in both, explained in each",
          st == st2 == 400 and b_de["field"] == b_en["field"] == "seats" and "Plätze" in b_de["error"]
          and "give 2 seats" in b_en["error"], (b_de, b_en))

    g_de = call("GET", "/api/games?lang=de")[1]
    g_en = call("GET", "/api/games?lang=en")[1]
    check(where + ": /api/games has the same keys in both", shape(g_de) == shape(g_en))

    # a table made in German: its default seat names are German (they are names)
    st, t, _ = call("POST", "/api/tables?lang=de", {"game": "dominoes", "options": {"variant": "draw", "players": 2},
                                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
    check(where + ": a table created in German", st == 201 and t["seats"][0]["name"] == "Spieler 1", t)
    tid, tok = t["id"], t["seats"][0]["token"]
    views = {}
    for lang in ("de", "en"):
        views[lang] = call("GET", "/api/tables/%s?lang=%s" % (tid, lang))[1]
    check(where + ": the view has the same keys in both", shape(views["de"]) == shape(views["en"]))
    check(where + ": the status in German and in English", views["de"]["status"].endswith(" ist am Zug")
          and views["en"]["status"].endswith(" to move"), (views["de"]["status"], views["en"]["status"]))
    check(where + ": the notation is the same in both", [m["text"] for m in views["de"]["moves"]]
          == [m["text"] for m in views["en"]["moves"]])
    seat = call("GET", "/api/tables/%s?lang=de" % tid, token=tok)[1]
    mover = seat if seat["to_move"] == 1 else None
    if mover is None:
        tok = t["seats"][1]["token"]
        mover = call("GET", "/api/tables/%s?lang=de" % tid, token=tok)[1]
    st, r, _ = call("POST", "/api/tables/%s/move?lang=de" % tid, {"move": mover["legal"][0]["move"]}, token=tok)
    check(where + ": a move played from a German page", st == 200, r)
    st, r, _ = call("POST", "/api/tables/%s/move?lang=de" % tid, {"move": "nonsense"}, token=tok)
    check(where + ": not your turn, in German", st == 409 and "nicht am Zug" in r["error"], r)
    check(where + ": a move off the board has its label in German and in English",
          *offboard_labels(call))
    st, r, _ = call("GET", "/api/tables/%s/record?lang=de" % tid)
    check(where + ": no record before the end, in German", st == 409 and "Aufzeichnung" in r["error"], r)
    call("POST", "/api/tables/%s/resign?lang=de" % tid, {}, token=tok)
    over = {lang: call("GET", "/api/tables/%s?lang=%s" % (tid, lang))[1] for lang in ("de", "en")}
    check(where + ": the end in German and in English", over["de"]["status"].endswith("hat aufgegeben")
          and over["en"]["status"].endswith("resigned") and over["de"]["result"] == over["en"]["result"],
          (over["de"]["status"], over["en"]["status"]))
    check(where + ": the finished view has the same keys in both", shape(over["de"]) == shape(over["en"]))
    recs = {}
    for lang, headers in (("de", {"Accept-Language": "de"}), ("en", {}), ("de2", {})):
        q = "?lang=de" if lang == "de2" else ""
        st, text, _ = call("GET", "/api/tables/%s/record%s" % (tid, q), headers=headers)
        recs[lang] = text
    check(where + ": the record is byte for byte the same in every language",
          recs["de"] == recs["en"] == recs["de2"] and '[Game "dominoes"]' in recs["en"], recs["en"][:200])

    # a game with breakdowns: holomino against the agent, one move, whatever language
    st, t, _ = call("POST", "/api/tables?lang=de", {"game": "holomino"})
    tok = t["seats"][0]["token"]
    v = call("GET", "/api/tables/%s?lang=de" % t["id"], token=tok)[1]
    if v["to_move"] == 1 and v["legal"]:
        call("POST", "/api/tables/%s/move?lang=de" % t["id"], {"move": v["legal"][0]["move"]}, token=tok)
    end = time.time() + 20
    while time.time() < end:
        v = call("GET", "/api/tables/%s?lang=de&picture=0" % t["id"], token=tok)[1]
        if sum(1 for m in v["moves"] if m["seat"]) >= 2:
            break
        time.sleep(0.1)
    en = call("GET", "/api/tables/%s?lang=en&picture=0" % t["id"], token=tok)[1]
    check(where + ": a holomino view has the same keys in both", shape(v) == shape(en))
    return tid


# the pages' fixed texts are all in po/page-texts.js (xgettext reads no HTML)
class Texts(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.texts = [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in a.get("data-i18n-attr", "").split():
            self.texts.append(a[name])
        self.stack.append((tag, "data-i18n" in a, []))

    def handle_endtag(self, tag):
        while self.stack:
            t, mark, text = self.stack.pop()
            if mark:
                self.texts.append("".join(text))
            if t == tag:
                break

    def handle_data(self, data):
        if self.stack:
            self.stack[-1][2].append(data)


listed = open(os.path.join(src, "frontends/web/po/page-texts.js"), encoding="utf-8").read()
listed = [json.loads('"' + m.replace("\\'", "'").replace('"', '\\"') + '"')
          for m in re.findall(r"N_\('((?:[^'\\]|\\.)*)'\)", listed)]
for page in ("index.html", "play.html", "players.html", "tourney.html"):
    p = Texts()
    p.feed(open(os.path.join(src, "frontends/web/static", page), encoding="utf-8").read())
    missing = [x for x in p.texts if x not in listed]
    check("every fixed text of %s is listed for translation" % page, not missing, missing)

# the server's own locale does not matter, nor a LANGUAGE it was started with
servers = [("C.UTF-8", start("c", LANG="C.UTF-8")),
           ("de_DE.UTF-8 and LANGUAGE=de", start("de", LANG="de_DE.UTF-8", LANGUAGE="de"))]
tables = [api_checks(s, name) for name, s in servers]

if browser_too:
    import chrome
    from chrome import wait
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    srv = servers[0][1]

    def browser(lang):
        return chrome.browser(os.path.join(tmp, "chrome-" + lang), lang)

    def text(d, css):
        return d.find_element(By.CSS_SELECTOR, css).text

    d = browser("de")
    try:
        d.get(srv.base + "/")
        wait(lambda: d.find_elements(By.CSS_SELECTOR, "#seats select"), what="the create form")
        wait(lambda: text(d, "#create h2") == "Neuer Tisch", what="the German heading")
        check("the lobby speaks German: the browser's language", text(d, "#create-button") == "Tisch erstellen"
              and d.title == "Bones: online spielen" and text(d, "#tables th") == "Spiel", d.title)
        check("the header's language selector says Deutsch",
              Select(d.find_element(By.ID, "language")).first_selected_option.text == "Deutsch")
        kinds = [o.text for o in d.find_elements(By.CSS_SELECTOR, "#seat-kind-0 option")]
        check("the seat kinds in German", kinds == ["Mensch", "Agent", "frei"], kinds)
        check("the seats' legend in German", d.find_element(By.CSS_SELECTOR, "#seats legend").text == "Plätze")
        if shot:
            d.save_screenshot(os.path.join(shot, "web-lobby-de.png"))
        d.find_element(By.ID, "create-button").click()
        wait(lambda: "/t/" in d.current_url, what="the new table (one person's seat: opened at once)")
        wait(lambda: d.find_elements(By.CSS_SELECTOR, "#overlay .target, #choices .choice"), what="our turn")
        d.find_element(By.CSS_SELECTOR, "#details summary").click()  # the notation's view
        check("the table page speaks German", text(d, "#resign") == "Aufgeben" and text(d, "#play-selected") == "Spielen"
              and text(d, "aside h2") == "Wertung" and text(d, "#who").startswith("Du bist Platz 1"), text(d, "#who"))
        before = len(d.find_elements(By.CSS_SELECTOR, "#moves li.move"))
        d.find_element(By.ID, "play-selected").click()
        wait(lambda: len(d.find_elements(By.CSS_SELECTOR, "#moves li.move")) > before + 1, what="our move and the agent's")
        why = [e.get_attribute("textContent") for e in d.find_elements(By.CSS_SELECTOR, "#moves .why")]
        # breakdowns (when a move scores) are in the plugin's words, from its catalogue
        print("  breakdowns shown: %r" % (why[:2],))
        check("our move and the agent's are listed", len(d.find_elements(By.CSS_SELECTOR, "#moves li.move")) >= 2)
        said = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#moves li.move")]
        check("the moves in German words (the plugin's move_words)", all(" legt " in m for m in said), said)
        wait(lambda: d.find_elements(By.CSS_SELECTOR, "#overlay .target, #choices .choice"), what="our turn again")
        if shot:
            d.save_screenshot(os.path.join(shot, "web-play-de.png"))
        d.find_element(By.ID, "resign").click()
        d.switch_to.alert.accept()
        wait(lambda: "hat aufgegeben" in text(d, "#status"), what="the German status at the end")
        check("the end in German: status, ranks and the record link", text(d, "#record") == "Aufzeichnung herunterladen"
              and all(r.startswith("Rang") for r in [e.text for e in d.find_elements(By.CSS_SELECTOR, "#scores td:nth-child(3)")]),
              text(d, "#status"))
        check("the result in German words, the resignation first", "hat aufgegeben." in text(d, "#over-text")
              and "gewinnt. Endstand:" in text(d, "#over-text"), text(d, "#over-text"))
        check("the replay in German", text(d, "#r-label") == "das Ende", text(d, "#r-label"))
        if shot:
            d.save_screenshot(os.path.join(shot, "web-end-de.png"))
        # choosing English in the header: kept in this browser
        d.get(srv.base + "/")
        wait(lambda: d.find_elements(By.ID, "language"))
        Select(d.find_element(By.ID, "language")).select_by_value("en")
        wait(lambda: text(d, "#create h2") == "New table", what="the English lobby")
        d.get(srv.base + "/")
        wait(lambda: d.find_elements(By.CSS_SELECTOR, "#seats select"), what="the create form")
        check("the chosen language is remembered", text(d, "#create h2") == "New table"
              and Select(d.find_element(By.ID, "language")).first_selected_option.text == "English")
    finally:
        d.quit()

for _, s in servers:
    s.stop()
check.exit()
