"""tools/ports/web-check's check of the tables fetched on demand (docs/web.md): the tables of KRNkb
(330 KB) and those its captures reach built by ./chuhan into a folder served at /egtb/ as
`make serve EGTB=FOLDER` serves it; the page loaded from there, a position of the ending set up, the
status saying the tables' verdict; practised from the board with the player defending, the engine's
first move must be the tables' best (as `./chuhan egtb probe` gives it) and the verdict after it said;
the server must have answered the engine's reads with range requests, fewer bytes than the files; the
server closed, the next new ending is said to get no answer. Then the same on one thread, served
without the isolation headers (the WASI worker's requests)."""
import functools
import http.server
import importlib.machinery
import os
import shutil
import subprocess
import tempfile
import threading

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

HERE = os.path.dirname(os.path.abspath(__file__))
CHUHAN = os.path.join(HERE, "..", "..", "chuhan")
FEN = "4k4/9/4b4/9/9/9/9/9/9/RN1K5 w - - 0 1"  # red wins in 4 moves, by d0e0 alone
UNASKED = "3k5/9/9/9/9/9/9/9/9/2CCK4 w - - 0 1"  # KCCk, an ending the engine has not asked the place for
STATUS = "const s = document.getElementById('status').textContent; return game.startFen === arguments[0] && "


def probe(tables, fen):
    """`./chuhan egtb probe` over the tables: the verdict ("win 4") and the best moves."""
    words = subprocess.run([CHUHAN, "egtb", "probe", tables, fen], capture_output=True, text=True).stdout.split()
    best = [w.split(":") for w in words if ":" in w]
    return " ".join(words[:2]), [m for m, n in best if n == best[0][1]] if best else []


def serving(web, tables, isolated):
    """A server of web with tables at /egtb/, answering ranges; without COOP and COEP unless isolated."""
    tools_serve = importlib.machinery.SourceFileLoader("serve", os.path.join(HERE, "serve")).load_module()
    server = tools_serve.server(web, quiet=True, egtb=tables)
    if not isolated:
        plain = type("Plain", (server.RequestHandlerClass.func,), {"end_headers": http.server.SimpleHTTPRequestHandler.end_headers})
        server.RequestHandlerClass = functools.partial(plain, directory=web)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def check(driver, web, wait_for, fail):
    """The verdict said, the engine's move by the tables, the tables read in ranges, with threads and on one."""
    tables = tempfile.mkdtemp(prefix="chuhan-web-egtb-")
    try:
        subprocess.run([CHUHAN, "egtb", "build", tables, "KRNkb", "--rules", "asian"], capture_output=True, check=True)
        for isolated in (True, False):
            server = serving(web, tables, isolated)
            try:
                play(driver, server, tables, wait_for, fail)
                if driver.execute_script("return crossOriginIsolated") is not isolated:
                    fail(f"tables: the page's crossOriginIsolated is not {isolated}")
                if isolated:
                    server.shutdown()
                    server.server_close()  # refused from now on
                    down(driver, wait_for, fail)
            finally:
                server.shutdown()
    finally:
        shutil.rmtree(tables)


def down(driver, wait_for, fail):
    """The place gone: the engine's next new ending is said once to get no answer, and it answers on."""
    driver.execute_script("window.heard = []; link.ask({}, ['position fen ' + arguments[0], 'd', 'go depth 3'],"
                          "(l) => l.startsWith('bestmove')).then((lines) => { window.heard = lines; })", UNASKED)
    lines = wait_for("the engine's answer, the place down", lambda: driver.execute_script("return window.heard.length && window.heard"), 60)
    said = [line for line in lines if line.startswith("info string error")]
    if len(said) != 1 or "KCCk.asian.egtb: no answer; no more tables are asked" not in said[0]:
        fail(f"tables: the place down, the engine said {said}, then '{lines[-1]}'")
    print(f"tables: the place down: '{said[0]}', then '{lines[-1]}'")


def play(driver, server, tables, wait_for, fail):
    verdict, best = probe(tables, FEN)
    moves = int(verdict.split()[1])
    driver.get(f"http://127.0.0.1:{server.server_port}/index.html")
    wait_for("the page with the tables at /egtb/", lambda: driver.execute_script(
        "return document.getElementById('status').textContent.startsWith('Red to move')"), 60)
    driver.find_element(By.ID, "fen").clear()
    driver.find_element(By.ID, "fen").send_keys(FEN)
    driver.find_element(By.ID, "set-fen").click()
    before = wait_for("the position set up, its verdict said", lambda: driver.execute_script(
        STATUS + "game.ply === 0 && s.startsWith('Red to move The tables:') && s", FEN), 30)
    Select(driver.find_element(By.ID, "practice-ending")).select_by_value("board")
    Select(driver.find_element(By.ID, "practice-role")).select_by_value("defend")
    driver.find_element(By.ID, "practice-start").click()
    status = wait_for("the engine's move and the verdict after it", lambda: driver.execute_script(
        STATUS + "practiceOn() && game.ply === 1 && s.startsWith('Black to move The tables:') && s", FEN), 60)
    move = driver.execute_script("return game.moves[0].iccs")
    after, _ = probe(tables, driver.execute_script("return game.position.fen"))
    if (f"The tables: Red wins, mate in {moves}." not in before or move not in best or after != f"loss {moves - 1}"
            or f"The tables: Red wins, mate in {moves - 1}." not in status):
        fail(f"tables: '{before}', then the engine played {move} (the tables' best: {best}), the page says "
             f"'{status}', the tables after it: {after}")
    served = {path: n for path, n in server.ranges.items() if path.startswith("/egtb/")}
    whole = sum(os.path.getsize(os.path.join(tables, os.path.basename(path))) for path in served)
    got = sum(n for _, n in served.values())
    if "/egtb/KRNkb.asian.egtb" not in served or got >= whole:
        fail(f"tables: range requests {served}, {got} bytes of files of {whole}")
    threads = "threads" if driver.execute_script("return crossOriginIsolated") else "one thread"
    print(f"tables ({threads}): {FEN}: '{before}'; the engine played {move}, the tables' best {best}; '{status}'; "
          f"{sum(c for c, _ in served.values())} range requests to {len(served)} tables, {got} bytes of their {whole}")
    Select(driver.find_element(By.ID, "side")).select_by_value("red")  # the practice made the player black
