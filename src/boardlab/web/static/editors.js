/* Board editors for the families the page knows, keyed by family name.
 *
 * An editor works on the family's instance JSON (DESIGN.md) and, in play mode, on a partial
 * placement that it turns into the family's solution JSON. Families without an editor here (or
 * an instance this editor does not accept) are edited as text/JSON: nothing in the server
 * depends on these editors.
 *
 * Editor interface:
 *   accepts(inst) -> bool              the instance has the shape this editor draws
 *   fields                             (optional) option names the editor sets on the instance
 *   help                               one line telling what a click does
 *   controls(inst, set) -> [Node]      size fields and the like; set(newInst) to change
 *   shape(inst) -> {rows, cols, checkered, edges}
 *   cell(inst, r, c) -> {text, label, cls}
 *   activate(inst, r, c, key) -> newInst | null   key: undefined for a click, else the key
 *   edges(inst, set) -> {right: [Node], bottom: [Node]}  (optional) clue inputs
 *   play: {start(inst, solution?), cell(inst, p, r, c) -> {text, label, cls, lead?} (lead: shown
 *          on a line above a clue's count from errors(), e.g. the pieces on a numbered square),
 *          activate(inst, p, r, c, key),
 *          solution(inst, p), merge(inst, p, place, remove), marks(inst, json) -> ["r,c"],
 *          controls(inst, p, setP)?, progress(inst, p)?, help}
 *         and the feedback functions below (partial, complete, errors, paint/painted)
 */
