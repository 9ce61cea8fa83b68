// Klondike's search state operations (games/solvers/klondike.py's _Problem: key, won,
// reachable, moves, apply/_apply, _auto, and the helpers they use: _column_info,
// _foundation_info, _safe, _mask, blocked, _dead), in JavaScript, line by line, for the page's
// JavaScript engine: the first part of Klondike's search there, as games/solvers/spider_beam.js is
// Spider's whole search. NOT WIRED INTO THE APP YET: no Python module loads it and the search lanes
// (KlondikeSolver's depth-first, progress, rollout and proof lanes) are still Python only; what is
// here is tested against the Python, operation by operation (tests/test_solver_klondike_js.py:
// the same moves in the same order, keys, positions after a move, safe moves played home and
// rule 5's answers), and timed against it by bench/klondike_js.py (docs/solvers.md, Klondike,
// item 1, "Session 30"). The bridge is spider_beam.js's: one global object,
// globalThis.pasyansKlondike, and ask(name, argument), strings in and out.
//
// The compact state of klondike.py, with bytes as strings of char codes (below 256, so strings
// sort and compare as the bytes do): a state is [cols, T, p, f, P] — cols seven column strings
// (char 0 the number of face-down cards, then the cards bottom to top, each suit * 16 + rank), T
// the talon (waste bottom first, then the stock in drawing order), p how many of T are the waste,
// f the four foundation heights (C D H S), P the pending columns (rule 4 of klondike.py: a sorted
// array of column strings, "" an empty column to fill). A macro move is [priority, kind, a, dst, k]
// and an intent [kind, a, dst], as in klondike.py.
(function (g) {
  "use strict";
  const CACHE_MAX = 1 << 14; // entries of each speed-up cache (cleared when full; answers do not depend on them)
  const HOME = -1;
  const K_COL = 0, K_TALON = 1, K_FOUND = 2;
  const P_REVEAL_HOME = 0, P_REVEAL = 1, P_TALON_HOME = 2, P_HOME = 3, P_TALON = 4, P_EMPTY = 5, P_PARTIAL = 6,
    P_BACK = 7;
  const P_TALON_ENABLES = 1.6;

  // the tables of klondike.py: RED, ON, UNDER, UNM (as two 32-bit halves), RC, ONRC
  const RED = [], ON = [], UNDER = [], UNM_LO = [], UNM_HI = [], RC = [], ONRC = [];
  for (let c = 0; c < 64; c++) RED.push((c >> 4) === 1 || (c >> 4) === 2);
  for (let c = 0; c < 64; c++) {
    const on = [];
    if ((c & 15) >= 1 && (c & 15) <= 12) {
      for (let x = 0; x < 64; x++) {
        if ((x & 15) === (c & 15) + 1 && (x & 15) <= 13 && (x >> 4) < 4 && RED[x] !== RED[c]) on.push(x);
      }
    }
    ON.push(on);
  }
  for (let x = 0; x < 64; x++) {
    const under = [];
    for (let c = 0; c < 64; c++) if (ON[c].includes(x)) under.push(c);
    UNDER.push(under);
    let lo = 0, hi = 0;
    for (const c of under) {
      if (c < 32) lo |= 1 << c;
      else hi |= 1 << (c - 32);
    }
    UNM_LO.push(lo);
    UNM_HI.push(hi);
  }
  for (let c = 0; c < 64; c++) RC.push(1 << (2 * (c & 15) + (RED[c] ? 1 : 0)));
  for (let c = 0; c < 64; c++) ONRC.push(ON[c].length ? RC[ON[c][0]] : 0);
  const KINGS = [13, 29, 45, 61];
  const CHR = [];
  for (let i = 0; i < 256; i++) CHR.push(String.fromCharCode(i));
  const last = (s) => s.charCodeAt(s.length - 1);

  // the cards of T as a bit mask, [cards 0-31, cards 32-63]
  function mask(T) {
    let lo = 0, hi = 0;
    for (let i = 0; i < T.length; i++) {
      const c = T.charCodeAt(i);
      if (c < 32) lo |= 1 << c;
      else hi |= 1 << (c - 32);
    }
    return [lo, hi];
  }
  const has = (m, c) => (c < 32 ? (m[0] >>> c) & 1 : (m[1] >>> (c - 32)) & 1);

  // _column_info: [n, d, top, RC[top], ONRC of the base over face-down cards, ONRC of the face-up
  // cards, a king over face-down cards, top's suit, top's rank - 1, sources [k, bit, ON, priority, ys, yr]]
  function columnInfo(b) {
    const n = b.length;
    const d = b.charCodeAt(0);
    if (n === 1) return [n, d, -1, 0, 0, 0, false, -1, -2, []];
    let m = 0;
    const srcs = [];
    const a0 = 1 + d;
    for (let k = a0; k < n; k++) {
      const x = b.charCodeAt(k);
      const bit = ONRC[x];
      m |= bit;
      if (!bit) continue;
      if (k === a0) srcs.push([k, bit, ON[x], d ? P_REVEAL - d * 0.01 : P_EMPTY, -1, 0]);
      else {
        const y = b.charCodeAt(k - 1);
        srcs.push([k, bit, ON[x], P_PARTIAL, y >> 4, (y & 15) - 1]);
      }
    }
    const t = last(b);
    const base = b.charCodeAt(a0);
    return [n, d, t, RC[t], d ? ONRC[base] : 0, m, d > 0 && (base & 15) === 13, t >> 4, (t & 15) - 1, srcs];
  }

  // _safe: whether c (next on its foundation) can go home for good (rule 1)
  function safe(c, f) {
    const r = c & 15;
    if (r <= 2) return true;
    const s = c >> 4;
    if (RED[c]) return f[0] >= r - 1 && f[3] >= r - 1 && f[3 - s] >= r - 2;
    return f[1] >= r - 1 && f[2] >= r - 1 && f[3 - s] >= r - 2;
  }

  // the test written out in klondike.py's apply, _apply and _auto: is c, a new column top, a safe
  // card that goes home next?
  function safeNext(c, f) {
    const s = c >> 4;
    const h = f[s];
    return (c & 15) === h + 1 && (h < 2 || (h < 13 && f[3 - s] >= h - 1 && (
      (s === 0 || s === 3) ? (f[1] >= h && f[2] >= h) : (f[0] >= h && f[3] >= h))));
  }

  // _foundation_info: [the next card of each suit not complete, the tops that may come back [s, x1, x2]]
  function foundationInfo(f) {
    const nxt = [];
    for (let s = 0; s < 4; s++) if (f[s] < 13) nxt.push((s << 4) | (f[s] + 1));
    const back = [];
    for (let s = 0; s < 4; s++) {
      const h = f[s];
      if (h <= 2 || safe((s << 4) | h, f)) continue;
      back.push(h === 13 ? [s, -1, -1] : [s, ON[(s << 4) | h][0], ON[(s << 4) | h][1]]);
    }
    return [nxt, back];
  }

  // bisect.insort on a sorted array of strings
  function insort(L, x) {
    let lo = 0, hi = L.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (x < L[mid]) hi = mid;
      else lo = mid + 1;
    }
    L.splice(lo, 0, x);
  }

  // rule 5's marks: every card with the two it may lie on (-1, -1: a king), kings first
  const AV_ORDER = [];
  for (let r = 13; r >= 1; r--) {
    for (let q = r; q < 64; q += 16) AV_ORDER.push((q & 15) < 13 ? [q, ON[q][0], ON[q][1]] : [q, -1, -1]);
  }
  const OUT = new Map(); // blocked(): the cards out of the columns, by the column cards (a cache)

  // stay.find(1, from, to) of klondike.py's bytearray
  function find1(stay, from, to) {
    for (let i = from; i < to; i++) if (stay[i] === 1) return i;
    return -1;
  }

  // blocked: whether some column card can never move again (rule 5 of klondike.py)
  const H = new Int32Array(7), AV = new Uint8Array(64), STAY = new Uint8Array(64), LOW = new Int32Array(4);
  function blocked(cols) {
    const h = H, av = AV, stay = STAY, low = LOW;
    let left = 0, empty = false;
    for (let c = 0; c < 7; c++) {
      h[c] = cols[c].length - 1;
      left += h[c];
      if (!h[c]) empty = true;
    }
    if (!left) return false;
    av.fill(0);
    stay.fill(0);
    let lo = 0, hi = 0; // stay as a mask: the cache's key
    for (const b of cols) {
      for (let i = 1; i < b.length; i++) {
        const x = b.charCodeAt(i);
        stay[x] = 1;
        if (x < 32) lo |= 1 << x;
        else hi |= 1 << (x - 32);
      }
      if (b.length > 1) av[last(b)] = 1;
    }
    const sk = lo + ":" + hi;
    let out = OUT.get(sk);
    if (out === undefined) {
      if (OUT.size >= CACHE_MAX) OUT.clear();
      out = AV_ORDER.filter((e) => !stay[e[0]]);
      OUT.set(sk, out);
    }
    for (let s = 0; s < 4; s++) low[s] = find1(stay, 16 * s, 16 * s + 16);
    for (;;) {
      let changed = false;
      for (let e = 0; e < out.length; e++) {
        const o = out[e], a = o[1];
        av[o[0]] = a < 0 ? (empty ? 1 : 0) : av[a] | av[o[2]];
      }
      for (let c = 0; c < 7; c++) {
        const b = cols[c];
        let hc = h[c];
        while (hc) {
          const u = b.charCodeAt(hc);
          if (low[u >> 4] < u) {
            const d = b.charCodeAt(0);
            let j = hc - 1;
            for (;;) {
              const v = b.charCodeAt(1 + j);
              if ((v & 15) === 13) {
                if (empty) break;
              } else {
                const on = ON[v];
                if (av[on[0]] || av[on[1]]) break;
              }
              if (j > d && ON[v].includes(b.charCodeAt(j))) j -= 1;
              else {
                j = -1;
                break;
              }
            }
            if (j < 0) break;
          }
          stay[u] = 0;
          if (low[u >> 4] === u) low[u >> 4] = find1(stay, u + 1, (u | 15) + 1);
          hc -= 1;
          h[c] = hc;
          left -= 1;
          if (!left) return false;
          if (hc) av[b.charCodeAt(hc)] = 1;
          else empty = true;
          changed = true;
        }
      }
      if (!changed) return true;
    }
  }

  // b"\xff".join(sorted(cols)) for seven columns (an insertion sort into a reused array)
  const SORTED = new Array(7);
  function joined(cols) {
    const a = SORTED;
    for (let i = 0; i < 7; i++) {
      const x = cols[i];
      let j = i;
      while (j > 0 && a[j - 1] > x) {
        a[j] = a[j - 1];
        j--;
      }
      a[j] = x;
    }
    return a.join("\xff");
  }

  // _dead: blocked, cached by the sorted columns (J, the key's column part) in cache (a Map)
  function dead(cache, cols, J) {
    let lost = cache.get(J);
    if (lost === undefined) {
      lost = blocked(cols);
      cache.set(J, lost);
    }
    return lost;
  }

  // _Problem: one search's fixed facts (the draw, the cuts) and its state operations
  function Problem(draw, partial, back, chains) {
    this.draw = draw;
    this.partial = partial;
    this.back = back;
    this.chains = chains;
    this.runs = new Map(); // column -> columnInfo(column)
    this.tmask = new Map(); // talon -> mask of its cards
    this.reach = new Map(); // len(T) * 256 + p -> reachable(T, p)
    this.fx = new Map(); // foundations -> foundationInfo(foundations)
    this.infos = new Array(7); // moves(): the columns' infos, the tops' columns, the tops in column order
    this.topj = new Int8Array(64).fill(-1);
    this.tops = [];
  }
  const P = Problem.prototype;

  P.key = function (st) {
    const k = joined(st[0]) + "\xfe" + st[1];
    return this.draw === 3 ? k + CHR[st[2]] : k;
  };

  P.won = function (st) {
    if (st[1].length) return false;
    for (const b of st[0]) if (b.charCodeAt(0)) return false;
    return true;
  };

  // indices in T of the talon cards that draws and recycles bring to the waste top
  P.reachable = function (T, p) {
    const L = T.length;
    if (this.draw === 1) {
      const all = [];
      for (let i = 0; i < L; i++) all.push(i);
      return all;
    }
    const out = new Set();
    let q = p;
    for (;;) {
      if (q) out.add(q - 1);
      if (q >= L) break;
      q = Math.min(q + 3, L);
    }
    q = 0;
    while (q < L) {
      q = Math.min(q + 3, L);
      out.add(q - 1);
    }
    return Array.from(out).sort((a, b) => a - b);
  };

  P.info = function (b) {
    let c = this.runs.get(b);
    if (c === undefined) {
      if (this.runs.size >= CACHE_MAX) this.runs.clear();
      c = columnInfo(b);
      this.runs.set(b, c);
    }
    return c;
  };

  // the macro moves of st, best first (a stable sort by priority)
  P.moves = function (st) {
    const cols = st[0], T = st[1], p = st[2], f = st[3];
    const info = this.infos;
    for (let j = 0; j < 7; j++) info[j] = this.info(cols[j]);
    const topj = this.topj; // every entry -1 between calls
    const tops = this.tops; // [top, column] in column order (topj.items())
    tops.length = 0;
    let tm = 0, wanted = 0, empty = -1;
    for (let j = 0; j < 7; j++) {
      const c = info[j];
      const t = c[2];
      if (t >= 0) {
        topj[t] = j;
        tops.push(t, j);
        tm |= c[3];
        wanted |= c[4];
      } else if (empty < 0) empty = j;
    }
    const fk = ((f[0] * 14 + f[1]) * 14 + f[2]) * 14 + f[3];
    let fx = this.fx.get(fk);
    if (fx === undefined) {
      if (this.fx.size >= CACHE_MAX) this.fx.clear();
      fx = foundationInfo(f);
      this.fx.set(fk, fx);
    }
    const out = [];
    const partial = this.partial;
    for (let i = 0; i < 7; i++) {
      const c = info[i];
      const n = c[0], d = c[1];
      if (n === 1) continue;
      if (f[c[7]] === c[8]) out.push([n === 2 + d && d ? P_REVEAL_HOME : P_HOME, K_COL, i, HOME, n - 1]);
      if (c[6] && empty >= 0) out.push([P_REVEAL + 0.5 - d * 0.01, K_COL, i, empty, 1 + d]);
      if (!(c[5] & tm)) continue;
      const srcs = c[9];
      for (let e = 0; e < srcs.length; e++) {
        const src = srcs[e];
        const ys = src[4];
        if (!(src[1] & tm) || (ys >= 0 && !partial && f[ys] !== src[5])) continue;
        const xs = src[2];
        for (let h = 0; h < xs.length; h++) {
          const j = topj[xs[h]];
          if (j >= 0) out.push([src[3], K_COL, i, j, src[0]]);
        }
      }
    }
    if (T.length && (this.chains || !st[4].length)) {
      if (this.draw === 1) {
        let Tm = this.tmask.get(T);
        if (Tm === undefined) {
          if (this.tmask.size >= CACHE_MAX) this.tmask.clear();
          Tm = mask(T);
          this.tmask.set(T, Tm);
        }
        for (const c of fx[0]) if (has(Tm, c)) out.push([P_TALON_HOME, K_TALON, T.indexOf(CHR[c]), HOME, 0]);
        if (empty >= 0) {
          for (const c of KINGS) if (has(Tm, c)) out.push([P_TALON, K_TALON, T.indexOf(CHR[c]), empty, 0]);
        }
        for (let e = 0; e < tops.length; e += 2) {
          const t = tops[e], j = tops[e + 1];
          if ((UNM_LO[t] & Tm[0]) || (UNM_HI[t] & Tm[1])) {
            for (const c of UNDER[t]) {
              const q = T.indexOf(CHR[c]);
              if (q >= 0) out.push([RC[c] & wanted ? P_TALON_ENABLES : P_TALON, K_TALON, q, j, 0]);
            }
          }
        }
      } else {
        const rk = T.length * 256 + p;
        let reach = this.reach.get(rk);
        if (reach === undefined) {
          reach = this.reachable(T, p);
          this.reach.set(rk, reach);
        }
        for (const q of reach) {
          const c = T.charCodeAt(q);
          if (f[c >> 4] === (c & 15) - 1) out.push([P_TALON_HOME, K_TALON, q, HOME, 0]);
          if ((c & 15) === 13) {
            if (empty >= 0) out.push([P_TALON, K_TALON, q, empty, 0]);
            continue;
          }
          const pr = RC[c] & wanted ? P_TALON_ENABLES : P_TALON;
          for (const x of ON[c]) {
            const j = topj[x];
            if (j >= 0) out.push([pr, K_TALON, q, j, 0]);
          }
        }
      }
    }
    if (this.back) {
      for (const [s, x1, x2] of fx[1]) {
        if (x1 < 0) {
          if (empty >= 0) out.push([P_BACK, K_FOUND, s, empty, 0]);
          continue;
        }
        let j1 = topj[x1] >= 0 ? topj[x1] : 7;
        let j2 = topj[x2] >= 0 ? topj[x2] : 7;
        if (j1 > j2) [j1, j2] = [j2, j1];
        if (j1 < 7) {
          out.push([P_BACK, K_FOUND, s, j1, 0]);
          if (j2 < 7) out.push([P_BACK, K_FOUND, s, j2, 0]);
        }
      }
    }
    for (let e = 0; e < tops.length; e += 2) topj[tops[e]] = -1;
    // out.sort(key=_first), stable: an insertion sort (a few dozen moves at most)
    for (let i = 1; i < out.length; i++) {
      const x = out[i], pr = x[0];
      let j = i;
      while (j > 0 && out[j - 1][0] > pr) {
        out[j] = out[j - 1];
        j--;
      }
      out[j] = x;
    }
    return out;
  };

  // [next state, intents] after macro move m and the safe moves that follow it, or null when
  // rule 4 (pending moves) forbids m here: the common moves worked out directly, the rest by _apply
  P.apply = function (st, m) {
    const kind = m[1], a = m[2], dst = m[3], k = m[4];
    if (dst < 0 || kind === K_FOUND) return this._apply(st, m);
    let cols = st[0], P = st[4];
    const T = st[1], f = st[3];
    const to = cols[dst];
    if (kind === K_COL) {
      const b = cols[a];
      const d = b.charCodeAt(0);
      let c = b.charCodeAt(k - 1);
      let pending;
      if (k - 1 === d) {
        if (d) pending = null;
        else {
          pending = "";
          c = -1;
        }
      } else pending = a;
      if (c >= 0 && safeNext(c, f)) return this._apply(st, m);
      const fill = to.length === 1;
      if (P.length) {
        if (P.length === 1) {
          const x = P[0];
          if (x ? x !== b && x !== to : !fill) {
            if (pending === null) return null;
          } else P = [];
        } else if (P.includes(b) || P.includes(to) || (fill && !P[0])) {
          P = P.filter((x) => (x ? x !== b && x !== to : !fill));
        } else if (pending === null) return null;
      }
      const rest = pending === null ? CHR[d - 1] + b.slice(1, k) : b.slice(0, k);
      cols = cols.slice();
      cols[a] = rest;
      cols[dst] = to + b.slice(k);
      if (pending !== null) {
        if (typeof pending === "number") pending = rest;
        if (!P.length) P = [pending];
        else if (pending) {
          P = P.slice();
          insort(P, pending);
        } else if (P[0]) P = [pending].concat(P);
      }
      return [[cols, T, st[2], f, P], [[K_COL, a, dst]]];
    }
    const c = T.charCodeAt(a);
    if (safeNext(c, f)) return this._apply(st, m);
    const fill = to.length === 1;
    const draw1 = this.draw === 1;
    if (P.length) {
      if (P.length === 1) {
        const x = P[0];
        if (x ? x !== to : !fill) {
          if (!draw1) return null;
        } else P = [];
      } else if (P.includes(to) || (fill && !P[0])) {
        P = P.filter((x) => (x ? x !== to : !fill));
      } else if (!draw1) return null;
    }
    cols = cols.slice();
    const nw = to + CHR[c];
    cols[dst] = nw;
    if (draw1) {
      if (!P.length) P = [nw];
      else {
        P = P.slice();
        insort(P, nw);
      }
    }
    return [[cols, T.slice(0, a) + T.slice(a + 1), a, f, P], [[K_TALON, c, dst]]];
  };

  // apply for any move
  P._apply = function (st, m) {
    let T = st[1], p = st[2], f = st[3], P = st[4];
    const kind = m[1], a = m[2], dst = m[3], k = m[4];
    const cols = st[0].slice();
    let pending = null;
    let intents, fill, c;
    if (kind === K_COL) {
      const b = cols[a];
      const d = b.charCodeAt(0);
      const rest = k - 1 === d && d ? CHR[d - 1] + b.slice(1, k) : b.slice(0, k);
      cols[a] = rest;
      intents = [[K_COL, a, dst]];
      if (dst >= 0) {
        const to = cols[dst];
        fill = to.length === 1;
        cols[dst] = to + b.slice(k);
        if (k > d + 1) pending = a;
        else if (!d) pending = "";
        c = rest.length > 1 ? last(rest) : 0;
      } else {
        fill = false;
        f = f.slice();
        f[b.charCodeAt(k) >> 4] += 1;
        c = -1;
      }
    } else if (kind === K_TALON) {
      c = T.charCodeAt(a);
      T = T.slice(0, a) + T.slice(a + 1);
      p = a;
      intents = [[K_TALON, c, dst]];
      if (dst >= 0) {
        const to = cols[dst];
        fill = to.length === 1;
        cols[dst] = to + CHR[c];
        if (this.draw === 1) pending = dst;
      } else {
        fill = false;
        f = f.slice();
        f[c >> 4] += 1;
        c = -1;
      }
    } else {
      f = f.slice();
      c = (a << 4) | f[a];
      f[a] -= 1;
      intents = [[K_FOUND, a, dst]];
      const to = cols[dst];
      fill = to.length === 1;
      cols[dst] = to + CHR[c];
    }
    const auto = c > 0 ? safeNext(c, f) : c < 0;
    if (auto) {
      if (f === st[3]) f = f.slice();
      const top = typeof pending === "number" ? last(cols[pending]) : -1;
      const r = this._auto(cols, T, p, f, intents);
      T = r[0];
      p = r[1];
      if (top >= 0) pending = last(cols[pending]) === top && cols[pending].length > 1 ? cols[pending] : null;
    } else if (typeof pending === "number") pending = cols[pending];
    if (P.length) {
      if (P.length === 1) {
        const x = P[0];
        if (x ? cols.includes(x) : !fill) {
          if (pending === null) return null;
        } else P = [];
      } else {
        const left = P.filter((x) => (x ? cols.includes(x) : !fill));
        if (left.length === P.length && pending === null) return null;
        P = left;
      }
    }
    if (pending !== null) {
      if (!P.length) P = [pending];
      else if (!P.includes(pending)) P = P.concat([pending]).sort();
    }
    return [[cols, T, p, f, P], intents];
  };

  // play safe cards home in place (rule 1) in cols and f (arrays), intents appended: [T, p] after
  P._auto = function (cols, T, p, f, intents) {
    let talon = this.draw === 1 && T.length > 0;
    let s = 0;
    while (s < 4) {
      const h = f[s];
      if (h < 2 || (h < 13 && f[3 - s] >= h - 1 && (
        (s === 0 || s === 3) ? (f[1] >= h && f[2] >= h) : (f[0] >= h && f[3] >= h)))) {
        const c = (s << 4) | (h + 1);
        let i = 0;
        for (; i < 7; i++) {
          const b = cols[i];
          if (last(b) === c && b.length > 1) {
            f[s] += 1;
            let rest = b.slice(0, -1);
            const d = rest.charCodeAt(0);
            if (d && rest.length - 1 === d) rest = CHR[d - 1] + rest.slice(1);
            cols[i] = rest;
            intents.push([K_COL, i, HOME]);
            s = -1;
            break;
          }
        }
        if (i === 7 && talon) {
          const q = T.indexOf(CHR[c]);
          if (q >= 0) {
            T = T.slice(0, q) + T.slice(q + 1);
            p = q;
            f[s] += 1;
            intents.push([K_TALON, c, HOME]);
            talon = T.length > 0;
            s = -1;
          }
        }
      }
      s += 1;
    }
    return [T, p];
  };

  // the work of expanding states as klondike.py's depth-first lanes do (bench/klondike_js.py): every
  // move applied, the child's key looked up in a visited set, rule 5 asked of the children with
  // nothing pending, moves generated for the new ones
  function expand(problems, states, seen, deadCache) {
    let children = 0, fresh = 0, lost = 0;
    for (const [j, st] of states) {
      const pb = problems[j];
      for (const m of pb.moves(st)) {
        const r = pb.apply(st, m);
        if (r === null) continue;
        children++;
        const nxt = r[0];
        const J = joined(nxt[0]);
        let key = j + J + "\xfe" + nxt[1] + (pb.draw === 3 ? CHR[nxt[2]] : "") + "\xfd";
        for (const x of nxt[4]) key += "\xfc" + x;
        if (seen.has(key)) continue;
        seen.add(key);
        fresh++;
        if (!nxt[4].length && dead(deadCache, nxt[0], J)) {
          lost++;
          continue;
        }
        pb.moves(nxt);
      }
    }
    return [children, fresh, lost];
  }

  // the JSON forms of the bridge: a string as a list of char codes is not needed, since JSON
  // carries strings of char codes below 256 as they are (Python: bytes.decode("latin-1"))
  const problemOf = (spec) => new Problem(spec[0], spec[1], spec[2], spec[3]);

  const api = {
    version: 1,
    // the tests: {problems: [[draw, partial, back, chains], ...], states: [[problem index, state], ...],
    // raw: [[draw, cols, T, p, f], ...]} -> for each state {key, won, moves, applied: [[state,
    // intents] or null by move], blocked}, and for each raw position its _auto: [cols, T, p, f, intents]
    check(text) {
      const spec = JSON.parse(text);
      const problems = spec.problems.map(problemOf);
      const states = spec.states.map(([j, st]) => {
        const pb = problems[j];
        const ms = pb.moves(st);
        return {
          key: pb.key(st), won: pb.won(st), moves: ms, applied: ms.map((m) => pb.apply(st, m)),
          blocked: blocked(st[0]), reachable: pb.reachable(st[1], st[2]),
        };
      });
      const auto = spec.raw.map(([draw, cols, T, p, f]) => {
        const intents = [];
        cols = cols.slice();
        f = f.slice();
        const r = new Problem(draw, true, true, true)._auto(cols, T, p, f, intents);
        return [cols, r[0], r[1], f, intents];
      });
      return JSON.stringify({ states: states, auto: auto });
    },
    // the bench: {problems, states (as for check), reps} -> {seconds of each rep, children, fresh, lost}
    // (each rep with new problems, visited set and rule 5's cache: every rep does the same work),
    // timed by globalThis.pasyansMainThreadCpu (seconds of CPU; bench/klondike_js.py defines it in
    // Node) where defined, else by the wall clock
    expand(text) {
      const spec = JSON.parse(text);
      const clock = typeof g.pasyansMainThreadCpu === "function" ? g.pasyansMainThreadCpu : () => performance.now() / 1000;
      const seconds = [];
      let counts = null;
      for (let r = 0; r < spec.reps; r++) {
        const problems = spec.problems.map(problemOf);
        OUT.clear();
        const t0 = clock();
        counts = expand(problems, spec.states, new Set(), new Map());
        seconds.push(clock() - t0);
      }
      return JSON.stringify({ seconds: seconds, children: counts[0], fresh: counts[1], lost: counts[2] });
    },
  };
  // one entry for the bridge: strings in, a string out; an exception comes back as "!error ..."
  api.ask = function (name, arg) {
    try {
      return String(api[name](String(arg)));
    } catch (e) {
      return "!error " + (e && e.stack ? e.stack : String(e));
    }
  };
  g.pasyansKlondike = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
