// The 4-suit Spider search of games/solvers/spider.py (SpiderBeam over _Problem's moves), in
// JavaScript, for the browser: the same search node for node (the same successors in the same
// order, the same priorities, the same heap and candidate order, the same visited set), run by the
// page's JavaScript engine instead of CPython compiled to WebAssembly. games/solvers/spider_js.py
// loads this file as text, evaluates it in the page (window.eval) and drives it through
// globalThis.pasyansSpider.ask(name, argument): strings in, strings out (the bridge pygbag offers
// is the one ui/storage.py uses for localStorage). tests/test_solver_spider_js.py proves the
// identity against the Python search.
//
// A column is a string of char codes, one a card from the bottom: the card's value
// (suit * 16 + rank, below 64) plus 64 while it is face down (spider.py's bytes, as a string). A
// state is {c: ten column strings, sp: deals made}. A move is -1 (the deal), a * 256 + b * 16 + n
// (n cards from column a onto column b, 0-based), or [a, b, n, steps] (a macro: its single moves
// [x, y, n]; the fill before a deal is [-1, -1, 0, steps]).
(function (g) {
  "use strict";
  const DOWN = 64, RUN = 13, NC = 10, DEAL = -1;
  const OUT_MAX = 2048; // successors of one state at most (10 columns x 9 targets, to-empty moves, macros: far fewer)
  const SEP = "\u0100"; // between columns in a visited-set key (cards are below 128)
  const FILL_PRIORITY = -1099511627776; // -(1 << 40): the fill before a deal is expanded at once
  const COMPLETE = [0, 1, 2, 3].map((su) => {
    let s = "";
    for (let r = 13; r >= 1; r--) s += String.fromCharCode(su * 16 + r);
    return s;
  });
  const COLS_OF = [];
  for (let m = 0; m < 1 << NC; m++) {
    const l = [];
    for (let i = 0; i < NC; i++) if ((m >> i) & 1) l.push(i);
    COLS_OF.push(l);
  }
  const last = (s) => s.charCodeAt(s.length - 1);
  // a typed array twice as long, its first half a copy of ``a``
  const grown = (a) => {
    const b = new a.constructor(2 * a.length);
    b.set(a);
    return b;
  };

  // _settle: complete K..A runs at the open end leave, a face-down top card turns up
  function settle(col) {
    for (;;) {
      if (col.length && last(col) >= DOWN) col = col.slice(0, -1) + String.fromCharCode(last(col) - DOWN);
      const t = col.length ? last(col) : 0;
      if (col.length >= RUN && (t & 15) === 1 && col.endsWith(COMPLETE[(t >> 4) & 3])) {
        col = col.slice(0, -RUN);
        continue;
      }
      return col;
    }
  }

  // the visited set: states of the pool by index, in open addressing. A state's key is its ten
  // column ids and sp while the stock lasts; once it is empty the ids as a multiset (any
  // permutation of the columns then plays the same): spider.py's _Problem.key. Its hash is a sum
  // of one mixed term a column (by place while the stock lasts, by id alone once it is empty), so
  // a successor's hash follows from its parent's by the two columns a move changes; two states
  // whose hashes match are compared in full (P.same), so the set is exact.
  function fmix(h) {
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return h ^ (h >>> 16);
  }
  const SALT = new Int32Array(NC); // a column's place while the stock lasts
  for (let i = 0; i < NC; i++) SALT[i] = fmix(0x27d4eb2f + i);
  const END = 0x165667b1; // the term of an empty stock (sp once the stock is empty is not mixed in)
  // the term of the column ``id`` at a place of salt ``salt`` (0 once the stock is empty)
  const term = (id, salt) => fmix((Math.imul(id + 1, 0x9e3779b1) + salt) | 0);
  function StateSet(p) {
    this.p = p;
    this.size = 1 << 16;
    // slot i: table[2i] the state's hash, table[2i + 1] its index in the pool plus one (0: free)
    this.table = new Int32Array(2 * this.size);
    this.n = 0;
  }
  // add state s of the pool, of hash h (P.hashOf), unless an equal state is there: true when added
  StateSet.prototype.add = function (s, h) {
    const mask = this.size - 1, table = this.table, p = this.p;
    let i = h & mask;
    for (;;) {
      const e = table[2 * i + 1];
      if (e === 0) break;
      if (table[2 * i] === h && p.same(e - 1, s)) return false;
      i = (i + 1) & mask;
    }
    table[2 * i] = h;
    table[2 * i + 1] = s + 1;
    if (++this.n * 2 > this.size) this.rehash();
    return true;
  };
  StateSet.prototype.rehash = function () {
    const old = this.table, oldSize = this.size;
    this.size *= 2;
    const mask = this.size - 1, table = new Int32Array(2 * this.size);
    for (let j = 0; j < oldSize; j++) {
      const e = old[2 * j + 1];
      if (e === 0) continue;
      const h = old[2 * j];
      let i = h & mask;
      while (table[2 * i + 1] !== 0) i = (i + 1) & mask;
      table[2 * i] = h;
      table[2 * i + 1] = e;
    }
    this.table = table;
  };

  // the destination columns a move makes, by (source column id, destination id * 16 + cards
  // moved): the new column's id, or minus one more than it when a run completed and left; open
  // addressing, slot i: src + 1 (0: free), the key, the value at 3i, 3i + 1, 3i + 2
  function JoinTable() {
    this.size = 1 << 12;
    this.t = new Int32Array(3 * this.size);
    this.n = 0;
  }
  const joinHash = (src, key) => fmix((Math.imul(src, 0x9e3779b1) + key) | 0);
  // the value of (src, key), or 0x7fffffff when there is none
  JoinTable.prototype.get = function (src, key) {
    const t = this.t, mask = this.size - 1;
    for (let i = joinHash(src, key) & mask; ; i = (i + 1) & mask) {
      const e = t[3 * i];
      if (e === 0) return 0x7fffffff;
      if (e === src + 1 && t[3 * i + 1] === key) return t[3 * i + 2];
    }
  };
  JoinTable.prototype.set = function (src, key, v) {
    if (2 * (this.n + 1) > this.size) {
      const old = this.t, oldSize = this.size;
      this.size *= 2;
      this.t = new Int32Array(3 * this.size);
      this.n = 0;
      for (let j = 0; j < oldSize; j++) if (old[3 * j]) this.set(old[3 * j] - 1, old[3 * j + 1], old[3 * j + 2]);
    }
    const t = this.t, mask = this.size - 1;
    let i = joinHash(src, key) & mask;
    while (t[3 * i] !== 0) i = (i + 1) & mask;
    t[3 * i] = src + 1;
    t[3 * i + 1] = key;
    t[3 * i + 2] = v;
    this.n++;
  };

  // _Problem: the fixed parts of one search, its columns (each distinct column string once, by
  // id: cstr, its facts in typed arrays by id, P.need) and its states (ten column ids each in
  // pool, deals made in spOf)
  function Problem(spec) {
    this.deals = spec.deals;
    this.nd = spec.deals.length;
    this.stockLeft = [];
    for (let i = 0; i <= this.nd; i++) {
      let n = 0;
      for (let d = i; d < this.nd; d++) n += spec.deals[d].length;
      this.stockLeft.push(n);
    }
    this.relaxed = !!spec.relaxed;
    this.macros = !!spec.macros;
    this.split = !!spec.split_to_empty;
    this.w = spec.weights; // LANES[0] in SCALE units
    this.cstr = [""];
    this.cid = new Map([["", 0]]);
    this.csegs = [null];
    // a column's facts by id once cDone (id 0, the empty column: no run, no top card): the run
    // at its top (cK cards, the lowest cCard, of rank cTop), its cost and work, cWhole (the
    // cost's change when the whole run leaves), and at cRest in restPool for n = 1..cK the id
    // of the column left when the top n cards leave (its end turned up), at the same place in
    // runPool the id of those n cards as a column (-1: not interned yet)
    this.cDone = new Uint8Array(1024);
    this.cDone[0] = 1;
    this.cK = new Int32Array(1024);
    this.cTop = new Int32Array(1024);
    this.cCard = new Int32Array(1024);
    this.cWork = new Int32Array(1024);
    this.cRest = new Int32Array(1024);
    this.cCost = new Float64Array(1024);
    this.cWhole = new Float64Array(1024);
    this.restPool = new Int32Array(4096);
    this.runPool = new Int32Array(4096);
    this.nRest = 0;
    this.joins = new JoinTable();
    // the macros' moves (a move -2 - i is the i-th): at mAt[i] in mPool its a, b, n, the count of
    // its single moves, then each as x, y, n (the fill before a deal: -1, -1, 0)
    this.mPool = new Int32Array(4096);
    this.mAt = new Int32Array(1024);
    this.nMacro = 0;
    this.mN = 0;
    this.pool = new Int32Array(NC * 4096);
    this.spOf = new Int32Array(4096);
    this.ns = 0;
    const cols = spec.columns.map((l) => String.fromCharCode(...l));
    this.buried = cols.some((col) => COMPLETE.some((run) => col.includes(run)));
    this.root = this.newState(Int32Array.from(cols, (c) => this.intern(c)), 0);
    this.rootSp = 0;
    this.pruned = false;
    this.lastWork = 0;
    // scratch: a state's ids, a new state's, two sorted keys, the hash terms of a state's columns;
    // the successors' list (read before the next call)
    this.cur = new Int32Array(NC);
    this.tmp = new Int32Array(NC);
    this.ka = new Int32Array(NC);
    this.kb = new Int32Array(NC);
    this.terms = new Int32Array(NC);
    this.tops = new Int32Array(NC);
    this.at = new Int32Array(16);
    this.atc = new Int32Array(64);
    this.empties = new Int32Array(NC); // the empty columns of the state expanded, nEmpty of them
    this.nEmpty = 0;
    this.h0 = 0; // the expanded state's hash before its last mix, and whether its key is sorted
    this.sortedKey = false;
    this.outM = new Int32Array(OUT_MAX);
    this.outS = new Int32Array(OUT_MAX);
    this.outP = new Float64Array(OUT_MAX); // the fill's priority is -2^40
    this.nOut = 0;
  }
  const P = Problem.prototype;

  // one successor: its move, its state's index (-1: a deal not made) and its priority
  P.put = function (m, s, pr) {
    const i = this.nOut++;
    this.outM[i] = m;
    this.outS[i] = s;
    this.outP[i] = pr;
  };

  // a new macro's move: a, b, n, then its single moves by macroStep; its move number
  P.macroStart = function (a, b, n) {
    if (this.mN + 4 + 3 * (2 * NC + 1) > this.mPool.length) this.mPool = grown(this.mPool);
    if (this.nMacro === this.mAt.length) this.mAt = grown(this.mAt);
    const o = this.mN, mp = this.mPool;
    this.mAt[this.nMacro] = o;
    mp[o] = a;
    mp[o + 1] = b;
    mp[o + 2] = n;
    mp[o + 3] = 0;
    this.mN = o + 4;
    return -2 - this.nMacro++;
  };
  P.macroStep = function (x, y, n) {
    const mp = this.mPool, o = this.mN;
    mp[o] = x;
    mp[o + 1] = y;
    mp[o + 2] = n;
    mp[this.mAt[this.nMacro - 1] + 3]++;
    this.mN = o + 3;
  };
  // the macro move m as [a, b, n, [[x, y, n], ...]] (spider.py's)
  P.macro = function (m) {
    const mp = this.mPool, o = this.mAt[-2 - m], steps = [];
    for (let i = 0; i < mp[o + 3]; i++) steps.push([mp[o + 4 + 3 * i], mp[o + 5 + 3 * i], mp[o + 6 + 3 * i]]);
    return [mp[o], mp[o + 1], mp[o + 2], steps];
  };

  P.intern = function (col) {
    let id = this.cid.get(col);
    if (id === undefined) {
      id = this.cstr.length;
      this.cstr.push(col);
      this.cid.set(col, id);
      this.csegs.push(undefined);
      if (id === this.cDone.length) {
        this.cDone = grown(this.cDone);
        this.cK = grown(this.cK);
        this.cTop = grown(this.cTop);
        this.cCard = grown(this.cCard);
        this.cWork = grown(this.cWork);
        this.cRest = grown(this.cRest);
        this.cCost = grown(this.cCost);
        this.cWhole = grown(this.cWhole);
      }
    }
    return id;
  };

  // the index of the next state (this.ns), room made for it in the pool: a new state is written
  // there, then kept by this.ns++ (a visited one is left to be written over)
  P.slot = function () {
    const s = this.ns;
    if ((s + 1) * NC > this.pool.length) {
      const np = new Int32Array(this.pool.length * 2);
      np.set(this.pool);
      this.pool = np;
      const ns = new Int32Array(this.spOf.length * 2);
      ns.set(this.spOf);
      this.spOf = ns;
    }
    return s;
  };
  // a new state of the ten ids in ``ids`` and ``sp``: its index
  P.newState = function (ids, sp) {
    const s = this.slot(), pool = this.pool, o = s * NC;
    for (let i = 0; i < NC; i++) pool[o + i] = ids[i];
    this.spOf[s] = sp;
    this.ns = s + 1;
    return s;
  };
  // forget every state but the root (index 0)
  P.resetStates = function () {
    this.ns = 1;
    this.nMacro = 0;
    this.mN = 0;
  };
  P.ids = function (s, into) {
    for (let i = 0; i < NC; i++) into[i] = this.pool[s * NC + i];
    return into;
  };

  // [run length at the top, cost, work, top rank] of a non-empty column, afresh (_facts)
  P.facts = function (col) {
    const n = col.length, w = this.w;
    let down = 0;
    while (down < n && col.charCodeAt(down) >= DOWN) down++;
    let unordered = 0, offsuit = 0, k = 1, runOpen = true;
    for (let i = n - 1; i > down; i--) {
      const a = col.charCodeAt(i - 1), b = col.charCodeAt(i);
      if (a === b + 1) {
        if (runOpen) k++;
      } else {
        if ((a & 15) === (b & 15) + 1) offsuit++;
        else unordered++;
        runOpen = false;
      }
    }
    return [k, w[0] * down + w[2] * unordered + w[3] * offsuit + w[4] * n, 2 * down + n, col.charCodeAt(n - 1) & 15];
  };

  // the facts of column ``id`` worked out unless they were (spider.py's _Problem.info)
  P.need = function (id) {
    if (this.cDone[id]) return;
    const col = this.cstr[id];
    const f = this.facts(col);
    const k = f[0], cost = f[1], off = this.nRest;
    while (off + k > this.restPool.length) {
      this.restPool = grown(this.restPool);
      this.runPool = grown(this.runPool);
    }
    this.nRest = off + k;
    let na = col;
    for (let m = 1; m <= k; m++) {
      na = col.slice(0, col.length - m);
      if (na.length && last(na) >= DOWN) na = na.slice(0, -1) + String.fromCharCode(last(na) - DOWN);
      const r = this.intern(na);
      this.restPool[off + m - 1] = r;
      this.runPool[off + m - 1] = -1;
    }
    this.cK[id] = k;
    this.cCost[id] = cost;
    this.cWork[id] = f[2];
    this.cTop[id] = f[3];
    this.cCard[id] = last(col);
    this.cRest[id] = off;
    this.cWhole[id] = (na.length ? this.facts(na)[1] : 0) - cost + this.w[4] * k;
    this.cDone[id] = 1;
  };
  // the id of the top n cards of column ``id`` (its facts worked out) as a column of their own
  P.runId = function (id, n) {
    const i = this.cRest[id] + n - 1;
    let r = this.runPool[i];
    if (r < 0) {
      const col = this.cstr[id];
      r = this.intern(col.slice(col.length - n));
      this.runPool[i] = r;
    }
    return r;
  };

  // the rank-ordered face-up run at the top, as cumulative lengths of its same-suit parts
  P.segments = function (id) {
    let r = this.csegs[id];
    if (r !== undefined) return r;
    const col = this.cstr[id];
    r = [];
    let i = col.length - 1, n = 1;
    while (i > 0 && col.charCodeAt(i - 1) < DOWN && (col.charCodeAt(i - 1) & 15) === (col.charCodeAt(i) & 15) + 1) {
      if (col.charCodeAt(i - 1) !== col.charCodeAt(i) + 1) r.push(n);
      n++;
      i--;
    }
    r.push(n);
    this.csegs[id] = r;
    return r;
  };

  P.priority = function (s, depth) {
    let cost = 0, empty = 0;
    for (let i = 0; i < NC; i++) {
      const id = this.pool[s * NC + i];
      if (id) {
        this.need(id);
        cost += this.cCost[id];
      } else empty++;
    }
    const stock = this.stockLeft[this.spOf[s]], w = this.w;
    return cost + w[1] * stock - (stock ? w[5] : w[6]) * empty + w[7] * depth;
  };

  P.work = function (s) {
    let n = this.stockLeft[this.spOf[s]];
    for (let i = 0; i < NC; i++) {
      const id = this.pool[s * NC + i];
      if (id) {
        this.need(id);
        n += this.cWork[id];
      }
    }
    return n;
  };

  // the visited set's hash of state s (StateSet): the sum of its columns' terms and its stock's
  P.hashOf = function (s) {
    const sp = this.spOf[s], pool = this.pool, o = s * NC, sorted = sp === this.nd;
    let h = sorted ? END : fmix(sp + 0x3c6ef372);
    for (let i = 0; i < NC; i++) h = (h + term(pool[o + i], sorted ? 0 : SALT[i])) | 0;
    return fmix(h);
  };
  // whether states s and t have the same key: the same deals made, and the same ids in the same
  // places, or once the stock is empty the same ids in any places
  P.same = function (s, t) {
    const sp = this.spOf[s];
    if (sp !== this.spOf[t]) return false;
    const pool = this.pool, os = s * NC, ot = t * NC;
    let i = 0;
    while (i < NC && pool[os + i] === pool[ot + i]) i++;
    if (i === NC) return true;
    if (sp !== this.nd) return false;
    // the same multiset of ids in other places (a transposition of moves mostly keeps the places)
    const ka = this.ka, kb = this.kb;
    for (let i = 0; i < NC; i++) {
      const v = pool[os + i], u = pool[ot + i];
      let j = i;
      while (j > 0 && ka[j - 1] > v) {
        ka[j] = ka[j - 1];
        j--;
      }
      ka[j] = v;
      j = i;
      while (j > 0 && kb[j - 1] > u) {
        kb[j] = kb[j - 1];
        j--;
      }
      kb[j] = u;
    }
    for (let i = 0; i < NC; i++) if (ka[i] !== kb[i]) return false;
    return true;
  };
  P.won = function (s) {
    if (this.spOf[s] !== this.nd) return false;
    for (let i = 0; i < NC; i++) if (this.pool[s * NC + i]) return false;
    return true;
  };

  P.dealState = function (s) {
    const tmp = this.ids(s, this.tmp), d = this.deals[this.spOf[s]];
    for (let i = 0; i < d.length; i++) tmp[i] = this.intern(settle(this.cstr[tmp[i]] + String.fromCharCode(d[i])));
    return this.newState(tmp, this.spOf[s] + 1);
  };

  P.dealPriority = function (cur, sp, base) {
    const w = this.w, d = this.deals[sp];
    let pr = base + w[1] * (this.stockLeft[sp + 1] - this.stockLeft[sp]);
    const wNat = w[4], wOff = w[4] + w[3], wBad = w[4] + w[2];
    for (let i = 0; i < d.length; i++) {
      const card = d[i];
      if (!cur[i]) return null;
      const top = this.cCard[cur[i]];
      if (top === card + 1) {
        if ((card & 15) === 1 && this.cK[cur[i]] >= RUN - 1) return null;
        pr += wNat;
      } else if ((top & 15) === (card & 15) + 1) pr += wOff;
      else pr += wBad;
    }
    return pr;
  };

  // fill_to_deal: [single moves, ids] or null
  P.fillToDeal = function (ids) {
    const cols = Array.from(ids, (id) => this.cstr[id]), steps = [];
    for (let e = 0; e < NC; e++) {
      if (cols[e].length) continue;
      let bestUp = -1, bestLen = -1, bx = -1;
      for (let x = 0; x < NC; x++) {
        const c = cols[x];
        if (c.length < 2) continue;
        let up = 0;
        while (up < c.length && c.charCodeAt(c.length - 1 - up) < DOWN) up++;
        if (bx < 0 || up > bestUp || (up === bestUp && c.length > bestLen)) {
          bestUp = up;
          bestLen = c.length;
          bx = x;
        }
      }
      if (bx < 0) return null;
      steps.push([bx, e, 1]);
      cols[e] = cols[bx].slice(-1);
      cols[bx] = settle(cols[bx].slice(0, -1));
    }
    return [steps, Int32Array.from(cols, (c) => this.intern(c))];
  };

  // the state expanded (this.cur) with column a now ``na`` and column b ``nb``, of sp ``sp``: its
  // index, kept, or -1 when ``seen`` has it (its hash from the expanded state's, this.h0 and
  // this.terms)
  P.child = function (a, na, b, nb, sp, seen) {
    const t = this.slot(), pool = this.pool, cur = this.cur, o = t * NC;
    for (let i = 0; i < NC; i++) pool[o + i] = cur[i];
    pool[o + a] = na;
    pool[o + b] = nb;
    this.spOf[t] = sp;
    if (seen !== null) {
      const terms = this.terms, sa = this.sortedKey ? 0 : SALT[a], sb = this.sortedKey ? 0 : SALT[b];
      const h = fmix((this.h0 - terms[a] - terms[b] + term(na, sa) + term(nb, sb)) | 0);
      if (!seen.add(t, h)) return -1;
    }
    this.ns = t + 1;
    return t;
  };

  // the moves of column a into the first empty column, and its macros (the rare branch of
  // successors: a table with an empty column), appended to the successors' list
  P.toEmpty = function (a, seen, sp, base, wEmpty, macros) {
    const cur = this.cur, tops = this.tops, empties = this.empties, id = cur[a];
    const k = this.cK[id], low = tops[a], firstEmpty = empties[0], nEmpty = this.nEmpty, stockLeft = sp < this.nd;
    if (k > 1 && !this.split) this.pruned = true; // pruning 4
    for (let n = this.split ? 1 : k; n <= k; n++) {
      const na = this.restPool[this.cRest[id] + n - 1];
      if (!na) {
        if (stockLeft) this.pruned = true; // pruning 2
        continue;
      }
      const t = this.child(a, na, firstEmpty, this.runId(id, n), sp, seen);
      if (t < 0) continue;
      this.put(a * 256 + firstEmpty * 16 + n, t, n < k ? base + wEmpty : base + this.cWhole[id] + wEmpty);
    }
    if (macros) {
      const col = this.cstr[cur[a]];
      const segs = this.segments(cur[a]);
      const top = Math.min(segs.length, nEmpty + 1);
      for (let si = 2; si <= top; si++) {
        const n = segs[si - 1], baseCard = col.charCodeAt(col.length - n), whole = si === segs.length;
        for (let b = 0; b < NC; b++) {
          if (b === a || tops[b] !== (baseCard & 15) + 1) continue;
          if (!whole && this.cCard[cur[b]] !== baseCard + 1) continue;
          let na = col.slice(0, col.length - n);
          if (na.length && last(na) >= DOWN) na = na.slice(0, -1) + String.fromCharCode(last(na) - DOWN);
          let nb = this.cstr[cur[b]] + col.slice(col.length - n);
          if (low === 1 && nb.length >= RUN) nb = settle(nb);
          const naId = this.intern(na), nbId = this.intern(nb);
          const t = this.child(a, naId, b, nbId, sp, seen);
          if (t < 0) continue;
          let pr = base - this.cCost[cur[a]] - this.cCost[cur[b]];
          if (naId) {
            this.need(naId);
            pr += this.cCost[naId];
          } else pr -= wEmpty;
          if (nbId) {
            this.need(nbId);
            pr += this.cCost[nbId];
          } else pr -= wEmpty;
          this.put(this.macroStart(a, b, n), t, pr);
          for (let j = 0; j < si - 1; j++) this.macroStep(a, empties[j], segs[j] - (j ? segs[j - 1] : 0));
          this.macroStep(a, b, n - segs[si - 2]);
          for (let j = si - 2; j >= 0; j--) this.macroStep(empties[j], b, segs[j] - (j ? segs[j - 1] : 0));
        }
      }
    }
  };

  // _successors_all: [move, next state, priority] into outM/outS/outP; the deal's next state is
  // -1 (not made) unless it fills a column or completes a run; with seen, visited states are left
  // out and the ones kept added to it
  P.successors = function (s, depth, seen) {
    const cur = this.ids(s, this.cur), sp = this.spOf[s], w = this.w;
    this.nOut = 0;
    const stockLeft = sp < this.nd;
    if (this.buried) seen = null;
    const tops = this.tops, empties = this.empties, at = this.at, atc = this.atc;
    // at and atc are all 0 here: the last call cleared the entries it set
    let nEmpty = 0;
    if (seen !== null) {  // the hash terms of the columns, for the children's hashes (P.child)
      const sorted = sp === this.nd, terms = this.terms;
      let h0 = sorted ? END : fmix(sp + 0x3c6ef372);
      for (let i = 0; i < NC; i++) {
        terms[i] = term(cur[i], sorted ? 0 : SALT[i]);
        h0 = (h0 + terms[i]) | 0;
      }
      this.h0 = h0;
      this.sortedKey = sorted;
    }
    let cost = 0, work = 0;
    for (let i = 0, bit = 1; i < NC; i++, bit <<= 1) {
      const id = cur[i];
      if (id) {
        if (!this.cDone[id]) this.need(id);
        const top = this.cTop[id];
        cost += this.cCost[id];
        work += this.cWork[id];
        at[top] |= bit;
        atc[this.cCard[id]] |= bit;
        tops[i] = top;
      } else {
        tops[i] = 0;
        empties[nEmpty++] = i;
      }
    }
    this.nEmpty = nEmpty;
    const firstEmpty = nEmpty ? empties[0] : -1;
    if (nEmpty > 1 && stockLeft) this.pruned = true; // pruning 3
    const wEmpty = stockLeft ? w[5] : w[6], wCard = w[4], wOff = w[3];
    const left = this.stockLeft[sp];
    const base = cost + w[1] * left - wEmpty * nEmpty + w[7] * depth;
    this.lastWork = work + left;
    if (stockLeft && (this.relaxed || !nEmpty)) {
      const pr = this.dealPriority(cur, sp, base);
      if (pr === null) {
        const nxt = this.dealState(s);
        if (seen === null || seen.add(nxt, this.hashOf(nxt))) {
          this.put(DEAL, nxt, this.priority(nxt, depth));
        } else this.ns--; // visited: the state just made is dropped
      } else {
        this.put(DEAL, -1, pr);
      }
    }
    const macros = this.macros && nEmpty > 0;
    let cut = false;
    const pruned = this.pruned;
    // the facts of the state's columns, worked out above (a column made below grows the arrays: a
    // copy, where these ids keep their facts)
    const cK = this.cK, cCard = this.cCard;
    for (let a = 0; a < NC; a++) {
      const xa = cur[a];
      if (!xa) continue;
      const k = cK[xa], low = tops[a], card = cCard[xa], whole = this.cWhole[xa], rest = this.cRest[xa];
      let m = at[low + k];
      if (k > 1) {
        const top = card;
        let split = 0;
        for (let n = 1; n < k; n++) split |= atc[top + n];
        m |= split;
        if (!pruned) {
          let r = 0;
          for (let q = low + 1; q < low + k; q++) r |= at[q];
          if (r & ~split) cut = true;
        }
      }
      if (!m && firstEmpty < 0) continue;
      const bl = COLS_OF[m];
      for (let bi = 0; bi < bl.length; bi++) {
        const b = bl[bi];
        const n = tops[b] - low, yb = cur[b];
        const na = this.restPool[rest + n - 1];
        const natural = cCard[yb] === card + n; // onto the next card of the suit of the lowest moved
        let pr;
        if (n < k) {
          if (cK[yb] + n <= k) {
            cut = true; // pruning 1
            continue;
          }
          pr = base;
        } else if (natural) pr = na ? base + whole : base + whole - wEmpty;
        else pr = na ? base + whole + wOff : base + whole + wOff - wEmpty;
        // the destination's new column, from the cache of them (this.joins): its id, or minus
        // one more than it when a run completed and left
        const jk = yb * 16 + n;
        let nbId = this.joins.get(xa, jk);
        if (nbId === 0x7fffffff) {
          const col = this.cstr[xa], nb = this.cstr[yb] + col.slice(col.length - n);
          const settled = low === 1 && nb.length >= RUN ? settle(nb) : nb;
          nbId = settled.length !== nb.length ? -1 - this.intern(settled) : this.intern(nb);
          this.joins.set(xa, jk, nbId);
        }
        if (nbId < 0) {  // a run completed and left: price the column afresh
          nbId = -1 - nbId;
          let c = -wEmpty;
          if (nbId) {
            this.need(nbId);
            c = this.cCost[nbId];
          }
          pr += c - (this.cCost[yb] + wCard * n + (natural ? 0 : wOff));
        }
        const t = this.child(a, na, b, nbId, sp, seen);
        if (t < 0) continue;
        this.put(a * 256 + b * 16 + n, t, pr);
      }
      if (firstEmpty >= 0) this.toEmpty(a, seen, sp, base, wEmpty, macros);
    }
    if (stockLeft && !this.relaxed && nEmpty > 1) {
      const fill = this.fillToDeal(cur);
      if (fill !== null) {
        const t = this.slot(), pool = this.pool;
        pool.set(fill[1], t * NC);
        this.spOf[t] = sp;
        if (seen === null || seen.add(t, this.hashOf(t))) {
          this.ns = t + 1;
          this.put(this.macroStart(-1, -1, 0), t, FILL_PRIORITY);
          for (const [x, y, n] of fill[0]) this.macroStep(x, y, n);
        }
      }
    }
    if (cut) this.pruned = true;
    for (let i = 0; i < NC; i++) {
      at[tops[i]] = 0;
      atc[this.cCard[cur[i]]] = 0;
    }
    if (this.buried) {
      const outS = this.outS;
      for (let i = 0; i < this.nOut; i++) {
        if (outS[i] < 0) continue;
        const ids = this.ids(outS[i], this.tmp);
        for (let c = 0; c < NC; c++) ids[c] = this.intern(settle(this.cstr[ids[c]]));
        this.pool.set(ids, outS[i] * NC);
      }
    }
  };

  // the move's text as Spider.format_move writes it, from the state before it
  function fmt(cols, a, b, n) {
    return cols[b].length ? `${a + 1}-${b + 1}` : `${a + 1}-${b + 1}/${n}`;
  }

  // SpiderBeam: passes of growing width over the deal points, each level's positions with a
  // best-first stage search of their own; resumable in slices (step)
  function Beam(p, spec) {
    this.p = p;
    this.maxNodes = spec.max_nodes === null || spec.max_nodes === undefined ? Infinity : spec.max_nodes;
    // spider.py's BeamSet: [quota, quota_last], grow, the first pass's width, quota_grow
    this.quotas = spec.quotas;
    this.grow = spec.beam_grow;
    this.quotaGrow = spec.quota_grow === undefined ? 1 : spec.quota_grow;
    this.keep = spec.keep;
    this.warm = !!spec.warm; // a warm-up search (api.make)
    this.nodes = 0;
    this.expansions = 0;
    this.width = spec.width === undefined ? 1 : spec.width;
    this.passes = 0;
    this.quotaScale = 1;
    this.status = null;
    this.won = -1;
    // a level's candidates, a heap as a stage's: taken in order until the next level is full
    // (a level has up to hundreds of thousands, the next level takes up to its width of them)
    this.merged = { hp: new Float64Array(1024), hj: new Int32Array(1024), n: 0 };
    this.fresh();
    if (p.won(p.root)) this.status = "solved";
    else this.startPass();
  }
  const B = Beam.prototype;

  B.fresh = function () {
    const p = this.p, root = p.root;
    p.resetStates();
    this.seen = new StateSet(p);
    this.seen.add(root, p.hashOf(root));
    // the positions: parent index, move, state (-1: a deal not made yet; -2: a deal whose state
    // another candidate had), depth since the last deal, priority when generated
    this.nParent = new Int32Array(1 << 16);
    this.nMove = new Int32Array(1 << 16);
    this.nState = new Int32Array(1 << 16);
    this.nDepth = new Int32Array(1 << 16);
    this.nPr = new Float64Array(1 << 16); // the fill's priority is -2^40
    this.nN = 0; // positions kept
    this.add(-1, 0, root, 0, 0);
    this.stages = new Map();
    const w = p.work(root);
    this.best = [w, 0];
    this.bestHere = [w, 0];
  };

  B.startPass = function () {
    if (this.nN > this.keep) this.fresh();
    this.passes++;
    this.level = [0];
    this.at = 0;
    this.stageCut = false;
    this.candsCut = false;
  };

  B.quota = function (stage) {
    return Math.floor((stage === this.p.nd ? this.quotas[1] : this.quotas[0]) * this.quotaScale);
  };

  // a stage search from position j0 (of deals made ``stage``): its open states, a binary heap of
  // (priority, index) in hp and hj (n of them), least priority first, then the latest index
  // (spider.py's integers priority << 32 - index); its candidates (positions after a deal, nc of
  // them); the positions it expanded and may expand
  function Stage(stage, j0, quota) {
    this.stage = stage;
    this.hp = new Float64Array(16); // priorities: doubles (the fill's is -2^40)
    this.hj = new Int32Array(16);
    this.hj[0] = j0;
    this.n = 1;
    this.cands = new Int32Array(16);
    this.nc = 0;
    this.expanded = 0;
    this.quota = quota;
  }
  function heapPush(st, pr, j) {
    if (st.n === st.hp.length) {
      st.hp = grown(st.hp);
      st.hj = grown(st.hj);
    }
    const hp = st.hp, hj = st.hj;
    let i = st.n++;
    while (i > 0) {
      const q = (i - 1) >> 1;
      if (hp[q] < pr || (hp[q] === pr && hj[q] > j)) break;
      hp[i] = hp[q];
      hj[i] = hj[q];
      i = q;
    }
    hp[i] = pr;
    hj[i] = j;
  }
  // put (pr, j) at hole i of the heap's first n entries, or below it where the order wants it
  function siftDown(hp, hj, n, i, pr, j) {
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && (hp[c + 1] < hp[c] || (hp[c + 1] === hp[c] && hj[c + 1] > hj[c]))) c++;
      if (pr < hp[c] || (pr === hp[c] && j > hj[c])) break;
      hp[i] = hp[c];
      hj[i] = hj[c];
      i = c;
    }
    hp[i] = pr;
    hj[i] = j;
  }
  function heapPop(st) {
    const top = st.hj[0], n = --st.n;
    if (n) siftDown(st.hp, st.hj, n, 0, st.hp[n], st.hj[n]);
    return top;
  }
  function candPush(st, j) {
    if (st.nc === st.cands.length) st.cands = grown(st.cands);
    st.cands[st.nc++] = j;
  }

  // keep a position: its parent's index, the move, its state, depth since the last deal, priority
  B.add = function (parent, move, state, depth, pr) {
    const j = this.nN;
    if (j === this.nParent.length) {
      this.nParent = grown(this.nParent);
      this.nMove = grown(this.nMove);
      this.nState = grown(this.nState);
      this.nDepth = grown(this.nDepth);
      this.nPr = grown(this.nPr);
    }
    this.nParent[j] = parent;
    this.nMove[j] = move;
    this.nState[j] = state;
    this.nDepth[j] = depth;
    this.nPr[j] = pr;
    this.nN = j + 1;
  };

  // expand position idx in its stage search st: the positions kept, or minus them when the last
  // one is won (it is the last of nParent then)
  B.expand = function (st, idx) {
    const p = this.p, seen = this.seen, stage = st.stage;
    const state = this.nState[idx], depth = this.nDepth[idx] + 1;
    p.successors(state, depth, seen);
    const work = p.lastWork;
    if (work < this.best[0]) this.best = [work, idx];
    if (work < this.bestHere[0] && p.spOf[state] === p.spOf[p.root]) this.bestHere = [work, idx];
    const outM = p.outM, outS = p.outS, outP = p.outP, nd = p.nd;
    const n0 = this.nN;
    let j = n0;
    for (let i = 0, n = p.nOut; i < n; i++) {
      const move = outM[i], pr = outP[i], nxt = outS[i];
      if (nxt === -1) {
        this.add(idx, move, -1, 0, pr);
        candPush(st, j);
        j++;
        continue;
      }
      if (p.buried && !seen.add(nxt, p.hashOf(nxt))) continue;
      const sp = p.spOf[nxt];
      this.add(idx, move, nxt, sp === stage ? depth : 0, pr);
      if (sp === nd && p.won(nxt)) return -(j + 1 - n0);
      if (sp === stage) heapPush(st, pr, j);
      else candPush(st, j);
      j++;
    }
    return j - n0;
  };

  // expand about ``budget`` more positions; true once the search is over (status set)
  B.step = function (budget) {
    if (this.status !== null) return true;
    const p = this.p, cap = this.maxNodes;
    let seen = this.seen, stages = this.stages;
    for (;;) {
      const nParent = this.nParent, nState = this.nState, nPr = this.nPr;
      if (budget <= 0) return false;
      if (this.at < this.level.length) {
        const j0 = this.level[this.at];
        let st = stages.get(j0);
        if (st === undefined) {
          const stage = p.spOf[nState[j0]];
          st = new Stage(stage, j0, this.quota(stage));
          stages.set(j0, st);
        } else if (st.quota < this.quota(st.stage)) st.quota = this.quota(st.stage);
        const quota = st.quota;
        if (!(st.n && st.expanded < quota)) {
          if (st.n) this.stageCut = true;
          this.at++;
          continue;
        }
        let expanded = st.expanded, expansions = this.expansions, count = this.nodes;
        let end = false, won = -1;
        while (st.n && expanded < quota && budget > 0) {
          expanded++;
          expansions++;
          const added = this.expand(st, heapPop(st));
          if (added < 0) {
            won = this.nN - 1;
            count += -added;
            break;
          }
          budget -= added;
          count += added;
          if (count >= cap) {
            end = true;
            break;
          }
        }
        st.expanded = expanded;
        this.expansions = expansions;
        this.nodes = count;
        if (won >= 0) {
          this.won = won;
          this.status = "solved";
          return true;
        }
        if (end) {
          this.status = "unknown";
          return true;
        }
        continue;
      }
      // the level is searched: the best candidates of all its stage searches make the next
      let nm = 0;
      for (const j0 of this.level) nm += stages.get(j0).nc;
      const merged = this.merged;
      if (merged.hj.length < nm) {
        merged.hp = new Float64Array(2 * nm);
        merged.hj = new Int32Array(2 * nm);
      }
      const hp = merged.hp, hj = merged.hj;
      nm = 0;
      for (const j0 of this.level) {
        const st = stages.get(j0), cands = st.cands;
        for (let i = 0; i < st.nc; i++) {
          const j = cands[i];
          hj[nm] = j;
          hp[nm++] = nPr[j];
        }
      }
      for (let i = (nm >> 1) - 1; i >= 0; i--) siftDown(hp, hj, nm, i, hp[i], hj[i]);
      merged.n = nm;
      const nxtLevel = [];
      while (merged.n) {
        const j = heapPop(merged);
        let nxt = nState[j];
        if (nxt === -1) {
          nxt = p.dealState(nState[nParent[j]]);
          if (!seen.add(nxt, p.hashOf(nxt))) {
            p.ns--; // the state just made is another candidate's: dropped
            nState[j] = -2;
            continue;
          }
          nState[j] = nxt;
        } else if (nxt === -2) continue;
        if (nxtLevel.length === this.width) {
          this.candsCut = true;
          break;
        }
        nxtLevel.push(j);
      }
      if (nxtLevel.length) {
        this.level = nxtLevel;
        this.at = 0;
        continue;
      }
      if (!this.stageCut && !this.candsCut) {
        this.status = p.pruned ? "unknown" : "unsolvable";
        return true;
      }
      if (this.candsCut) {
        this.width = Math.max(this.width + 1, Math.floor(this.width * this.grow));
        this.quotaScale *= this.quotaGrow;
      } else this.quotaScale *= 2;
      this.startPass();
      seen = this.seen;
      stages = this.stages;
    }
  };

  // the move texts from the root to position j (macros as their single moves)
  B.line = function (j) {
    const chain = [];
    while (this.nParent[j] >= 0) {
      chain.push(j);
      j = this.nParent[j];
    }
    const out = [];
    for (let i = chain.length - 1; i >= 0; i--) {
      const q = chain[i], m = this.nMove[q], p = this.p;
      const cols = Array.from(p.ids(this.nState[this.nParent[q]], p.tmp), (id) => p.cstr[id]);
      if (m === DEAL) out.push("d");
      else if (m >= 0) out.push(fmt(cols, m >> 8, (m >> 4) & 15, m & 15));
      else {
        const c = cols.slice();
        for (const [x, y, n] of p.macro(m)[3]) {
          out.push(fmt(c, x, y, n));
          c[y] = settle(c[y] + c[x].slice(c[x].length - n));
          c[x] = settle(c[x].slice(0, c[x].length - n));
        }
      }
    }
    return out;
  };

  // the position to show a hint the search did not finish (SpiderBeam.progress_line): the
  // expanded position with the least work, with no deal first when one made progress; -1: none
  B.progressIndex = function () {
    const start = this.p.work(this.p.root);
    for (const [work, j] of [this.bestHere, this.best]) if (work < start) return j;
    return -1;
  };

  function moveJSON(p, m) {
    if (m === DEAL) return [-1, -1, 0];
    if (m >= 0) return [m >> 8, (m >> 4) & 15, m & 15];
    return p.macro(m);
  }
  const stateJSON = (p, s) =>
    s < 0 ? null : [Array.from(p.ids(s, new Int32Array(NC)), (id) => Array.from(p.cstr[id], (ch) => ch.charCodeAt(0))), p.spOf[s]];
  const fromJSON = (p, s) => p.newState(Int32Array.from(s[0], (l) => p.intern(String.fromCharCode(...l))), s[1]);

  const live = new Map();
  let next = 1, made = 0, warmed = 0;
  const api = {
    version: 1,
    // {problem spec + max_nodes, quotas, beam_grow, width, quota_grow, keep, warm} -> a search's handle; a warm-up
    // search (warm: true; spider_js.Warmup) has the page compile the engine before a search the
    // player waits for: its positions are counted apart (warmed), not as searches made
    make(specText) {
      const spec = JSON.parse(specText);
      const h = next++;
      const b = new Beam(new Problem(spec), spec);
      live.set(h, b);
      if (!b.warm) made++;
      return String(h);
    },
    // "handle budget" -> JSON {status (null while searching), nodes, expansions, line (solved),
    // progress (the index of the progress line's position, -1: none)}
    step(arg) {
      const [h, budget] = arg.split(" ").map(Number);
      const s = live.get(h), before = s.nodes;
      s.step(budget);
      if (s.warm) warmed += s.nodes - before;
      const r = { status: s.status, nodes: s.nodes, expansions: s.expansions, progress: s.progressIndex() };
      if (s.status === "solved") r.line = s.won >= 0 ? s.line(s.won) : [];
      return JSON.stringify(r);
    },
    // "handle index" -> JSON list of the move texts to that position
    line(arg) {
      const [h, j] = arg.split(" ").map(Number);
      return JSON.stringify(live.get(h).line(j));
    },
    drop(arg) {
      live.delete(Number(arg));
      return "";
    },
    // for the tests: a problem alone, then its successors of a state ("handle depth state")
    problem(specText) {
      const h = next++;
      live.set(h, new Problem(JSON.parse(specText)));
      return String(h);
    },
    successors(arg) {
      const i = arg.indexOf(" "), i2 = arg.indexOf(" ", i + 1);
      const p = live.get(Number(arg.slice(0, i)));
      const depth = Number(arg.slice(i + 1, i2));
      p.successors(fromJSON(p, JSON.parse(arg.slice(i2 + 1))), depth, null);
      const out = [];
      for (let k = 0; k < p.nOut; k++) out.push([moveJSON(p, p.outM[k]), stateJSON(p, p.outS[k]), p.outP[k]]);
      return JSON.stringify({ out: out, pruned: p.pruned, work: p.lastWork });
    },
    // the searches and problems not dropped yet
    live() {
      return String(live.size);
    },
    // the searches made so far (the page's tests: the browser's searches ran here)
    made() {
      return String(made);
    },
    // the positions warm-up searches have searched so far
    warmed() {
      return String(warmed);
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
  g.pasyansSpider = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
