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

  // _Problem: the fixed parts of one search and the column caches
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
    this.root = { c: spec.columns.map((l) => String.fromCharCode(...l)), sp: 0 };
    this.buried = this.root.c.some((col) => COMPLETE.some((run) => col.includes(run)));
    this.pruned = false;
    this.info = new Map();
    this.segs = new Map();
    this.lastWork = 0;
    // the successors' list, reused from call to call (read before the next call)
    this.outM = [];
    this.outS = [];
    this.outP = [];
  }
  const P = Problem.prototype;

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

  // info(col): {k, cost, work, top, parts: [[rest, run] for the top 1..k cards], whole}
  P.column = function (col) {
    const r = this.info.get(col);
    if (r !== undefined) return r;
    const f = this.facts(col);
    const k = f[0], cost = f[1];
    const parts = new Array(k);
    let rest = col;
    for (let m = 1; m <= k; m++) {
      rest = col.slice(0, col.length - m);
      if (rest.length && last(rest) >= DOWN) rest = rest.slice(0, -1) + String.fromCharCode(last(rest) - DOWN);
      parts[m - 1] = [rest, col.slice(col.length - m)];
    }
    const whole = (rest.length ? this.facts(rest)[1] : 0) - cost + this.w[4] * k;
    const x = { k: k, cost: cost, work: f[2], top: f[3], parts: parts, whole: whole };
    if (this.info.size > 500000) this.info.clear();
    this.info.set(col, x);
    return x;
  };

  // the rank-ordered face-up run at the top, as cumulative lengths of its same-suit parts
  P.segments = function (col) {
    let r = this.segs.get(col);
    if (r !== undefined) return r;
    r = [];
    let i = col.length - 1, n = 1;
    while (i > 0 && col.charCodeAt(i - 1) < DOWN && (col.charCodeAt(i - 1) & 15) === (col.charCodeAt(i) & 15) + 1) {
      if (col.charCodeAt(i - 1) !== col.charCodeAt(i) + 1) r.push(n);
      n++;
      i--;
    }
    r.push(n);
    if (this.segs.size > 500000) this.segs.clear();
    this.segs.set(col, r);
    return r;
  };

  P.priority = function (st, depth) {
    let cost = 0, empty = 0;
    for (const c of st.c) {
      if (c.length) cost += this.column(c).cost;
      else empty++;
    }
    const stock = this.stockLeft[st.sp], w = this.w;
    return cost + w[1] * stock - (stock ? w[5] : w[6]) * empty + w[7] * depth;
  };

  P.work = function (st) {
    let n = this.stockLeft[st.sp];
    for (const c of st.c) if (c.length) n += this.column(c).work;
    return n;
  };

  // the visited-set key: the state while the stock lasts, the sorted columns once it is empty
  P.stateKey = (cols, sp) => String.fromCharCode(0x200 + sp) + cols.join(SEP);
  P.sortedKey = (cols) => "\u02ff" + cols.slice().sort().join(SEP);
  P.key = function (st) {
    return st.sp === this.nd ? this.sortedKey(st.c) : this.stateKey(st.c, st.sp);
  };
  P.won = function (st) {
    return st.sp === this.nd && st.c.every((c) => !c.length);
  };

  P.dealState = function (st) {
    const nw = st.c.slice(), d = this.deals[st.sp];
    for (let i = 0; i < d.length; i++) nw[i] = settle(nw[i] + String.fromCharCode(d[i]));
    return { c: nw, sp: st.sp + 1 };
  };

  P.dealPriority = function (cols, sp, cinfo, base) {
    const w = this.w, d = this.deals[sp];
    let pr = base + w[1] * (this.stockLeft[sp + 1] - this.stockLeft[sp]);
    const wNat = w[4], wOff = w[4] + w[3], wBad = w[4] + w[2];
    for (let i = 0; i < d.length; i++) {
      const c = cols[i], card = d[i];
      if (!c.length) return null;
      const top = last(c);
      if (top === card + 1) {
        if ((card & 15) === 1 && cinfo[i].k >= RUN - 1) return null;
        pr += wNat;
      } else if ((top & 15) === (card & 15) + 1) pr += wOff;
      else pr += wBad;
    }
    return pr;
  };

  P.fillToDeal = function (cols0) {
    const cols = cols0.slice(), steps = [];
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
    return [steps, cols];
  };

  // _successors_all: [move, next state, priority] into outM/outS/outP; the deal's next state is
  // null unless it fills a column or completes a run; with seen, visited states are left out and
  // the ones kept added to it
  P.successors = function (st, depth, seen) {
    const cols = st.c, sp = st.sp, w = this.w;
    const outM = this.outM, outS = this.outS, outP = this.outP;
    outM.length = outS.length = outP.length = 0;
    const stockLeft = sp < this.nd;
    if (this.buried) seen = null;
    const bySort = seen !== null && !stockLeft;
    const cinfo = new Array(NC), tops = new Array(NC), empties = [];
    const at = new Int32Array(16), atc = new Int32Array(64);
    let cost = 0, work = 0;
    for (let i = 0, bit = 1; i < NC; i++, bit <<= 1) {
      const c = cols[i];
      if (c.length) {
        const x = this.column(c);
        cost += x.cost;
        work += x.work;
        at[x.top] |= bit;
        atc[last(c)] |= bit;
        cinfo[i] = x;
        tops[i] = x.top;
      } else {
        cinfo[i] = null;
        tops[i] = 0;
        empties.push(i);
      }
    }
    const nEmpty = empties.length, firstEmpty = nEmpty ? empties[0] : -1;
    if (nEmpty > 1 && stockLeft) this.pruned = true; // pruning 3
    const wEmpty = stockLeft ? w[5] : w[6], wCard = w[4], wOff = w[3];
    const left = this.stockLeft[sp];
    const base = cost + w[1] * left - wEmpty * nEmpty + w[7] * depth;
    this.lastWork = work + left;
    if (stockLeft && (this.relaxed || !nEmpty)) {
      const pr = this.dealPriority(cols, sp, cinfo, base);
      if (pr === null) {
        const nxt = this.dealState(st), k = this.key(nxt);
        if (seen === null || !seen.has(k)) {
          if (seen !== null) seen.add(k);
          outM.push(DEAL);
          outS.push(nxt);
          outP.push(this.priority(nxt, depth));
        }
      } else {
        outM.push(DEAL);
        outS.push(null);
        outP.push(pr);
      }
    }
    const macros = this.macros && nEmpty > 0;
    let cut = false;
    const pruned = this.pruned;
    for (let a = 0; a < NC; a++) {
      const x = cinfo[a];
      if (x === null) continue;
      const k = x.k, low = tops[a], col = cols[a];
      let m = at[low + k];
      if (k > 1) {
        const top = last(col);
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
      const parts = x.parts;
      for (const b of COLS_OF[m]) {
        const n = tops[b] - low, dst = cols[b];
        const na = parts[n - 1][0], run = parts[n - 1][1];
        const natural = last(dst) === run.charCodeAt(0) + 1;
        let pr;
        if (n < k) {
          if (cinfo[b].k + n <= k) {
            cut = true; // pruning 1
            continue;
          }
          pr = base;
        } else if (natural) pr = na.length ? base + x.whole : base + x.whole - wEmpty;
        else pr = na.length ? base + x.whole + wOff : base + x.whole + wOff - wEmpty;
        let nb = dst + run;
        if (low === 1 && nb.length >= RUN) {
          const settled = settle(nb);
          if (settled.length !== nb.length) {
            pr += (settled.length ? this.column(settled).cost : -wEmpty) - (cinfo[b].cost + wCard * n + (natural ? 0 : wOff));
            nb = settled;
          }
        }
        const nw = cols.slice();
        nw[a] = na;
        nw[b] = nb;
        if (bySort) {
          const key = this.sortedKey(nw);
          if (seen.has(key)) continue;
          seen.add(key);
        } else if (seen !== null) {
          const key = this.stateKey(nw, sp);
          if (seen.has(key)) continue;
          seen.add(key);
        }
        outM.push(a * 256 + b * 16 + n);
        outS.push({ c: nw, sp: sp });
        outP.push(pr);
      }
      if (firstEmpty >= 0) {
        if (k > 1 && !this.split) this.pruned = true; // pruning 4
        for (let n = this.split ? 1 : k; n <= k; n++) {
          const na = parts[n - 1][0], nb = parts[n - 1][1];
          if (!na.length) {
            if (stockLeft) this.pruned = true; // pruning 2
            continue;
          }
          const nw = cols.slice();
          nw[a] = na;
          nw[firstEmpty] = nb;
          if (bySort) {
            const key = this.sortedKey(nw);
            if (seen.has(key)) continue;
            seen.add(key);
          } else if (seen !== null) {
            const key = this.stateKey(nw, sp);
            if (seen.has(key)) continue;
            seen.add(key);
          }
          outM.push(a * 256 + firstEmpty * 16 + n);
          outS.push({ c: nw, sp: sp });
          outP.push(n < k ? base + wEmpty : base + x.whole + wEmpty);
        }
        if (macros) {
          const segs = this.segments(col);
          const top = Math.min(segs.length, nEmpty + 1);
          for (let s = 2; s <= top; s++) {
            const n = segs[s - 1], baseCard = col.charCodeAt(col.length - n), whole = s === segs.length;
            for (let b = 0; b < NC; b++) {
              if (b === a || tops[b] !== (baseCard & 15) + 1) continue;
              const dst = cols[b];
              if (!whole && last(dst) !== baseCard + 1) continue;
              let na = col.slice(0, col.length - n);
              if (na.length && last(na) >= DOWN) na = na.slice(0, -1) + String.fromCharCode(last(na) - DOWN);
              let nb = dst + col.slice(col.length - n);
              if (low === 1 && nb.length >= RUN) nb = settle(nb);
              const nw = cols.slice();
              nw[a] = na;
              nw[b] = nb;
              if (seen !== null) {
                const key = stockLeft ? this.stateKey(nw, sp) : this.sortedKey(nw);
                if (seen.has(key)) continue;
                seen.add(key);
              }
              const steps = [];
              for (let j = 0; j < s - 1; j++) steps.push([a, empties[j], segs[j] - (j ? segs[j - 1] : 0)]);
              steps.push([a, b, n - segs[s - 2]]);
              for (let j = s - 2; j >= 0; j--) steps.push([empties[j], b, segs[j] - (j ? segs[j - 1] : 0)]);
              let pr = base - x.cost - cinfo[b].cost;
              pr += na.length ? this.column(na).cost : -wEmpty;
              pr += nb.length ? this.column(nb).cost : -wEmpty;
              outM.push([a, b, n, steps]);
              outS.push({ c: nw, sp: sp });
              outP.push(pr);
            }
          }
        }
      }
    }
    if (stockLeft && !this.relaxed && nEmpty > 1) {
      const fill = this.fillToDeal(cols);
      if (fill !== null) {
        const key = this.stateKey(fill[1], sp);
        if (seen === null || !seen.has(key)) {
          if (seen !== null) seen.add(key);
          outM.push([-1, -1, 0, fill[0]]);
          outS.push({ c: fill[1], sp: sp });
          outP.push(FILL_PRIORITY);
        }
      }
    }
    if (cut) this.pruned = true;
    if (this.buried) {
      for (let i = 0; i < outS.length; i++) if (outS[i] !== null) outS[i] = { c: outS[i].c.map(settle), sp: outS[i].sp };
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
    this.quotas = spec.quotas; // [QUOTA, QUOTA_LAST]
    this.grow = spec.beam_grow;
    this.keep = spec.keep;
    this.nodes = 0;
    this.expansions = 0;
    this.width = 1;
    this.passes = 0;
    this.quotaScale = 1;
    this.status = null;
    this.won = -1;
    this.fresh();
    if (p.won(p.root)) this.status = "solved";
    else this.startPass();
  }
  const B = Beam.prototype;

  B.fresh = function () {
    const p = this.p, root = p.root;
    this.seen = new Set([p.key(root)]);
    // the positions: parent index, move, state (null: a deal not made yet; false: a deal whose
    // state another candidate had), depth since the last deal, priority when generated
    this.nParent = [-1];
    this.nMove = [null];
    this.nState = [root];
    this.nDepth = [0];
    this.nPr = [0];
    this.stages = new Map();
    const w = p.work(root);
    this.best = [w, 0];
    this.bestHere = [w, 0];
  };

  B.startPass = function () {
    if (this.nParent.length > this.keep) this.fresh();
    this.passes++;
    this.level = [0];
    this.at = 0;
    this.stageCut = false;
    this.candsCut = false;
  };

  B.quota = function (stage) {
    return (stage === this.p.nd ? this.quotas[1] : this.quotas[0]) * this.quotaScale;
  };

  // a stage search's open states: a binary heap of (priority, index), least priority first, then
  // the latest index (spider.py's integers priority << 32 - index)
  function heapPush(st, pr, j) {
    const hp = st.hp, hj = st.hj;
    let i = hp.length;
    hp.push(pr);
    hj.push(j);
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
  function heapPop(st) {
    const hp = st.hp, hj = st.hj, top = hj[0];
    const pr = hp.pop(), j = hj.pop(), n = hp.length;
    if (n) {
      let i = 0;
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
    return top;
  }

  // expand about ``budget`` more positions; true once the search is over (status set)
  B.step = function (budget) {
    if (this.status !== null) return true;
    const p = this.p, nd = p.nd, check = p.buried, cap = this.maxNodes;
    let seen = this.seen, stages = this.stages;
    for (;;) {
      const nParent = this.nParent, nMove = this.nMove, nState = this.nState, nDepth = this.nDepth, nPr = this.nPr;
      if (budget <= 0) return false;
      if (this.at < this.level.length) {
        const j0 = this.level[this.at];
        let st = stages.get(j0);
        if (st === undefined) {
          const stage = nState[j0].sp;
          st = { stage: stage, hp: [0], hj: [j0], cands: [], expanded: 0, quota: this.quota(stage) };
          stages.set(j0, st);
        } else if (st.quota < this.quota(st.stage)) st.quota = this.quota(st.stage);
        const stage = st.stage, cands = st.cands, quota = st.quota;
        if (!(st.hp.length && st.expanded < quota)) {
          if (st.hp.length) this.stageCut = true;
          this.at++;
          continue;
        }
        let expanded = st.expanded, expansions = this.expansions, count = this.nodes;
        let end = false, won = -1;
        while (st.hp.length && expanded < quota && budget > 0) {
          expanded++;
          expansions++;
          const idx = heapPop(st);
          const state = nState[idx], depth = nDepth[idx] + 1;
          p.successors(state, depth, seen);
          const work = p.lastWork;
          if (work < this.best[0]) this.best = [work, idx];
          if (work < this.bestHere[0] && state.sp === p.root.sp) this.bestHere = [work, idx];
          const outM = p.outM, outS = p.outS, outP = p.outP;
          const n0 = nParent.length;
          let j = n0;
          for (let i = 0; i < outM.length; i++) {
            const move = outM[i], pr = outP[i];
            const nxt = outS[i];
            if (nxt === null) {
              nParent.push(idx); nMove.push(move); nState.push(null); nDepth.push(0); nPr.push(pr);
              cands.push(j);
              j++;
              continue;
            }
            if (check) {
              const k = p.key(nxt);
              if (seen.has(k)) continue;
              seen.add(k);
            }
            const sp = nxt.sp;
            const isWon = sp === nd && nxt.c.every((c) => !c.length);
            nParent.push(idx); nMove.push(move); nState.push(nxt); nDepth.push(sp === stage ? depth : 0); nPr.push(pr);
            if (isWon) {
              won = j;
              break;
            }
            if (sp === stage) heapPush(st, pr, j);
            else cands.push(j);
            j++;
          }
          if (won >= 0) {
            count += won + 1 - n0;
            break;
          }
          budget -= j - n0;
          count += j - n0;
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
      const merged = [];
      for (const j0 of this.level) for (const j of stages.get(j0).cands) merged.push(j);
      merged.sort((a, b) => nPr[a] - nPr[b] || b - a);
      const nxtLevel = [];
      for (const j of merged) {
        let nxt = nState[j];
        if (nxt === null) {
          nxt = p.dealState(nState[nParent[j]]);
          const k = p.key(nxt);
          if (seen.has(k)) {
            nState[j] = false;
            continue;
          }
          seen.add(k);
          nState[j] = nxt;
        } else if (nxt === false) continue;
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
      if (this.candsCut) this.width = Math.max(this.width + 1, Math.floor(this.width * this.grow));
      else this.quotaScale *= 2;
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
      const q = chain[i], m = this.nMove[q], cols = this.nState[this.nParent[q]].c;
      if (m === DEAL) out.push("d");
      else if (typeof m === "number") out.push(fmt(cols, m >> 8, (m >> 4) & 15, m & 15));
      else {
        const c = cols.slice();
        for (const [x, y, n] of m[3]) {
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

  function moveJSON(m) {
    if (m === DEAL) return [-1, -1, 0];
    if (typeof m === "number") return [m >> 8, (m >> 4) & 15, m & 15];
    return m;
  }
  const stateJSON = (s) => (s === null ? null : [s.c.map((c) => Array.from(c, (ch) => ch.charCodeAt(0))), s.sp]);
  const fromJSON = (s) => ({ c: s[0].map((l) => String.fromCharCode(...l)), sp: s[1] });

  const live = new Map();
  let next = 1;
  const api = {
    version: 1,
    // {problem spec + max_nodes, quotas, beam_grow, keep} -> a search's handle
    make(specText) {
      const spec = JSON.parse(specText);
      const h = next++;
      live.set(h, new Beam(new Problem(spec), spec));
      return String(h);
    },
    // "handle budget" -> JSON {status (null while searching), nodes, expansions, line (solved),
    // progress (the index of the progress line's position, -1: none)}
    step(arg) {
      const [h, budget] = arg.split(" ").map(Number);
      const s = live.get(h);
      s.step(budget);
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
      p.successors(fromJSON(JSON.parse(arg.slice(i2 + 1))), depth, null);
      const out = p.outM.map((m, k) => [moveJSON(m), stateJSON(p.outS[k]), p.outP[k]]);
      return JSON.stringify({ out: out, pruned: p.pruned, work: p.lastWork });
    },
    live() {
      return String(live.size);
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
