"""The lobby's account box in headless Chromium (tests/test_web_browser_accounts.sh):
create an account by the form, stay logged in over a reload, log out, a wrong password's
error, log in again, change the password; then the player's page and a game's ladder
show a rated game's players in order."""
import os
import sys

import chrome
from chrome import wait
from selenium.webdriver.common.by import By

from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
srv = Server(build, os.path.join(tmp, "data"), clock=os.path.join(tmp, "clock"))
d = chrome.browser(os.path.join(tmp, "chrome"))


def shown(i):
    return d.find_element(By.ID, i).is_displayed()


def fill(name, password):
    for i, v in (("account-name", name), ("account-password", password)):
        d.find_element(By.ID, i).clear()
        d.find_element(By.ID, i).send_keys(v)


try:
    d.get(srv.base + "/")
    wait(lambda: shown("login-form"), what="the log-in form")
    fill("Ann", "correct horse 1")
    d.find_element(By.ID, "register-button").click()
    wait(lambda: shown("logged-in"), what="logged in")
    link = d.find_element(By.ID, "account-link")
    check("the new account is logged in and named", link.text == "Ann" and link.get_attribute("href").endswith("/players/Ann"))
    d.refresh()
    check("a reload keeps the session", wait(lambda: shown("logged-in") and d.find_element(By.ID, "account-link").text == "Ann"))
    # a table created logged in (by the page's own fetch: the cookie is HttpOnly) is the
    # account's: "My games" lists it with its seat link though this browser kept none
    tid = d.execute_async_script("""const done = arguments[0];
        fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({game: 'geominos', seats: [{kind: 'human', name: 'Ann'}, {kind: 'agent', agent: 'greedy'}]})})
        .then((r) => r.json()).then((b) => { document.dispatchEvent(new CustomEvent('bones-account')); done(b.id); });""")
    mine = wait(lambda: d.find_elements(By.CSS_SELECTOR, "#my-seats li a"), what="my games")
    check("my games lists the account's table with its seat link",
          shown("mine") and "/t/%s#seat=1&token=" % tid in mine[0].get_attribute("href"), mine[0].get_attribute("href"))
    d.find_element(By.ID, "logout-button").click()
    wait(lambda: shown("login-form"), what="logged out")
    fill("Ann", "a wrong password")
    d.find_element(By.ID, "login-button").click()
    check("a wrong password shows the server's error", wait(lambda: d.find_element(By.ID, "error-account").text))
    fill("ann", "correct horse 1")
    d.find_element(By.ID, "login-button").click()
    check("log in by any case: the account's own name", wait(lambda: shown("logged-in") and d.find_element(By.ID, "account-link").text == "Ann"))
    d.find_element(By.CSS_SELECTOR, "#logged-in summary").click()
    d.find_element(By.ID, "old-password").send_keys("correct horse 1")
    d.find_element(By.ID, "new-password").send_keys("a new password 4")
    d.find_element(By.ID, "password-button").click()
    check("the password is changed", wait(lambda: d.find_element(By.ID, "account-done").text))
    check("the ladders are linked", wait(lambda: d.find_elements(By.CSS_SELECTOR, "#ladders a[href='/ladder/geominos']")))

    # a rated game by the API: Bob beats Carl (Carl resigns)
    cookies = {}
    for who, pw in (("Bob", "battery staple 2"), ("Carl", "tr0ub4dor&3 carl")):
        st, r, h = srv.call("POST", "/api/accounts", {"name": who, "password": pw})
        cookies[who] = {"Cookie": (h.get("Set-Cookie") or "").split(";")[0]}
    st, t, _ = srv.call("POST", "/api/tables", {"game": "geominos", "seats": [{"kind": "human", "name": "Carl"}, {"kind": "human", "name": "Bob"}]}, headers=cookies["Carl"])
    srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=t["seats"][1]["token"], headers=cookies["Bob"])
    srv.call("POST", "/api/tables/%s/resign" % t["id"], {}, token=t["seats"][0]["token"], headers=cookies["Carl"])
    d.get(srv.base + "/ladder/geominos")
    rows = wait(lambda: d.find_elements(By.CSS_SELECTOR, "#ladder-table tbody tr"), what="the ladder")
    check("the ladder lists Bob above Carl", [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows] == ["Bob", "Carl"],
          [r.text for r in rows])
    rows[0].find_element(By.TAG_NAME, "a").click()
    rec = wait(lambda: d.find_elements(By.CSS_SELECTOR, "#records tbody td"), what="Bob's page")
    check("Bob's page: one Geominos win (the preset by its name)", [c.text for c in rec][:2] == ["Geominos", "1"],
          [c.text for c in rec])
    check("and the game's link", d.find_element(By.CSS_SELECTOR, "#games a").get_attribute("href").endswith("/t/" + t["id"]))
finally:
    d.quit()
    srv.stop()
check.exit()