(function () {
  "use strict";

  const h = (tag, attrs, ...children) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else if (k === "text") el.textContent = v;
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children) if (child) el.append(child);
    return el;
  };

  function numberField(label, value, min, max, onChange, id) {
    const input = h("input", { type: "number", min, max, step: 1, value, id });
    input.addEventListener("change", () => {
      const v = parseInt(input.value, 10);
      if (Number.isInteger(v) && v >= min && v <= max) onChange(v);
      else input.value = value;
    });
    return h("label", {}, label + " ", input);
  }

  const keyOf = (r, c) => r + "," + c;
  const MAX_GRID = 60;  // the largest board the click editors draw (the page scales cells to fit)
  const onlyKeys = (obj, allowed) => Object.keys(obj).every((k) => allowed.includes(k));
  const isDigitKey = (key) => typeof key === "string" && /^[0-9]$/.test(key);
  const isClearKey = (key) => key === "Delete" || key === "Backspace";

  /* ---- N-Queens: fix queens (completion puzzles); play: one queen per row ---- */
  const QUEEN = "\u265B";
  const nqueens = {
    help: "Click a square to fix a queen there (a completion puzzle). Arrow keys move, Enter toggles.",
    accepts: (i) => Number.isInteger(i.n) && i.n >= 1 && i.n <= 40 && onlyKeys(i, ["family", "n", "fixed"]),
    controls(i, set) {
      return [numberField("Size n", i.n, 1, 40, (n) => set({ family: "nqueens", n, fixed: (i.fixed || []).filter(([r, c]) => r < n && c < n) }), "ed-size")];
    },
    shape: (i) => ({ rows: i.n, cols: i.n, checkered: true }),
    cell(i, r, c) {
      const fixed = (i.fixed || []).some(([a, b]) => a === r && b === c);
      return { text: fixed ? QUEEN : "", label: `row ${r}, column ${c}: ${fixed ? "fixed queen" : "empty"}`, cls: fixed ? "given" : "" };
    },
    activate(i, r, c, key) {
      if (key !== undefined && key !== "Enter" && key !== " " && !isClearKey(key)) return null;
      const fixed = (i.fixed || []).filter(([a, b]) => !(a === r && b === c));
      if (fixed.length === (i.fixed || []).length && !isClearKey(key)) fixed.push([r, c]);
      fixed.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      const out = { family: "nqueens", n: i.n };
      if (fixed.length) out.fixed = fixed;
      return out;
    },
    play: {
      help: "Click a square to put that row's queen there; click it again to take it away.",
      start(i, solution) {
        const queens = solution && Array.isArray(solution.queens) ? solution.queens.slice() : new Array(i.n).fill(-1);
        for (const [r, c] of i.fixed || []) queens[r] = c;
        return { queens };
      },
      cell(i, p, r, c) {
        const fixed = (i.fixed || []).some(([a, b]) => a === r && b === c);
        const here = p.queens[r] === c;
        return { text: here ? QUEEN : "", label: `row ${r}, column ${c}: ${here ? (fixed ? "fixed queen" : "your queen") : "empty"}`, cls: fixed ? "given" : here ? "placed" : "" };
      },
      activate(i, p, r, c, key) {
        if ((i.fixed || []).some(([a]) => a === r)) return null;
        if (key !== undefined && key !== "Enter" && key !== " " && !isClearKey(key)) return null;
        const queens = p.queens.slice();
        queens[r] = queens[r] === c || isClearKey(key) ? -1 : c;
        return { queens };
      },
      solution: (i, p) => ({ queens: p.queens }),
      merge(i, p, place, remove) {
        const queens = p.queens.slice();
        const placed = (c) => Number.isInteger(c) && c >= 0;  // null or -1: no queen in that row
        if (remove && Array.isArray(remove.queens)) remove.queens.forEach((c, r) => { if (placed(c) && queens[r] === c) queens[r] = -1; });
        if (place && Array.isArray(place.queens)) place.queens.forEach((c, r) => { if (placed(c)) queens[r] = c; });
        return { queens };
      },
      marks: (i, json) => (json && Array.isArray(json.queens) ? json.queens.map((c, r) => (Number.isInteger(c) && c >= 0 ? keyOf(r, c) : null)).filter(Boolean) : []),
      progress: (i, p) => `${p.queens.filter((c) => c >= 0).length} of ${i.n} queens placed`,
    },
  };

  /* ---- Tents: trees and clues; play: tents and empty marks ---- */
  const TREE = "\u2663", TENT = "\u25B2", MARK = "\u00B7";
  function tentsResize(i, rows, cols) {
    const grid = [];
    for (let r = 0; r < rows; r++) {
      const old = i.grid[r] || "";
      let line = "";
      for (let c = 0; c < cols; c++) line += c < old.length ? old[c] : ".";
      grid.push(line);
    }
    const pad = (clues, n) => Array.from({ length: n }, (_, k) => (k < clues.length ? clues[k] : null));
    return { family: "tents", grid, rows: pad(i.rows, rows), cols: pad(i.cols, cols) };
  }
  function clueInput(value, label, onChange) {
    const input = h("input", { type: "text", inputmode: "numeric", class: "clue", value: value === null || value === undefined ? "" : String(value), placeholder: "?", "aria-label": label, size: 2, maxlength: 3 });
    input.addEventListener("change", () => {
      const text = input.value.trim();
      if (text === "" || text === "?") onChange(null);
      else if (/^\d+$/.test(text)) onChange(parseInt(text, 10));
      else input.value = value === null || value === undefined ? "" : String(value);
    });
    return input;
  }
  const tents = {
    help: "Click a cell to plant or remove a tree; type the tent count of each row (right) and column (below), or leave ? for no clue.",
    accepts: (i) =>
      Array.isArray(i.grid) && i.grid.length >= 1 && i.grid.length <= MAX_GRID && i.grid.every((s) => typeof s === "string" && s.length === i.grid[0].length && s.length <= MAX_GRID) &&
      Array.isArray(i.rows) && Array.isArray(i.cols) && i.rows.length === i.grid.length && i.cols.length === i.grid[0].length && onlyKeys(i, ["family", "grid", "rows", "cols"]),
    controls(i, set) {
      return [
        numberField("Width", i.grid[0].length, 1, MAX_GRID, (w) => set(tentsResize(i, i.grid.length, w)), "ed-width"),
        numberField("Height", i.grid.length, 1, MAX_GRID, (hh) => set(tentsResize(i, hh, i.grid[0].length)), "ed-height"),
        h("button", { type: "button", onclick: () => set({ ...i, rows: i.rows.map(() => null), cols: i.cols.map(() => null) }) }, "Clear clues"),
      ];
    },
    shape: (i) => ({ rows: i.grid.length, cols: i.grid[0].length, checkered: false, edges: true }),
    cell(i, r, c) {
      const ch = i.grid[r][c];
      const what = { T: ["tree", TREE], "^": ["given tent", TENT], x: ["given empty", MARK] }[ch] || ["empty", ""];
      return { text: what[1], label: `row ${r}, column ${c}: ${what[0]}`, cls: ch === "T" ? "tree" : ch === "." ? "" : "given" };
    },
    activate(i, r, c, key) {
      if (key !== undefined && key !== "Enter" && key !== " " && !isClearKey(key) && key !== "t" && key !== "T") return null;
      const ch = i.grid[r][c];
      const next = ch === "." && !isClearKey(key) ? "T" : ".";
      const grid = i.grid.slice();
      grid[r] = grid[r].slice(0, c) + next + grid[r].slice(c + 1);
      return { ...i, grid };
    },
    edges(i, set) {
      return {
        right: i.rows.map((v, r) => clueInput(v, `tents in row ${r}`, (x) => { const rows = i.rows.slice(); rows[r] = x; set({ ...i, rows }); })),
        bottom: i.cols.map((v, c) => clueInput(v, `tents in column ${c}`, (x) => { const cols = i.cols.slice(); cols[c] = x; set({ ...i, cols }); })),
      };
    },
    play: {
      help: "Click an empty cell: tent, then 'no tent' mark, then blank again.",
      start(i, solution) {
        const tentsSet = new Set();
        if (solution && Array.isArray(solution.tents)) for (const [r, c] of solution.tents) tentsSet.add(keyOf(r, c));
        return { tents: tentsSet, empty: new Set() };
      },
      cell(i, p, r, c) {
        const ch = i.grid[r][c];
        if (ch !== ".") return tents.cell(i, r, c);
        const k = keyOf(r, c);
        if (p.tents.has(k)) return { text: TENT, label: `row ${r}, column ${c}: your tent`, cls: "placed" };
        if (p.empty.has(k)) return { text: MARK, label: `row ${r}, column ${c}: marked empty`, cls: "marked" };
        return { text: "", label: `row ${r}, column ${c}: blank`, cls: "" };
      },
      activate(i, p, r, c, key) {
        if (i.grid[r][c] !== ".") return null;
        const k = keyOf(r, c);
        const t = new Set(p.tents), e = new Set(p.empty);
        if (isClearKey(key)) { t.delete(k); e.delete(k); }
        else if (key === "t" || key === "T") { e.delete(k); t.add(k); }
        else if (key === "x" || key === "X" || key === "-") { t.delete(k); e.add(k); }
        else if (key === undefined || key === "Enter" || key === " ") {
          if (t.has(k)) { t.delete(k); e.add(k); } else if (e.has(k)) e.delete(k); else t.add(k);
        } else return null;
        return { tents: t, empty: e };
      },
      solution(i, p) {
        const out = [];
        i.grid.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === "^") out.push([r, c]); }));
        for (const k of p.tents) out.push(k.split(",").map(Number));
        out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        return { tents: out };
      },
      merge(i, p, place, remove) {
        const t = new Set(p.tents), e = new Set(p.empty);
        const cells = (json, name) => (json && Array.isArray(json[name]) ? json[name].map(([r, c]) => keyOf(r, c)) : []);
        for (const k of cells(remove, "tents")) t.delete(k);
        for (const k of cells(place, "tents")) { t.add(k); e.delete(k); }
        for (const k of cells(place, "empty")) { e.add(k); t.delete(k); }
        return { tents: t, empty: e };
      },
      marks: (i, json) => (json ? [...(json.tents || []), ...(json.empty || [])].filter(Array.isArray).map(([r, c]) => keyOf(r, c)) : []),
      progress(i, p) {
        let trees = 0;
        for (const row of i.grid) for (const ch of row) if (ch === "T") trees++;
        return `${p.tents.size} tents placed for ${trees} trees`;
      },
    },
  };

  /* ---- Chess-Num: clue numbers on squares; play: place the pieces ---- */
  const GLYPH = { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" };
  const NAME = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };
  const FILES = "abcdefghijklmnopqrstuvwxyz";
  const square = (i, r, c) => FILES[c] + String(i.size - r);
  function fromSquare(i, name) {
    const m = /^([a-z])(\d+)$/.exec(String(name));
    if (!m) return null;
    return [i.size - parseInt(m[2], 10), FILES.indexOf(m[1])];
  }
  // Detektivschach: the marked squares (where the pieces stand) and solutions by square
  // ({"b3": "Q"}) besides solutions by piece ({"Q": "b3", "N": ["b7", "c3"]}): [letter, square] pairs of either
  const marked = (i) => new Set(Array.isArray(i.occupied) ? i.occupied : []);
  // the instance with these marked squares: sorted, and no "occupied" key at all when none (a classic puzzle)
  const withMarks = (i, squares) => { const { occupied, ...rest } = i; return squares.length ? { ...rest, occupied: [...squares].sort() } : rest; };
  let chessnumMarking = false;  // the editor's "Mark squares" switch: clicks mark instead of numbering
  const piecePairs = (json) => {
    const out = [];
    for (const [k, v] of Object.entries(json || {})) {
      if (k.length > 1) out.push([String(v).toUpperCase(), k]);
      else for (const sq of Array.isArray(v) ? v : [v]) out.push([k.toUpperCase(), sq]);
    }
    return out;
  };
  // the letters of the pieces standing on a square in play, in the order of the puzzle's pieces
  const lettersOn = (i, p, sq) => [...i.pieces].filter((l, k) => p.placed[k] === sq);
  const chessnum = {
    fields: ["pieces"],
    help: "Click a square to cycle its number (none, 0, 1, …), or type a digit on it; Delete clears it. Detektivschach: * on a square (or clicks with \u201cMark squares\u201d on) marks where a piece stands.",
    accepts: (i) => Number.isInteger(i.size) && i.size >= 1 && i.size <= 26 && typeof i.pieces === "string" && i.clues && typeof i.clues === "object" && !Array.isArray(i.clues) && (i.occupied === undefined || Array.isArray(i.occupied)) && onlyKeys(i, ["family", "size", "pieces", "clues", "occupied"]),
    controls(i, set) {
      const pieces = h("input", { type: "text", value: i.pieces, id: "ed-pieces", size: 10, pattern: "[KQRBNPkqrbnp]+", autocomplete: "off" });
      pieces.addEventListener("change", () => { const v = pieces.value.trim().toUpperCase(); if (/^[KQRBNP]+$/.test(v)) set({ ...i, pieces: v }); else pieces.value = i.pieces; });
      // a square keeps its place from the bottom-left corner (a1) when the size changes
      const moved = (sq, size) => { const rc = fromSquare(i, sq); return rc && rc[0] - (i.size - size) >= 0 && rc[1] < size ? FILES[rc[1]] + String(size - (rc[0] - (i.size - size))) : null; };
      const mark = h("button", { type: "button", id: "ed-mark", "aria-pressed": String(chessnumMarking), title: "Detektivschach: clicks mark and unmark the squares where pieces stand" }, "Mark squares");
      mark.addEventListener("click", () => { chessnumMarking = !chessnumMarking; set({ ...i }); });
      return [
        numberField("Size", i.size, 4, 16, (size) => {
          const clues = {};
          for (const [sq, v] of Object.entries(i.clues)) { const to = moved(sq, size); if (to) clues[to] = v; }
          const occupied = [...marked(i)].map((sq) => moved(sq, size)).filter(Boolean);
          set(withMarks({ ...i, size, clues }, occupied));
        }, "ed-size"),
        h("label", {}, "Pieces ", pieces),
        h("button", { type: "button", onclick: () => set({ ...i, clues: {} }) }, "Clear numbers"),
        mark,
        ...(marked(i).size ? [h("button", { type: "button", id: "ed-clear-marks", onclick: () => set(withMarks(i, [])) }, "Clear marks")] : []),
      ];
    },
    shape: (i) => ({ rows: i.size, cols: i.size, checkered: true, files: FILES.slice(0, i.size), ranks: i.size }),
    cell(i, r, c) {
      const sq = square(i, r, c);
      const v = i.clues[sq];
      if (v === undefined && marked(i).has(sq)) return { text: "\u25cf", label: `${sq}: marked, a piece stands here`, cls: "marked" };
      return { text: v === undefined ? "" : String(v), label: `${sq}: ${v === undefined ? "empty" : "number " + v}`, cls: v === undefined ? "" : "clue" };
    },
    activate(i, r, c, key) {
      const sq = square(i, r, c);
      const marks = marked(i);
      if (key === "*" || (chessnumMarking && (key === undefined || key === "Enter" || key === " "))) {
        const clues = { ...i.clues };
        delete clues[sq];  // a marked square holds a piece, never a number
        if (marks.has(sq)) marks.delete(sq); else marks.add(sq);
        return withMarks({ ...i, clues }, [...marks]);
      }
      if (marks.has(sq)) return isClearKey(key) ? withMarks(i, [...marks].filter((m) => m !== sq)) : null;
      const clues = { ...i.clues };
      if (isClearKey(key)) delete clues[sq];
      else if (isDigitKey(key)) clues[sq] = parseInt(key, 10);
      else if (key === undefined || key === "Enter" || key === " ") {
        const v = clues[sq];
        if (v === undefined) clues[sq] = 0;
        else if (v >= i.pieces.length) delete clues[sq];
        else clues[sq] = v + 1;
      } else return null;
      return { ...i, clues };
    },
    play: {
      help: "Pick a piece below, then click a free square to put it there; click a piece to take it back.",
      start(i, solution) {
        const placed = new Array(i.pieces.length).fill(null);
        if (solution) {
          for (const [letter, sq] of piecePairs(solution)) {
            const k = [...i.pieces].findIndex((l, n) => l === letter && placed[n] === null);
            if (k >= 0) placed[k] = sq;
          }
        }
        return { placed, selected: Math.max(0, placed.indexOf(null)) };
      },
      cell(i, p, r, c) {
        // every piece standing on the square is shown, then its number if it has one: a loaded or
        // hinted placement may break the rules there (errors() marks it), and nothing is hidden,
        // as in the terminal and SVG drawings (families/chessnum/render.py, conflicts)
        const sq = square(i, r, c);
        const letters = lettersOn(i, p, sq);
        const glyphs = letters.map((l) => GLYPH[l] || l).join("");
        const yours = letters.length ? `your ${letters.map((l) => NAME[l] || l).join(" and ")}` : "";
        const crowded = glyphs.length > 1 ? " crowded" : "";
        const v = i.clues[sq];
        if (v !== undefined) {
          if (!letters.length) return { ...chessnum.cell(i, r, c), cls: "clue" };
          return { text: glyphs + String(v), lead: glyphs, label: `${sq}: number ${v}, ${yours} on it`, cls: "clue placed crowded" };
        }
        if (letters.length) {
          const off = marked(i).size && !marked(i).has(sq) ? ", not marked" : "";
          return { text: glyphs, label: `${sq}: ${yours}${off}`, cls: (marked(i).has(sq) ? "placed marked" : "placed") + crowded };
        }
        if (marked(i).has(sq)) return { text: "\u25cf", label: `${sq}: marked, which piece?`, cls: "marked" };
        return { text: "", label: `${sq}: empty`, cls: "" };
      },
      activate(i, p, r, c, key) {
        const sq = square(i, r, c);
        const placed = p.placed.slice();
        const k = placed.indexOf(sq);
        // a piece where none may stand (loaded or hinted there) can be taken back, by a click or Delete
        const forbidden = i.clues[sq] !== undefined || (marked(i).size && !marked(i).has(sq));
        if (forbidden && k >= 0 && (key === undefined || key === "Enter" || key === " " || isClearKey(key))) {
          placed[k] = null;
          return { placed, selected: k };
        }
        if (i.clues[sq] !== undefined) return null;
        if (marked(i).size && !marked(i).has(sq)) return null;  // Detektivschach: pieces go on marked squares
        if (key !== undefined && key !== "Enter" && key !== " " && !isClearKey(key)) {
          const n = [...i.pieces].findIndex((l, idx) => l === key.toUpperCase() && (placed[idx] === null || placed[idx] === sq));
          if (n < 0) return null;
          if (k >= 0) placed[k] = null;
          placed[n] = sq;
          return { placed, selected: Math.max(0, placed.indexOf(null)) };
        }
        if (k >= 0) { placed[k] = null; return { placed, selected: k }; }
        if (isClearKey(key)) return null;
        placed[p.selected] = sq;
        const next = placed.indexOf(null);
        return { placed, selected: next >= 0 ? next : p.selected };
      },
      solution(i, p) {
        const out = {};
        const counts = {};
        for (const l of i.pieces) counts[l] = (counts[l] || 0) + 1;
        [...i.pieces].forEach((l, k) => {
          if (p.placed[k] === null) return;
          if (counts[l] > 1) (out[l] = out[l] || []).push(p.placed[k]);
          else out[l] = p.placed[k];
        });
        return out;
      },
      merge(i, p, place, remove) {
        const placed = p.placed.slice();
        for (const [letter, sq] of piecePairs(remove)) { const k = placed.indexOf(sq); if (k >= 0 && i.pieces[k] === letter) placed[k] = null; }
        for (const [letter, sq] of piecePairs(place)) {
          const k = [...i.pieces].findIndex((l, n) => l === letter && placed[n] === null);
          if (k >= 0) { const old = placed.indexOf(sq); if (old >= 0) placed[old] = null; placed[k] = sq; }
        }
        const next = placed.indexOf(null);
        return { placed, selected: next >= 0 ? next : p.selected };
      },
      marks(i, json) {
        const out = [];
        for (const [, sq] of piecePairs(json)) { const rc = fromSquare(i, sq); if (rc) out.push(keyOf(rc[0], rc[1])); }
        return out;
      },
      controls(i, p, setP) {
        const group = h("div", { role: "radiogroup", "aria-label": "Piece to place", class: "palette" });
        [...i.pieces].forEach((l, k) => {
          const id = `piece-${k}`;
          const input = h("input", { type: "radio", name: "piece", id, value: k, checked: p.selected === k });
          input.addEventListener("change", () => setP({ ...p, selected: k }));
          const where = p.placed[k] ? ` (${p.placed[k]})` : "";
          group.append(h("label", { for: id, class: p.placed[k] ? "used" : "" }, input, `${GLYPH[l] || l} ${NAME[l] || l}${where}`));
        });
        return [group];
      },
      progress: (i, p) => `${p.placed.filter((x) => x !== null).length} of ${i.pieces.length} pieces placed`,
    },
  };

  /* ---- C-Note: a grid of digits and a target; play: write the numbers ---- */
  function cnoteResize(i, rows, cols) {
    const grid = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (i.grid[r] && i.grid[r][c] !== undefined ? i.grid[r][c] : 1)));
    return { ...i, grid };
  }
  const cnote = {
    fields: ["target"],
    help: "Type a digit on a cell, or click it to count it up; each row and column must reach the target.",
    accepts: (i) => Array.isArray(i.grid) && i.grid.length >= 1 && i.grid.length <= 20 && i.grid.every((row) => Array.isArray(row) && row.length === i.grid[0].length && row.length <= 20 && row.every(Number.isInteger)) && onlyKeys(i, ["family", "grid", "target"]),
    controls(i, set) {
      return [
        numberField("Rows", i.grid.length, 1, 20, (n) => set(cnoteResize(i, n, i.grid[0].length)), "ed-rows"),
        numberField("Columns", i.grid[0].length, 1, 20, (n) => set(cnoteResize(i, i.grid.length, n)), "ed-cols"),
        numberField("Target", i.target === undefined ? 100 : i.target, 1, 1000000, (target) => set({ ...i, target }), "ed-target"),
      ];
    },
    shape: (i) => ({ rows: i.grid.length, cols: i.grid[0].length, checkered: false }),
    cell: (i, r, c) => ({ text: String(i.grid[r][c]), label: `row ${r}, column ${c}: digit ${i.grid[r][c]}`, cls: "digit" }),
    activate(i, r, c, key) {
      let d;
      if (isDigitKey(key)) d = parseInt(key, 10);
      else if (key === undefined || key === "Enter" || key === " ") d = (i.grid[r][c] + 1) % 10;
      else return null;
      const grid = i.grid.map((row) => row.slice());
      grid[r][c] = d;
      return { ...i, grid };
    },
    play: {
      help: "Write a number in each cell that keeps its digit (digits added before and/or after); the sums beside the grid turn green at the target, red past it.",
      start(i, solution) {
        const grid = i.grid.map((row, r) => row.map((d, c) => (solution && solution.grid && solution.grid[r] ? solution.grid[r][c] : null)));
        return { grid };
      },
      cell(i, p, r, c) {
        const v = p.grid[r][c];
        return { input: true, value: v === null ? "" : String(v), placeholder: String(i.grid[r][c]), label: `row ${r}, column ${c}, digit ${i.grid[r][c]}: your number`, cls: "number" };
      },
      activate(i, p, r, c, key) {
        const text = String(key === undefined ? "" : key).trim();
        const grid = p.grid.map((row) => row.slice());
        if (text === "") grid[r][c] = null;
        else if (/^\d{1,9}$/.test(text)) grid[r][c] = parseInt(text, 10);
        else return null;
        return { grid };
      },
      solution: (i, p) => ({ grid: p.grid.map((row, r) => row.map((v, c) => (v === null ? i.grid[r][c] : v))) }),
      merge(i, p, place, remove) {
        const grid = p.grid.map((row) => row.slice());
        if (remove && Array.isArray(remove.grid)) remove.grid.forEach((row, r) => (row || []).forEach((v, c) => { if (Number.isInteger(v) && grid[r] && grid[r][c] === v) grid[r][c] = null; }));
        if (place && Array.isArray(place.grid)) place.grid.forEach((row, r) => (row || []).forEach((v, c) => { if (Number.isInteger(v) && grid[r]) grid[r][c] = v; }));
        return { grid };
      },
      marks(i, json) {
        const out = [];
        if (json && Array.isArray(json.grid)) json.grid.forEach((row, r) => (row || []).forEach((v, c) => { if (Number.isInteger(v)) out.push(keyOf(r, c)); }));
        return out;
      },
      progress(i, p) {
        const written = p.grid.reduce((a, row) => a + row.filter((v) => v !== null).length, 0);
        const target = Array.isArray(i.rows) || Array.isArray(i.cols) ? "" : ` (target ${i.target === undefined ? 100 : i.target})`;
        return `${written} of ${p.grid.length * p.grid[0].length} numbers written${target}`;
      },
    },
  };


  /* ---- Armies (peaceable queens): board size and army size; play: place white and black ---- */
  const armyKey = ([r, c]) => keyOf(r, c);
  function armySquares(json, colour) {
    return json && Array.isArray(json[colour]) ? json[colour].filter((sq) => Array.isArray(sq) && sq.length === 2) : [];
  }
  const armies = {
    fields: ["m"],
    help: "Set the board size n and the army size m (leave m empty to find the largest armies). The board has no clues to click.",
    accepts: (i) => Number.isInteger(i.n) && i.n >= 1 && i.n <= 30 && (i.m === null || i.m === undefined || (Number.isInteger(i.m) && i.m >= 0)) && onlyKeys(i, ["family", "n", "m"]),
    controls(i, set) {
      const m = h("input", { type: "number", min: 0, max: i.n * i.n, step: 1, value: i.m === null || i.m === undefined ? "" : i.m, id: "ed-m", placeholder: "largest" });
      m.addEventListener("change", () => {
        const text = m.value.trim();
        const v = parseInt(text, 10);
        if (text === "") set({ family: "armies", n: i.n, m: null });
        else if (Number.isInteger(v) && v >= 0) set({ family: "armies", n: i.n, m: v });
        else m.value = i.m === null || i.m === undefined ? "" : i.m;
      });
      return [
        numberField("Size n", i.n, 1, 30, (n) => set({ family: "armies", n, m: i.m === undefined ? null : i.m }), "ed-size"),
        h("label", {}, "Army m ", m),
      ];
    },
    shape: (i) => ({ rows: i.n, cols: i.n, checkered: true }),
    cell: (i, r, c) => ({ text: "", label: `row ${r}, column ${c}: empty`, cls: "" }),
    activate: () => null,
    play: {
      help: "Click a square to put a white queen, again for black, again to empty it (keys W, B, Delete). No queen may attack one of the other colour.",
      start(i, solution) {
        const cells = {};
        for (const sq of armySquares(solution, "white")) cells[armyKey(sq)] = "white";
        for (const sq of armySquares(solution, "black")) cells[armyKey(sq)] = "black";
        return { cells };
      },
      cell(i, p, r, c) {
        const colour = p.cells[keyOf(r, c)];
        // both armies use the solid glyph: white with a dark outline, black with a light one (legible on both squares)
        return { text: colour ? "\u265B" : "", label: `row ${r}, column ${c}: ${colour ? colour + " queen" : "empty"}`, cls: colour ? `placed ${colour}-queen` : "" };
      },
      activate(i, p, r, c, key) {
        const k = keyOf(r, c);
        const now = p.cells[k];
        let next;
        if (key === undefined || key === "Enter" || key === " ") next = now === undefined ? "white" : now === "white" ? "black" : undefined;
        else if (key === "w" || key === "W") next = "white";
        else if (key === "b" || key === "B") next = "black";
        else if (isClearKey(key)) next = undefined;
        else return null;
        const cells = { ...p.cells };
        if (next) cells[k] = next;
        else delete cells[k];
        return { cells };
      },
      solution(i, p) {
        const out = { white: [], black: [] };
        for (const [k, colour] of Object.entries(p.cells)) out[colour].push(k.split(",").map(Number));
        for (const colour of ["white", "black"]) out[colour].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        return out;
      },
      merge(i, p, place, remove) {
        const cells = { ...p.cells };
        for (const colour of ["white", "black"]) {
          for (const sq of armySquares(remove, colour)) if (cells[armyKey(sq)] === colour) delete cells[armyKey(sq)];
          for (const sq of armySquares(place, colour)) cells[armyKey(sq)] = colour;
        }
        return { cells };
      },
      marks: (i, json) => [...armySquares(json, "white"), ...armySquares(json, "black")].map(armyKey),
      progress(i, p) {
        const colours = Object.values(p.cells);
        const w = colours.filter((x) => x === "white").length;
        return `${w} white and ${colours.length - w} black queens placed` + (Number.isInteger(i.m) ? ` (m = ${i.m})` : "");
      },
    },
  };

  /* ---- play feedback drawn on the board (computed here, as the player moves) ----
   * play.partial(inst, p)   the placement so far for a hint (the family's partial JSON)
   * play.complete(inst, p)  every piece/number is in: the server's checker then decides
   * play.errors(inst, p)    {bad: Set of "r,c", clues: {"r,c": {text, state}},
   *                          rows: [{text, state}], cols: [{text, state}]}  state: over | met | ""
   * play.paint(inst, p, r, c) -> token; play.painted(inst, p, r, c, token) -> p   (drag to mark)
   */
  const lineState = (have, want, open) => (want === null || want === undefined ? "" : have > want ? "over" : have === want ? "met" : open ? "" : "over");
  function attacking(a, b) {
    return a[0] === b[0] || a[1] === b[1] || Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1]);
  }
  function pairsOf(list, bad, test) {
    for (let x = 0; x < list.length; x++) for (let y = x + 1; y < list.length; y++) if (test(list[x], list[y])) { bad.add(keyOf(...list[x])); bad.add(keyOf(...list[y])); }
  }

  Object.assign(nqueens.play, {
    partial: (i, p) => ({ queens: p.queens.map((c) => (c >= 0 ? c : null)) }),
    complete: (i, p) => p.queens.every((c) => c >= 0),
    errors(i, p) {
      const bad = new Set();
      pairsOf(p.queens.map((c, r) => [r, c]).filter(([, c]) => c >= 0), bad, attacking);
      return { bad };
    },
  });

  const tentCells = (i, p) => tents.play.solution(i, p).tents;
  Object.assign(tents.play, {
    partial: (i, p) => ({ tents: tentCells(i, p), empty: [...p.empty].map((k) => k.split(",").map(Number)) }),
    complete(i, p) {
      let trees = 0;
      for (const row of i.grid) for (const ch of row) if (ch === "T") trees++;
      return tentCells(i, p).length === trees;
    },
    errors(i, p) {
      const placed = tentCells(i, p), bad = new Set();
      const at = new Set(placed.map(([r, c]) => keyOf(r, c)));
      for (const [r, c] of placed) {
        for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) if ((dr || dc) && at.has(keyOf(r + dr, c + dc))) { bad.add(keyOf(r, c)); bad.add(keyOf(r + dr, c + dc)); }
      }
      const rowHave = i.grid.map(() => 0), colHave = i.grid[0].split("").map(() => 0);
      const rowOpen = rowHave.map(() => false), colOpen = colHave.map(() => false);
      for (const [r, c] of placed) { rowHave[r]++; colHave[c]++; }
      i.grid.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === "." && !at.has(keyOf(r, c)) && !p.empty.has(keyOf(r, c))) { rowOpen[r] = true; colOpen[c] = true; } }));
      const line = (clues, have, open) => clues.map((v, k) => ({ text: v === null ? "?" : String(v), state: lineState(have[k], v, open[k]) }));
      return { bad, rows: line(i.rows, rowHave, rowOpen), cols: line(i.cols, colHave, colOpen) };
    },
    paint(i, p, r, c) {
      const k = keyOf(r, c);
      return p.tents.has(k) ? "t" : p.empty.has(k) ? "x" : "Delete";
    },
    painted(i, p, r, c, token) { return tents.play.activate(i, p, r, c, token); },
  });

  /* Chess-Num attack counts as the checker counts them: line pieces stop at the first piece. */
  const JUMPS = { K: [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]],
    N: [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]], P: [[-1, 1], [1, 1]] };
  const SLIDES = { Q: JUMPS.K, R: [[1, 0], [-1, 0], [0, 1], [0, -1]], B: [[1, 1], [1, -1], [-1, 1], [-1, -1]] };
  function attackCounts(size, pieces) {  // pieces: [letter, [file, rank]] with rank 0 = rank 1
    const occupied = new Set(pieces.map(([, s]) => keyOf(...s)));
    const counts = {};
    const hit = (f, r) => { counts[keyOf(f, r)] = (counts[keyOf(f, r)] || 0) + 1; };
    const inside = (f, r) => f >= 0 && f < size && r >= 0 && r < size;
    for (const [letter, [f, r]] of pieces) {
      if (JUMPS[letter] && !SLIDES[letter]) { for (const [df, dr] of JUMPS[letter]) if (inside(f + df, r + dr)) hit(f + df, r + dr); continue; }
      for (const [df, dr] of SLIDES[letter] || []) {
        for (let g = f + df, s = r + dr; inside(g, s); g += df, s += dr) { hit(g, s); if (occupied.has(keyOf(g, s))) break; }
      }
    }
    return counts;
  }
  Object.assign(chessnum.play, {
    partial: (i, p) => chessnum.play.solution(i, p),
    complete: (i, p) => p.placed.every((x) => x !== null),
    errors(i, p) {
      const pieces = [];
      [...i.pieces].forEach((l, k) => { const rc = p.placed[k] && fromSquare(i, p.placed[k]); if (rc) pieces.push([l, [rc[1], i.size - 1 - rc[0]]]); });
      const counts = attackCounts(i.size, pieces);
      const all = p.placed.every((x) => x !== null);
      const clues = {};
      for (const [sq, want] of Object.entries(i.clues)) {
        const rc = fromSquare(i, sq);
        if (!rc) continue;
        const have = counts[keyOf(rc[1], i.size - 1 - rc[0])] || 0;
        clues[keyOf(rc[0], rc[1])] = { text: `${have}/${want}`, state: lineState(have, want, !all) };
      }
      // squares whose placement breaks a rule by itself: a piece on a number, two pieces on one
      // square, a piece off the marked squares of a Detektivschach puzzle
      const bad = new Set();
      const marks = marked(i);
      for (const sq of new Set(p.placed.filter((x) => x !== null))) {
        const rc = fromSquare(i, sq);
        if (!rc) continue;
        if (i.clues[sq] !== undefined || lettersOn(i, p, sq).length > 1 || (marks.size && !marks.has(sq))) bad.add(keyOf(rc[0], rc[1]));
      }
      return { bad, clues };
    },
  });

  const cnoteSums = (i, grid) => ({
    rows: grid.map((row) => row.reduce((a, v) => a + (v || 0), 0)),
    cols: grid[0].map((_, c) => grid.reduce((a, row) => a + (row[c] || 0), 0)),
  });
  Object.assign(cnote.play, {
    partial: (i, p) => ({ grid: p.grid.map((row) => row.slice()) }),
    complete: (i, p) => p.grid.every((row) => row.every((v) => v !== null)),
    errors(i, p) {
      const bad = new Set();
      p.grid.forEach((row, r) => row.forEach((v, c) => { if (v !== null && !String(v).includes(String(i.grid[r][c]))) bad.add(keyOf(r, c)); }));
      const sums = cnoteSums(i, p.grid);
      // one target for all: the sums alone (the target is in the help line); else sum/target
      const common = !Array.isArray(i.rows) && !Array.isArray(i.cols);
      const target = (list, k) => (Array.isArray(list) ? list[k] : i.target === undefined ? 100 : i.target);
      const open = (cells) => cells.some((v) => v === null);
      const sum = (v, t, cells) => ({ text: common ? String(v) : `${v}/${t}`, state: lineState(v, t, open(cells)) });
      return {
        bad,
        rows: sums.rows.map((v, r) => sum(v, target(i.rows, r), p.grid[r])),
        cols: sums.cols.map((v, c) => sum(v, target(i.cols, c), p.grid.map((row) => row[c]))),
      };
    },
  });

  Object.assign(armies.play, {
    partial: (i, p) => armies.play.solution(i, p),
    complete(i, p) {
      const sol = armies.play.solution(i, p);
      return Number.isInteger(i.m) ? sol.white.length === i.m && sol.black.length === i.m : sol.white.length > 0 && sol.white.length === sol.black.length;
    },
    errors(i, p) {
      const sol = armies.play.solution(i, p), bad = new Set();
      for (const w of sol.white) for (const b of sol.black) if (attacking(w, b)) { bad.add(keyOf(...w)); bad.add(keyOf(...b)); }
      return { bad };
    },
  });

  window.BoardEditors = { armies, nqueens, tents, chessnum, cnote };
  window.BoardDom = { h, numberField, keyOf };
})();
