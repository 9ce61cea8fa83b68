// The real web bundle in headless Chromium (tests/test_web_page.py, bench/web_frames.py,
// docs/web.md "The page as a test bed").
//
//   node page_test.mjs CONFIG.json        → one JSON object on the last line of stdout
//
// CONFIG: {chromium, bundle (build/web/), wheel (file), sha256, port, profile (dir), shots (dir or
// null), runs: [{name, width, height, touch, sw, scenarios: [name…]}], isolate (the page served
// cross-origin isolated: performance.now() in 5 µs steps, for the frame benchmark), parallel (how
// many runs at once, 1 if absent: a benchmark's runs stay one at a time)}. Each run is one browser
// context, its own server (the first run's on port, the others' on ports the system picks: a run
// that goes offline closes only its own) and one page load of harness.html (served next to the
// bundle, so localStorage and the service worker are the bundle's), then its scenarios in order,
// each reporting what it saw. Runs share nothing but the browser. The
// game is driven only by real input: Playwright's mouse, and touch through the DevTools
// protocol's Input.dispatchTouchEvent (what a touch screen sends). window.probe (probe.py) tells
// where things are drawn and what the app holds.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "./serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const cfg = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--disable-dev-shm-usage"];
const GAMES = ["tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"];
const GARBAGE = "{\"schema\": 1, \"data\": {\"tripeaks\": \u2660 torn";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// A wait's clock that a pause of the machine does not run down: each look counts the time since
// the one before, 1 s at most (the lead's quiet.sh stops every niced process, this one and the
// browser too, for minutes; a wall-clock timeout would then fire at the first look after it).
function waitClock() {
  let t = Date.now(), spent = 0;
  return () => { const now = Date.now(); spent += Math.min(Math.max(0, now - t), 1000); t = now; return spent; };
}

const mounts = {
  "/app/harness.html": path.join(here, "harness.html"),
  "/app/probe.py": path.join(here, "probe.py"),
  "/app/pyodide/": path.join(here, "node_modules", "pyodide"),
  "/app/wasm/": path.dirname(cfg.wheel),
};
const newServer = (port) => serve(cfg.bundle, { port, prefix: "/app/", mounts, isolate: !!cfg.isolate });
const pageURL = (server, sw) => server.url + "harness.html?wheel=" + encodeURIComponent("wasm/" + path.basename(cfg.wheel)) +
  "&sha256=" + cfg.sha256 + (sw ? "&sw=1" : "");

class Driver {
  constructor(ctx, page, run, server) {
    this.ctx = ctx; this.page = page; this.run = run; this.touch = !!run.touch; this.cdp = null; this.server = server;
    this.readAt = 0;  // Date.now() when the app had read every tap so far (0: not known)
  }
  // the harness's address on this run's server (sw: with the service worker)
  url(sw) { return pageURL(this.server, sw); }
  async probe(name, args = {}) {
    const r = await this.page.evaluate(([n, a]) => window.probe(n, a), [name, args]);
    if (r && r.error) throw new Error(`probe ${name}(${JSON.stringify(args)}): ${r.error}\n${r.trace || ""}`);
    return r;
  }
  async state() { return this.probe("state"); }
  // ms between two taps on one spot that are not a double tap (ui/input.py: DOUBLE_TAP 0.35 s
  // for a finger, DOUBLE_CLICK 0.5 s for the mouse)
  get apart() { return this.touch ? 400 : 550; }
  async touchEvent(type, x, y) {
    if (!this.cdp) this.cdp = await this.ctx.newCDPSession(this.page);
    await this.cdp.send("Input.dispatchTouchEvent", {
      type, touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }],
    });
  }
  // press and release sent back to back: both reach the page before its next frame, so a slow
  // frame (WebAssembly under load) cannot stretch the press into a long press
  async tap([x, y]) {
    // a tap close to the last one, sent less than the double tap's time after it, is no double
    // tap either: it waits until the app has run two frames past the last tap (the app's 350 ms
    // for a finger, 500 ms for the mouse, count from its first read of input after that tap's
    // frame: App.spent_press), then the time (this.apart)
    if (this.lastTap && Math.hypot(x - this.lastTap[0], y - this.lastTap[1]) < 40 && Date.now() - this.lastTapAt < this.apart) {
      await this.until((s) => s.frames >= this.lastTapFrames + 2, "the app to run past the last tap");
      await sleep(this.apart);
    }
    this.lastTapFrames = (await this.state()).frames;
    this.lastTap = [x, y];
    this.lastTapAt = Date.now();
    this.readAt = 0;  // a tap the app may not have read yet
    if (this.touch) {
      await this.touchEvent("touchStart", x, y);  // (the protocol wants the start acknowledged first)
      await this.touchEvent("touchEnd", x, y);
    } else {
      await this.page.mouse.move(x, y);
      await Promise.all([this.page.mouse.down(), this.page.mouse.up()]);
    }
  }
  async drag([x0, y0], [x1, y1], steps = 8) {
    if (this.touch) {
      await this.touchEvent("touchStart", x0, y0);
      for (let i = 1; i <= steps; i++) {
        await sleep(16);
        await this.touchEvent("touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps);
      }
      await sleep(30);
      await this.touchEvent("touchEnd", x1, y1);
    } else {
      await this.page.mouse.move(x0, y0);
      await this.page.mouse.down();
      for (let i = 1; i <= steps; i++) {
        await sleep(16);
        await this.page.mouse.move(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps);
      }
      await sleep(30);
      await this.page.mouse.up();
    }
  }
  // Play a gesture ([{tap: [x, y]} | {drag: [from, to]}…]) and wait until the app has read each
  // of its releases (the probe counts them): a slow frame or a pause of the machine may delay
  // the reading, never the test's verdict on what the gesture did. `last` is the previous tap's
  // point (a tap close to it waits out the double-tap time first: this.apart, 400 ms against the
  // app's 350 for a finger, 550 against the mouse's 500,
  // counted from when the app had read that tap if this driver knows it — the previous gesture's
  // end, no tap since —, else from now); returns the last tap's point.
  async gesture(steps, last = null) {
    const ups0 = (await this.state()).ups;
    for (const step of steps) {
      if (step.tap) {
        if (last && Math.hypot(step.tap[0] - last[0], step.tap[1] - last[1]) < 40) {  // not a double tap
          await sleep(this.readAt ? Math.max(0, this.readAt + this.apart - Date.now()) : this.apart);
        }
        await this.tap(step.tap); last = step.tap;
      } else { await this.drag(step.drag[0], step.drag[1]); last = null; }
    }
    await this.until((x) => x.ups >= ups0 + steps.length, "the app to read the gesture's " + steps.length + " release(s)");
    this.readAt = Date.now();  // the app read every release by now: the taps' times are before it
    return last;
  }
  // Wait until the app has run a few more frames and the table is at rest (no flight, no
  // automatic move or hint pending).
  async settle(timeout = 20000) {
    const spent = waitClock();
    const f0 = (await this.state()).frames;
    for (;;) {
      const s = await this.state();
      if (s.frames >= f0 + 3 && !s.busy) return s;
      if (spent() > timeout) throw new Error("the table did not come to rest: " + JSON.stringify(s).slice(0, 300));
      await sleep(30);
    }
  }
  async until(pred, what, timeout = 20000) {
    const spent = waitClock();
    for (;;) {
      const s = await this.state();
      if (pred(s)) return s;
      if (spent() > timeout) {
        const { pointer, position, actions, ...rest } = s;
        throw new Error("waited in vain for " + what + ": " + JSON.stringify(rest).slice(0, 400) +
                        " pointer events: " + JSON.stringify(pointer));
      }
      await sleep(40);
    }
  }
  // an end panel ignores taps for its first moments (ui/table/base.py END_PANEL_GUARD, 0.45 s):
  // a player reads it first
  async button(name) {
    const s = await this.state();
    if (s.panel_end && s.panel_age !== null && s.panel_age !== undefined && s.panel_age < 0.5) {
      await sleep(Math.ceil((0.5 - s.panel_age) * 1000));
    }
    await this.tap(await this.probe("button", { name }));
  }
  // back to the home screen: a screen's back arrow, or a table's pause menu and its Home row
  async home() {
    let s = await this.state();
    if (s.scene === "HomeScene") return s;
    if (s.panel) await this.button(s.panel_buttons[s.panel_buttons.length - 1]);
    // the panel's last button may itself lead home (an end panel's Home): read the screen again
    s = await this.until((x) => !x.panel, "no panel");
    if (s.scene === "HomeScene") return s;
    if (s.game) {
      await this.button("pause");
      await this.until((x) => x.panel === "PauseMenu", "the pause menu");
      await this.tap(await this.probe("button", { row: "Home" }));
    } else {
      await this.button("back");
    }
    return this.until((x) => x.scene === "HomeScene" && !x.panel, "the home screen");
  }
  // From the home screen: the game's tile, then New deal (or Continue) on its sheet.
  async open(game, how = "new") {
    await this.home();
    await this.tap(await this.probe("tile", { game }));
    await this.until((s) => s.panel === "GameSheet", "the sheet of " + game);
    await this.button(how);
    await this.until((x) => x.game === game && x.scene !== "HomeScene", "the table of " + game);
    const s = await this.settle();
    // New deal over a game still being played: the table opens on it and asks, as its own New
    // deal does; the player who asked for a new deal says yes
    if (how === "new" && s.panel && (s.panel_buttons || []).includes("new")) {
      await this.button("new");
      return this.settle();
    }
    return s;
  }
  // run f with some settings, then put them back
  async with(settings, f) {
    for (const [name, value] of Object.entries(settings)) await this.probe("set_setting", { name, value });
    try { return await f(); } finally {
      await this.probe("set_setting", { name: "anim_speed", value: "normal" });
      if ("auto_foundation" in settings) await this.probe("set_setting", { name: "auto_foundation", value: true });
    }
  }
  async shot(name) {
    if (!cfg.shots) return null;
    fs.mkdirSync(cfg.shots, { recursive: true });
    const file = path.join(cfg.shots, `${name}-${this.run.width}x${this.run.height}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }
}

async function started(d) {
  await d.page.waitForFunction(() => window.__harness && (window.__harness.phase === "started" || window.__harness.error),
    null, { timeout: 120000 });
  const h = await d.page.evaluate(() => window.__harness);
  if (h.error) throw new Error("the harness page failed: " + h.error);
  return h;
}

async function load(d, sw) {
  const t0 = Date.now();
  await d.page.goto(d.url(sw));
  const h = await started(d);
  const s = await d.until((x) => x.draws > 0 && x.scene === "HomeScene", "the first home frame", 60000);
  return { seconds: (Date.now() - t0) / 1000, harness: h, state: s };
}

// -- scenarios -----------------------------------------------------------------------------------
const SCENARIOS = {
  // each of the six games from the home screen; a screenshot of each table
  async open_all(d) {
    const out = {};
    await d.until((x) => !x.previews_pending, "the home screen's miniatures");   // drawn a frame each after the first
    await d.shot("home");
    for (const g of GAMES) {
      const s = await d.open(g);
      out[g] = { scene: s.scene, game: s.game, status: s.status, moves: s.moves, size: s.size, shot: await d.shot(g) };
    }
    await d.home();
    return out;
  },
  // a winning line from the table's own solver, played by taps (and drags where a tap would send
  // the card elsewhere) at the cards' places on the canvas, to the won panel
  async win(d, game) {
    let s = await d.open(game);
    let solved = null;
    for (let k = 0; k < 8 && !solved; k++) {
      const r = await d.probe("solve", { max_nodes: 400000 });
      if (r.status === "solved") { solved = r; break; }
      await d.button("new");
      s = await d.settle();
    }
    if (!solved) throw new Error(game + ": no solvable deal in 8 tries");
    const start = await d.state();
    let taps = 0, drags = 0, last = null;
    for (let i = 0; ; i++) {
      const g = await d.probe("next_gesture", { index: i });
      if (g.done) break;
      const before = (await d.state()).actions.length;
      for (const step of g.gesture) if (step.tap) taps++; else drags++;
      last = await d.gesture(g.gesture, last);
      s = await d.settle();
      if (s.actions.length <= before) {
        throw new Error(`${game}: move ${i} (${g.move}) did not play: ${s.status_text}; gesture ` +
                        JSON.stringify(g.gesture) + "; pointer events read: " + JSON.stringify(s.pointer));
      }
    }
    s = await d.until((x) => x.panel !== null || x.status !== "playing", "the end of the game");
    s = await d.until((x) => x.panel !== null, "the won panel");
    const shot = await d.shot(game + "-won");
    // the panel's last button (Home): the next scenario starts once it has been obeyed
    await d.button(s.panel_buttons[s.panel_buttons.length - 1]).catch(() => {});
    await d.until((x) => !x.panel, "the won panel closed").catch(() => {});
    return { number: start.number, options: start.options, line: solved.moves, taps, drags, status: s.status,
             panel: s.panel, panel_end: s.panel_end, panel_title: s.panel_title, actions: s.actions, score: s.score, shot };
  },
  // (animation off, a player's setting, to keep the run short: the flights are played in the
  // other scenarios; FreeCell's automatic moves to the foundations off, so that the solver's
  // line is what the taps play)
  async win_tripeaks(d) { return d.with({ anim_speed: "off" }, () => SCENARIOS.win(d, "tripeaks")); },
  async win_pyramid(d) { return d.with({ anim_speed: "off" }, () => SCENARIOS.win(d, "pyramid")); },
  async win_freecell(d) {
    return d.with({ anim_speed: "off", auto_foundation: false }, () => SCENARIOS.win(d, "freecell"));
  },
  // the sound: the mixer is open before any tap (the app's start opens it), and after the first
  // taps (a table opened, a refused card tapped) the page's AudioContext runs, the sound files
  // are loaded and the refused tap's sound was asked for
  async sound(d) {
    const audio = () => d.page.evaluate(() => {
      const S = window.__py._module.SDL2;
      return S && S.audioContext ? S.audioContext.state : null;
    });
    const before = await d.probe("sound");
    const s0 = await d.open("tripeaks");
    for (let t0 = Date.now(); (await d.probe("sound")).loaded.length < 4 && Date.now() - t0 < 10000;) await sleep(50);
    const r = await d.probe("refused_tap");
    await d.tap(r.tap);
    await d.until((x) => x.shakes > s0.shakes, "a shake");
    await sleep(300);
    // the page asked, at the first tap, for its storage to be kept (web/pasyans.tmpl)
    const persist = await d.page.evaluate(() => window.__pasyans_persist || null);
    return { before, after: await d.probe("sound"), context: await audio(), persist };
  },
  // a tap on a card the rules refuse: it shakes and the status line says why
  async refused(d) {
    const s0 = await d.open("tripeaks");
    const r = await d.probe("refused_tap");
    const shakes0 = s0.shakes;
    await d.tap(r.tap);
    const s = await d.until((x) => x.shakes > shakes0 && x.status_text !== "", "a shake");
    return { why: r.why, status_text: s.status_text, shakes: s.shakes - shakes0, moves_before: s0.moves,
             moves_after: s.moves, position_same: s.position === s0.position, shot: await d.shot("refused") };
  },
  // TriPeaks: three moves by taps, Undo, two more; the page hidden for a while; the language
  // set to Russian in Settings; back to the table; a record torn from JavaScript. Then the page
  // is reloaded ("reload") and after_reload looks.
  async before_reload(d) {
    let s = await d.open("tripeaks");
    for (let k = 0; k < 8 && !(await d.probe("solve", { max_nodes: 200000 })).moves.length; k++) {
      await d.button("new");
      await d.settle();
    }
    const play = async (i) => {
      const g = await d.probe("next_gesture", { index: i });
      await d.gesture(g.gesture);
      return d.settle();
    };
    for (const i of [0, 1, 2]) await play(i);
    await d.button("undo");
    await d.settle();
    for (const i of [2, 3]) s = await play(i);
    await sleep(1500);  // the clock runs
    // hidden: headless Chromium keeps every page visible (another tab in front, a minimised
    // window: checked, document.visibilityState stays "visible"), so the page is told it is hidden
    // the way the browser tells it: document.hidden / visibilityState, then a visibilitychange event
    const setHidden = (h) => d.page.evaluate((hide) => {
      for (const [k, v] of [["hidden", hide], ["visibilityState", hide ? "hidden" : "visible"]]) {
        Object.defineProperty(document, k, { configurable: true, get: () => v });
      }
      document.dispatchEvent(new Event("visibilitychange"));
    }, h);
    await setHidden(true);
    await sleep(700);  // the app looks at document.hidden with the window's size, every 0.5 s
    const hid0 = await d.state();
    await sleep(2500);
    const hid1 = await d.state();
    await setHidden(false);
    await sleep(1500);
    const back = await d.state();
    const hidden = { clock_hidden_start: hid0.clock, clock_hidden_end: hid1.clock,
                     frames_hidden: hid1.frames - hid0.frames, clock_back: back.clock };
    // Russian, through the Settings screen
    await d.home();
    await d.button("settings");
    await d.until((x) => x.scene === "SettingsScene", "the settings screen");
    await d.button("language");
    await d.until((x) => x.language === "ru", "Russian");
    await d.button("back");
    await d.until((x) => x.scene === "HomeScene", "home");
    s = await d.open("tripeaks", "continue");
    const record = await d.page.evaluate(() => JSON.parse(localStorage.getItem("pasyans.game.tripeaks")));
    const keys = await d.page.evaluate(() => Object.keys(localStorage).sort());
    // another hand tears the statistics record
    await d.page.evaluate((g) => { localStorage.setItem("pasyans.stats", g); }, GARBAGE);
    return { game: s, hidden, record, keys, garbage: GARBAGE };
  },
  async after_reload(d) {
    const s0 = await d.state();
    const corrupt = await d.page.evaluate(() => localStorage.getItem("pasyans.stats.corrupt"));
    const keys = await d.page.evaluate(() => Object.keys(localStorage).sort());
    const settings = await d.page.evaluate(() => JSON.parse(localStorage.getItem("pasyans.settings")));
    const shot = await d.shot("reload-notice");
    const s = await d.open("tripeaks", "continue");
    const undo = [];
    for (let x = s; x.depth > 0 && undo.length < 20;) {
      await d.button("undo");
      x = await d.settle();
      undo.push(x.position);
    }
    return { notice: s0.notice, language: s0.language, corrupt, keys, settings, game: s, undo, shot };
  },
  // A move, then the page reloaded as soon as the app has read its release (no other call
  // between), run.tries times in one Klondike game (continued after each reload): the stored
  // game's moves after each reload, and the moves the table had before the gesture. The first
  // try holds the spare-time save (frames too busy to write it, up to SAVE_WAIT): only the
  // page's own write can keep that move; the others leave the frames their own pace.
  async move_reload(d) {
    const out = [];
    const key = "pasyans.game.klondike";
    const stored = () => d.page.evaluate((k) => JSON.parse(localStorage.getItem(k)).data.actions, key);
    await d.open("klondike");
    await d.gesture((await d.probe("first_move")).gesture);   // a first move, saved: Continue is offered
    let s = await d.settle();
    for (const spent = waitClock(); JSON.stringify(await stored()) !== JSON.stringify(s.actions);) {
      if (spent() > 5000) throw new Error("the first move was not saved");
      await sleep(50);
    }
    for (let k = 0; k < (d.run.tries || 2); k++) {
      const mv = await d.probe("first_move");
      if (mv.done) break;
      const before = s.actions;
      if (k === 0) await d.probe("hold_saves", { hold: true });   // (the reload lets it go)
      await d.gesture(mv.gesture);
      await d.page.reload();
      await load(d, false);
      out.push({ move: mv.move, held: k === 0, before, stored: await stored() });
      s = await d.open("klondike", "continue");
    }
    await d.home();
    return { tries: out };
  },
  // A FreeCell move whose save no frame writes (the spare-time save held: a hidden pygbag page
  // runs no frame), then the page hidden the way the browser hides it, and localStorage read in
  // that same task, no frame between; then shown again, the save let go, one more move.
  async hidden_save(d) {
    const key = "pasyans.game.freecell";
    const stored = () => d.page.evaluate((k) => JSON.parse(localStorage.getItem(k)).data.actions, key);
    const s0 = await d.open("freecell");
    await d.probe("hold_saves", { hold: true });
    const out = { before: s0.actions };
    try {
      const mv = await d.probe("first_move");
      await d.gesture(mv.gesture);
      const s1 = await d.until((x) => x.actions.length > s0.actions.length, "the move played");
      out.played = s1.actions;
      out.due = (await d.probe("hold_saves", { hold: true })).due;
      Object.assign(out, await d.page.evaluate((k) => {
        const read = () => JSON.parse(localStorage.getItem(k)).data.actions;
        const r = { stored_visible: read(), pending: Object.keys(window.__pasyans_pending) };
        for (const [p, v] of [["hidden", true], ["visibilityState", "hidden"]]) {
          Object.defineProperty(document, p, { configurable: true, get: () => v });
        }
        document.dispatchEvent(new Event("visibilitychange"));
        r.stored_hidden = read();
        r.pending_hidden = Object.keys(window.__pasyans_pending);
        return r;
      }, key));
    } finally {
      await d.page.evaluate(() => {
        delete document.hidden; delete document.visibilityState;
        document.dispatchEvent(new Event("visibilitychange"));
      });
      await d.probe("hold_saves", { hold: false });
    }
    const s2 = await d.settle();
    const mv = await d.probe("first_move");
    await d.gesture(mv.gesture);
    const s3 = await d.settle();
    await sleep(300);
    out.after = { actions: s3.actions, stored: await stored(), notice: s3.notice, status_text: s3.status_text,
                  keys: await d.page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("corrupt"))) };
    await d.home();
    return out;
  },
  // Two tabs of one browser (one context: one localStorage). A has a Pyramid game with a move
  // and plays the first two moves of a winning TriPeaks line; then the player turns to tab B (A is
  // hidden), continues that TriPeaks game there and wins it. Back at A (shown again): A must take
  // up B's game, not keep its older position (a save of it would overwrite B's), and say so. A
  // then deals a new Pyramid, which counts its Pyramid game as lost and writes the statistics:
  // B's win must stay. A is reloaded and reads the statistics back.
  async two_tabs(d) {
    const stored = (page, key) => page.evaluate((k) => JSON.parse(localStorage.getItem(k)), key);
    const keys = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("pasyans.")).sort());
    const storedActions = async (page, n, what) => {
      const spent = waitClock();
      for (;;) {
        const g = await stored(page, "pasyans.game.tripeaks");
        if (g && g.data.actions.length === n) return g.data.actions;
        if (spent() > 20000) throw new Error("waited in vain for " + what + ": " + JSON.stringify(g).slice(0, 300));
        await sleep(50);
      }
    };
    // hidden as the browser says it (headless Chromium keeps every page visible: see before_reload)
    const setHidden = (page, h) => page.evaluate((hide) => {
      for (const [k, v] of [["hidden", hide], ["visibilityState", hide ? "hidden" : "visible"]]) {
        Object.defineProperty(document, k, { configurable: true, get: () => v });
      }
      document.dispatchEvent(new Event("visibilitychange"));
    }, h);
    await d.open("pyramid");
    await d.gesture((await d.probe("first_move")).gesture);
    const pyramid = await d.settle();
    await d.open("tripeaks");
    let solved = null;
    for (let k = 0; k < 8 && !solved; k++) {
      const r = await d.probe("solve", { max_nodes: 400000 });
      if (r.status === "solved") { solved = r; break; }
      await d.button("new");
      await d.settle();
    }
    if (!solved) throw new Error("tripeaks: no solvable deal in 8 tries");
    let last = null;
    for (const i of [0, 1]) {
      last = await d.gesture((await d.probe("next_gesture", { index: i })).gesture, last);
      await d.settle();
    }
    const a_before = await storedActions(d.page, 2, "A's two moves saved");
    await setHidden(d.page, true);
    await sleep(700);    // the app looks at document.hidden every 0.5 s
    const a_hidden = await d.state();
    // B: the same game continued in a second tab, won there
    const pb = await d.ctx.newPage();
    const b = new Driver(d.ctx, pb, d.run, d.server);
    let b_end, b_stats;
    try {
      await load(b, false);
      b_end = await b.with({ anim_speed: "off" }, async () => {
        await b.open("tripeaks", "continue");
        const r = await b.probe("solve", { max_nodes: 400000 });
        if (r.status !== "solved") throw new Error("B: the continued game does not solve: " + r.status);
        let lastb = null;
        for (let i = 0; ; i++) {
          const g = await b.probe("next_gesture", { index: i });
          if (g.done) break;
          const before = (await b.state()).actions.length;
          lastb = await b.gesture(g.gesture, lastb);
          const s = await b.settle();
          if (s.actions.length <= before) throw new Error(`B: move ${i} (${g.move}) did not play: ${s.status_text}`);
        }
        const s = await b.until((x) => x.panel !== null, "B's won panel");
        await b.button(s.panel_buttons[s.panel_buttons.length - 1]).catch(() => {});
        await b.until((x) => !x.panel, "B's won panel closed").catch(() => {});
        return s;
      });
      b_stats = await stored(pb, "pasyans.stats");
    } finally {
      await pb.close();
    }
    const b_game = await stored(d.page, "pasyans.game.tripeaks");
    // back at A
    await setHidden(d.page, false);
    // (a page that does not take it up is reported, and the statistics are still looked at)
    const taken = await d.until((x) => x.scene === "HomeScene" && x.notice, "A to take up B's won game: home", 10000)
      .catch(() => d.state());
    await d.settle();
    const after = { game: await stored(d.page, "pasyans.game.tripeaks"), keys: await keys(d.page) };
    // A: a new Pyramid deal counts A's Pyramid game as lost and writes the statistics
    await d.open("pyramid");
    const a_stats = await stored(d.page, "pasyans.stats");
    await d.page.reload();
    await load(d, false);
    return { pyramid_actions: pyramid.actions, a_before, a_hidden_actions: a_hidden.actions,
             b_actions: b_end.actions, b_status: b_end.status, b_stats: b_stats.data, b_game: b_game.data,
             taken: { scene: taken.scene, notice: taken.notice, language: taken.language },
             after, a_stats: a_stats.data, reloaded: await d.probe("stats") };
  },
  // a shared link: the harness address with &deal=CODE (the app reads the page's own
  // location.search through platform.window); the table of that deal opens, not the home screen
  async deal_link(d) {
    await d.page.goto(d.url(d.run.sw) + "&deal=" + encodeURIComponent(d.run.deal));
    await started(d);
    const s = await d.until((x) => x.draws > 0 && x.scene !== "HomeScene", "the linked deal's table", 60000);
    const search = await d.page.evaluate(() => location.search);
    return { scene: s.scene, game: s.game, number: s.number, options: s.options, status: s.status,
             search, deal: await d.probe("deal"), shot: await d.shot("deal-link") };
  },
  // Spider 4 suits at a linked deal: the engine's warm-up as the table opens, then the rescue (a
  // search from the deal), its five moves played;
  // then a new deal (4 suits in the settings, as a player sets them) and a hint. Both searches
  // run in the page's JavaScript engine
  // (games/solvers/spider_js.py): the engine's count of searches made says so.
  async spider_js(d) {
    await d.page.goto(d.url(d.run.sw) + "&deal=" + encodeURIComponent(d.run.spider_deal));
    await started(d);
    await d.until((x) => x.draws > 0 && x.game === "spider", "the linked Spider table", 60000);
    let s = await d.settle();
    const engine = () => d.page.evaluate(() => (globalThis.pasyansSpider
      ? { made: Number(pasyansSpider.ask("made", "")), live: Number(pasyansSpider.ask("live", "")),
          warmed: Number(pasyansSpider.ask("warmed", "")) } : null));
    // the 4-suit table warms the engine in its frames' spare time (ui/table/spider.py): the
    // frames from the table at rest to the warm-up's end, timed (the warm-up gets only what the
    // frames leave over: on a loaded machine, or beside another run, far less, hence 4 minutes)
    await d.probe("frames");
    try {
      // the warm-up's search, or the deal's own search for its winning line begun first, which
      // compiles the engine and so ends the warm-up before it searched (ui/table/spider.py warm)
      await d.page.waitForFunction(() => {
        if (!globalThis.pasyansSpider || pasyansSpider.ask("live", "") !== "0") return false;
        if (Number(pasyansSpider.ask("warmed", "")) > 0) return true;
        const w = window.probe("spider_warm", {});
        return !!(w && w.warmup && w.warmup.done && Number(pasyansSpider.ask("made", "")) >= 1);
      }, null, { timeout: 240000, polling: 250 });
    } catch (e) {
      // what the engine and the table were doing when the warm-up did not end: the failure says it
      const st = await d.state().catch(() => ({}));
      const warm = await d.probe("spider_warm").catch((x) => String(x));
      throw new Error("the warm-up did not end: engine " + JSON.stringify(await engine()) + ", table "
        + JSON.stringify({ scene: st.scene, game: st.game, busy: st.busy, panel: st.panel, status: st.status_text })
        + ", warm-up " + JSON.stringify(warm) + "; " + String(e).slice(0, 200));
    }
    const warmFrames = (await d.probe("frames")).map((f) => f[1] * 1000);
    const before = await engine();
    before.warm = await d.probe("spider_warm");
    before.frames = warmFrames.length;
    before.worst_ms = Math.max(...warmFrames);
    before.over_16ms = warmFrames.filter((ms) => ms > 16).length;
    let t0 = Date.now();
    await d.button("rescue");
    s = await d.until((x) => x.panel_buttons.includes("play"), "the rescue's way out", 60000);
    const rescue = { number: s.number, options: s.options, seconds: (Date.now() - t0) / 1000, panel: s.panel,
                     buttons: s.panel_buttons, engine: await engine(), shot: await d.shot("spider4-rescue") };
    const n0 = s.actions.length;
    await d.button("play");
    s = await d.until((x) => x.actions.length >= n0 + 5 && !x.busy && !x.panel, "the rescue's moves played", 30000);
    rescue.played = s.actions.slice(n0);
    rescue.status = s.status;
    rescue.shot_played = await d.shot("spider4-rescue-played");
    await d.probe("set_setting", { name: "game_options", value: { spider: { suits: "4" } } });
    await d.button("new");
    s = await d.settle();
    if (s.panel_buttons.includes("new")) {  // the game in progress: the question first
      await d.button("new");
      s = await d.settle();
    }
    const hintNumber = s.number;
    t0 = Date.now();
    await d.button("hint");
    s = await d.until((x) => x.status_text.startsWith("Hint"), "the hint", 30000);
    const hint = { number: hintNumber, options: s.options, seconds: (Date.now() - t0) / 1000,
                   status_text: s.status_text, shot: await d.shot("spider4-hint") };
    await d.settle();
    return { before, rescue, hint, after: await engine() };
  },
  // a link whose code cannot be read: the home screen with a notice, localStorage as it was when
  // the page began (an init script copies the pasyans.* entries before any of the page runs)
  async bad_link(d) {
    await d.page.addInitScript(() => {
      const keep = {};
      for (const k of Object.keys(localStorage)) if (k.startsWith("pasyans.")) keep[k] = localStorage.getItem(k);
      window.__storage_before = keep;
    });
    await d.page.goto(d.url(d.run.sw) + "&deal=" + encodeURIComponent(d.run.bad_deal));
    await started(d);
    const s = await d.until((x) => x.draws > 0 && x.scene === "HomeScene" && x.notice, "the home screen's notice", 60000);
    await d.settle().catch(() => {});
    await sleep(1000);  // frames after the link was read: anything the app would save is saved
    const [before, after] = await d.page.evaluate(() => {
      const now = {};
      for (const k of Object.keys(localStorage)) if (k.startsWith("pasyans.")) now[k] = localStorage.getItem(k);
      return [window.__storage_before, now];
    });
    const last = await d.state();
    return { scene: last.scene, notice: s.notice, language: s.language, game: last.game || null, before, after,
             shot: await d.shot("bad-link") };
  },
  // the deal-code field takes paste: a paste event on the page (what Ctrl+V, the browser's Paste
  // menu or a phone's paste send; the text in its clipboardData) with a shared address, then with
  // a code in lower case, then with a code that cannot be read (its message, nothing changed).
  // (Ctrl+V itself asks the page to read the clipboard, a permission prompt: the paste event is
  // what this tests.)
  async paste_code(d) {
    await d.open("klondike");
    const pasteEvent = (text) => d.page.evaluate((t) => {
      const dt = new DataTransfer();
      dt.setData("text/plain", t);
      document.getElementById("canvas").dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true }));
    }, text);
    const stored = () => d.page.evaluate(() => {
      const now = {};
      for (const k of Object.keys(localStorage)) if (k.startsWith("pasyans.")) now[k] = localStorage.getItem(k);
      return now;
    });
    const paste = async (text, what) => {
      await d.button("code");
      await d.until((x) => x.panel === "CodeEntry", "the code field");
      await pasteEvent(text);
      await d.until((x) => x.panel === "CodeEntry" && x.panel_value, what);
      await sleep(500);   // frames go by: a second copy of the text would have come
      return (await d.state()).panel_value;
    };
    const play = async () => {
      await d.button("ok");
      await d.until((x) => !x.panel, "the pasted deal");
      const s = await d.settle();
      return { number: s.number, options: s.options, code: (await d.probe("deal")).code };
    };
    const out = {};
    out.address = { value: await paste(d.run.paste_address, "the address's code in the field") };
    Object.assign(out.address, await play());
    out.code = { value: await paste(d.run.paste_code, "the code in the field") };
    Object.assign(out.code, await play());
    // a code that cannot be read: its message; Cancel; the game and the saves as they were
    const before = await d.state();
    const kept = await stored();
    out.bad = { value: await paste(d.run.paste_bad, "the bad code in the field") };
    await d.button("ok");
    let s = await d.until((x) => x.panel_error, "the code's message");
    Object.assign(out.bad, { error: s.panel_error, language: s.language, shot: await d.shot("paste-bad") });
    await d.button("cancel");
    s = await d.until((x) => !x.panel, "the table again");
    await sleep(500);
    out.bad.same = s.number === before.number && s.position === before.position &&
      JSON.stringify(s.actions) === JSON.stringify(before.actions);
    out.bad.stored_same = JSON.stringify(await stored()) === JSON.stringify(kept);
    // a paste with no code field open types nothing later
    await pasteEvent(d.run.paste_code);
    await sleep(300);
    await d.button("code");
    await d.until((x) => x.panel === "CodeEntry", "the code field");
    await sleep(500);
    out.stale = (await d.state()).panel_value;
    await d.button("cancel");
    await d.until((x) => !x.panel, "the code field closed");   // (else home() taps Cancel again)
    await d.home();
    return out;
  },
  // Share this deal from the pause menu: the browser's clipboard takes the deal's address (the
  // line says "Copied", the clipboard holds it); then a clipboard that refuses the copy (its
  // promise rejected, as a page without focus or permission gets): the line takes it back
  async share_copy(d) {
    await d.ctx.grantPermissions(["clipboard-read", "clipboard-write"]);
    await d.open("klondike");
    const share = async () => {
      await d.button("pause");
      await d.until((x) => x.panel === "PauseMenu", "the pause menu");
      await d.tap(await d.probe("button", { row: "Share this deal" }));
      await d.until((x) => !x.panel, "the pause menu closed");
      await sleep(600);   // frames go by: the browser's answer arrives
      return (await d.state()).status_text;
    };
    const out = { taken: await share() };
    out.clipboard = await d.page.evaluate(() => navigator.clipboard.readText().catch((e) => "unread: " + e));
    out.deal = await d.probe("deal");
    await d.page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException("refused", "NotAllowedError"));
    });
    out.refused = await share();
    await d.home();
    return out;
  },
  // the keyboard in the page (docs/ui.md "Keys"): U and Ctrl+Z undo a move made by its gesture,
  // Esc opens the pause menu and Esc closes it, C opens the code field, a code typed into it and
  // Enter open that deal
  async keys(d) {
    await d.open("klondike");
    const move = async () => {
      const g = await d.probe("first_move");
      await d.gesture(g.gesture);
      return d.settle();
    };
    const key = async (k) => { await d.page.keyboard.press(k); await sleep(300); return d.settle(); };
    const out = {};
    let before = await d.settle(), s = await move();
    s = await key("u");
    out.u = { undone: s.actions[s.actions.length - 1] === "u", back: s.position === before.position };
    before = s; s = await move();
    s = await key("Control+z");
    out.ctrl_z = { undone: s.actions[s.actions.length - 1] === "u", back: s.position === before.position };
    out.help = (await key("Shift+Slash")).panel_title;   // "?" opens the help as F1 does
    await key("Escape");
    out.esc = (await key("Escape")).panel;
    out.esc_again = (await key("Escape")).panel;
    out.c = (await key("c")).panel;
    await d.page.keyboard.type(d.run.typed_code);
    await sleep(300);
    out.typed = (await d.state()).panel_value;
    s = await key("Enter");
    out.asked = { panel: s.panel_title, buttons: s.panel_buttons };   // a game in progress: asked first
    s = await key("Enter");
    out.entered = { panel: s.panel, number: s.number, options: s.options, code: (await d.probe("deal")).code };
    out.keys = s.keys;
    await d.home();
    return out;
  },
  // what a screen reader hears (ui/speech.py): the page's live region (web/pasyans.tmpl, copied
  // into the harness) after the table opens, after arrows move the focus, after V (say again), Q
  // (the whole table) and Esc (the pause menu)
  async speech(d) {
    await d.open("klondike");
    const live = () => d.page.evaluate(() => {
      const e = document.getElementById("pasyans-live");
      return e ? { text: e.textContent.trim(), polite: e.getAttribute("aria-live") } : null;
    });
    const key = async (k) => { await d.page.keyboard.press(k); await sleep(300); await d.settle(); return live(); };
    const out = { opened: await live() };
    out.right = await key("ArrowRight");
    out.right2 = await key("ArrowRight");
    out.tab = await key("Tab");
    out.tab_focus = await d.page.evaluate(() => document.activeElement && document.activeElement.id);
    out.v = await key("v");
    out.q = await key("q");
    out.pause = await key("Escape");
    await key("Escape");
    await d.home();
    return out;
  },
  // the screens around the tables by keys (ui/scenes/common.py ScreenScene.move_focus): from
  // home Tab reaches Settings, Enter opens it, Tab, an arrow and Enter change a setting (Space
  // puts it back), each said in the page's live region as a screen reader hears it
  async screens_speech(d) {
    const live = () => d.page.evaluate(() => {
      const e = document.getElementById("pasyans-live");
      return e ? e.textContent.trim() : null;
    });
    const key = async (k, mods = "") => {
      await d.page.keyboard.press(mods + k); await sleep(300); await d.settle(); return live();
    };
    const out = { home: await key("Tab") };
    out.back = await key("Tab", "Shift+");      // round to the last: Settings, top right
    out.settings = await key("Enter");
    out.row = await key("Tab");
    out.right = await key("ArrowRight");
    out.toggled = await key("Enter");
    out.state = (await d.state()).scene;
    out.toggled_back = await key("Space");     // as it was: the later scenarios' settings
    out.back_home = await key("Escape");
    return out;
  },
  // Settings' Export downloads the saves (a JS Blob), Import opens the browser's file chooser and
  // the chosen file brings up the import question: the browser half of docs/ui.md "Export / import"
  async export_import(d) {
    const out = {};
    await d.open("tripeaks");
    const g = await d.probe("first_move");
    if (!g.done) { await d.gesture(g.gesture); await d.settle(); }
    await d.home();
    await d.button("settings");
    await d.until((x) => x.scene === "SettingsScene", "the settings");
    const dl = d.page.waitForEvent("download", { timeout: 15000 }).catch(() => null);
    await d.button("export");
    const download = await dl;
    out.name = download ? download.suggestedFilename() : null;
    let file = null;
    if (download) {
      file = path.join(cfg.shots || "/tmp", "export-import.json");
      await download.saveAs(file);
      out.saved = JSON.parse(fs.readFileSync(file, "utf8"));
    }
    const fc = d.page.waitForEvent("filechooser", { timeout: 15000 }).catch(() => null);
    await d.button("import");
    const chooser = await fc;
    out.chooser = !!chooser;
    if (chooser && file) {
      await chooser.setFiles(file);
      const s = await d.until((x) => x.panel !== null, "the import question", 15000);
      out.panel = s.panel; out.panel_title = s.panel_title; out.panel_buttons = s.panel_buttons;
      out.shot = await d.shot("export-import");
    }
    await d.home();
    return out;
  },
  // bench/web_frames.py --start: Python start to the first home frame, and its steps
  async start(d) {
    return await d.probe("python_start", {});
  },
  // bench/web_frames.py: the scripted frame benchmark run inside the page (probe.bench_run)
  async bench(d) {
    const r = await d.probe("bench_run", cfg.bench || {});
    return { tables: r, first_draw: (await d.state()).first_draw };
  },
  async offline_reload(d) {
    // the service worker controls the page and has kept every file (the harness posts them)
    await d.page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 30000 });
    await d.page.evaluate(async () => {
      const urls = performance.getEntriesByType("resource").map((e) => e.name).concat([location.href]);
      navigator.serviceWorker.controller.postMessage({ type: "cache-urls", urls });
    });
    // every file the page loaded (and the page itself) must be in a cache before going offline
    const t0 = Date.now();
    let missing = null, cached = 0, wanted = 0;
    while (Date.now() - t0 < 60000) {
      [missing, cached, wanted] = await d.page.evaluate(async () => {
        const urls = performance.getEntriesByType("resource").map((e) => e.name).concat([location.href])
          .filter((u) => /^https?:/.test(u));
        const miss = [];
        for (const u of urls) if (!(await caches.match(u, { ignoreVary: true }))) miss.push(u);
        return [miss, urls.length - miss.length, urls.length];
      });
      if (!missing.length) break;
      await sleep(300);
    }
    const want = wanted;
    await d.server.close();
    await d.ctx.setOffline(true);
    const r = await load(d, true);
    await d.ctx.setOffline(false);
    return { cached, wanted: want, missing, seconds: r.seconds, scene: r.state.scene, draws: r.state.draws };
  },
};

const out = { runs: {} };
const browser = await chromium.launch({ executablePath: cfg.chromium, headless: true, args: ARGS });
let firstPort = cfg.port;
// one run: its context, server, page load and scenarios, into out.runs[run.name]
async function runOne(run) {
  const res = (out.runs[run.name] = { scenarios: {}, errors: {} });
  const port = firstPort;
  firstPort = 0;
  const server = await newServer(port);
  const ctx = await browser.newContext({ viewport: { width: run.width, height: run.height }, hasTouch: !!run.touch,
    isMobile: false, deviceScaleFactor: 1, locale: run.locale || "en-US", serviceWorkers: run.sw ? "allow" : "block" });
  try {
    const page = await ctx.newPage();
    // Playwright's own waits (a screenshot, an element) default to 30 s of the wall clock, which a
    // pause of the machine (quiet.sh stops the browser for minutes) runs down: 5 minutes instead;
    // the harness's own waits count time that a pause does not run down (waitClock)
    page.setDefaultTimeout(300000);
    const logs = [];
    page.on("console", (m) => { if (logs.length < 200) logs.push(m.type() + ": " + m.text()); });
    page.on("pageerror", (e) => logs.push("pageerror: " + e.message));
    const d = new Driver(ctx, page, run, server);
    try {
      res.load = await load(d, run.sw);
      for (const name of run.scenarios) {
        const t0 = Date.now();
        try {
          if (name === "reload") {
            await page.reload();
            res.scenarios.reload = await load(d, run.sw).then((r) => ({ seconds: r.seconds }));
            continue;
          }
          res.scenarios[name] = await SCENARIOS[name](d);
        } catch (e) {
          res.errors[name] = String((e && e.stack) || e).slice(0, 3000);
        }
        res.scenarios[name] = Object.assign(res.scenarios[name] || {}, { scenario_seconds: (Date.now() - t0) / 1000 });
      }
    } catch (e) {
      res.errors.load = String((e && e.stack) || e).slice(0, 3000);
    }
    res.console = logs.filter((l) => /^(error|pageerror):|Traceback/.test(l)).slice(0, 40);
  } finally {
    await ctx.close();
    await server.close().catch(() => {});
  }
}
// the runs in order, cfg.parallel of them at once (each lane takes the next run when its own ends)
const queue = [...cfg.runs];
const lanes = Math.max(1, Math.min(Number(cfg.parallel) || 1, queue.length));
await Promise.all(Array.from({ length: lanes }, async () => {
  while (queue.length && !out.error) {
    try {
      await runOne(queue.shift());
    } catch (e) {
      out.error = String((e && e.stack) || e);
    }
  }
}));
await browser.close();
// exit once the whole line is written (a pipe takes 64 kB at a time; exiting at once cuts it)
process.stdout.write(JSON.stringify(out) + "\n", () => process.exit(0));
