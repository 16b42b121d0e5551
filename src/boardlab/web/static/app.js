/* boardlab page: pick a family, edit or paste a puzzle, solve, generate, play.
 *
 * Everything goes through the JSON API (/api/...); family knowledge lives in editors.js and
 * only draws boards. A family without an editor there is edited as text/JSON, and played by
 * writing its solution JSON.
 */
(function () {
  "use strict";
  const { h } = window.BoardDom;
  const $ = (id) => document.getElementById(id);

  const state = {
    families: [],
    family: null,        // describe() of the chosen family
    instance: null,      // instance JSON
    text: "",            // the instance in the family's text format
    result: null,        // last solve answer
    index: 0,            // solution shown
    generated: null,     // last generate answer (its solution is hidden until asked)
    shown: null,         // {solution, svg} drawn in the result panel
    play: false,
    past: [],            // play moves to undo (earlier partials), and to redo
    future: [],
    solved: false,
    partial: null,       // editor's play state
    hint: null,          // last hint answer
    focus: [0, 0],       // roving focus cell of the board grid
    seq: 0,              // request counter: late answers of older requests are dropped
  };

  /* ---- talking to the server ---- */
  async function api(path, body) {
    const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    let response;
    try {
      response = await fetch(path, options);
    } catch (e) {
      throw new Error("the server does not answer (is boardlab serve still running?)");
    }
    let data = null;
    try { data = await response.json(); } catch (e) { /* not JSON */ }
    if (!response.ok) {
      const detail = data && data.detail ? data.detail : response.statusText;
      const error = new Error(response.status === 429 ? `busy: ${detail}` : detail);
      error.status = response.status;
      error.kind = data && data.error;
      throw error;
    }
    return data;
  }

  function showError(message) {
    const box = $("error");
    box.textContent = message;
    box.hidden = !message;
  }

  function busy(on, what) {
    document.body.classList.toggle("working", on);
    for (const b of document.querySelectorAll("#mode-buttons button, #generate")) b.disabled = on || (b.dataset.mode && !modeOffered(b.dataset.mode));
    if (on) $("status").textContent = what + "…";
  }

  const editor = () => {
    const e = state.family && window.BoardEditors[state.family.name];
    return e && state.instance && safe(() => e.accepts(state.instance)) ? e : null;
  };
  function safe(f, fallback = false) { try { return f(); } catch (e) { return fallback; } }
  const modeOffered = (mode) => state.family && state.family.modes.includes(mode);

  /* ---- families and their controls ---- */
  async function loadFamilies() {
    state.families = await api("/api/families");
    const select = $("family");
    select.replaceChildren(...state.families.map((f) => h("option", { value: f.name }, f.title)));
    const params = new URLSearchParams(location.search);
    const wanted = params.get("family") || (location.hash || "").slice(1);
    const initial = state.families.find((f) => f.name === wanted) || state.families[0];
    if (!initial) return;
    select.value = initial.name;
    await chooseFamily(initial.name, params.get("puzzle"));
    const moves = params.get("moves");
    if (params.get("puzzle") && moves && editor()) {
      try { setPlay(true, thaw(moves)); } catch (e) { showError("the moves in this link cannot be read"); }
    }
  }

  function optionInput(option, verb) {
    const id = `opt-${verb}-${option.name}`;
    let input;
    if (option.type === "bool") input = h("input", { type: "checkbox", id, checked: option.default === true });
    else if (option.choices) input = h("select", { id }, ...(option.default === null ? [h("option", { value: "" }, "(default)")] : []), ...option.choices.map((c) => h("option", { value: c, selected: c === option.default }, c)));
    else if (option.type === "int" || option.type === "float") input = h("input", { type: "number", id, step: option.type === "int" ? 1 : "any", min: option.minimum, max: option.maximum, value: option.default === null ? "" : option.default, placeholder: option.default === null ? "default" : null });
    else input = h("input", { type: "text", id, value: option.default === null ? "" : option.default });
    input.dataset.option = option.name;
    input.dataset.type = option.type;
    const others = option.verbs.filter((v) => v !== "render" && v !== "check");
    const only = verb === "generate" || option.verbs.includes("solve") ? "" : others.length ? ` (${others.join(", ")} only)` : " (drawing)";
    const label = h("label", { for: id, title: option.help }, option.name.replace(/_/g, " ") + only + " ");
    return h("span", { class: option.type === "bool" ? "option check" : "option" }, option.type === "bool" ? input : label, option.type === "bool" ? label : input, h("small", {}, option.help));
  }

  function readOptions(container) {
    const out = {};
    for (const input of container.querySelectorAll("[data-option]")) {
      const name = input.dataset.option, type = input.dataset.type;
      if (type === "bool") { out[name] = input.checked; continue; }
      if (input.value === "") continue;
      out[name] = type === "int" ? parseInt(input.value, 10) : type === "float" ? parseFloat(input.value) : input.value;
    }
    return out;
  }

  function fillOptions(fieldset, verbs) {
    // an option the board editor already sets (armies' m, cnote's target) is not asked twice
    const known = window.BoardEditors[state.family.name];
    const onBoard = verbs.includes("generate") || !known ? [] : known.fields || [];
    const options = state.family.options.filter((o) => o.verbs.some((v) => verbs.includes(v)) && !onBoard.includes(o.name));
    fieldset.replaceChildren(h("legend", {}, "Options"), ...options.map((o) => { const el = optionInput(o, verbs[0]); el.dataset.verbs = o.verbs.join(" "); return el; }));
    fieldset.hidden = options.length === 0;
  }

  async function chooseFamily(name, shared = null) {
    const family = state.families.find((f) => f.name === name);
    state.family = family;
    history.replaceState(null, "", location.pathname + "#" + name);
    $("share-box").hidden = true;
    $("copy-format").replaceChildren(...(family.writes || ["text", "json"]).map((f) => h("option", { value: f }, FORMAT_NAMES[f] || f)));
    $("rules").textContent = family.rules;
    fillOptions($("solve-options"), ["solve", "count", "render"]);
    fillOptions($("generate-options"), ["generate"]);
    $("backend").replaceChildren(...family.backends.map((b, k) => h("option", { value: k === 0 ? "" : b }, b + (k === 0 ? " (default)" : ""))));
    $("strategy").replaceChildren(h("option", { value: "" }, "(default)"), ...family.strategies.map((s) => h("option", { value: s }, s)));
    $("strategy-label").hidden = family.strategies.length === 0;
    for (const b of document.querySelectorAll("#mode-buttons button")) { b.disabled = !modeOffered(b.dataset.mode); b.hidden = !modeOffered(b.dataset.mode); }
    setPlay(false);
    clearResult();
    showError("");
    const library = family.library || [], made = family.generated || [];
    const groups = [];
    if (library.length) groups.push(h("optgroup", { label: "published" }, ...library.map((p, k) => h("option", { value: `p${k}`, title: p.source }, p.title))));
    if (made.length) groups.push(h("optgroup", { label: "generate (size, difficulty)" }, ...made.map((g, k) => h("option", { value: `g${k}` }, g.title))));
    const heading = [library.length ? `${library.length} published` : "", made.length ? "generated by level" : ""].filter(Boolean).join(", ");
    $("library").replaceChildren(h("option", { value: "" }, heading ? `(${heading})` : "(none shipped)"), ...groups);
    $("library").disabled = groups.length === 0;
    let start = family.example;
    if (shared) {
      try { start = await api(`/api/${family.name}/parse`, { instance: shared }); } catch (e) { showError(`the puzzle in this link: ${e.message}`); }
    }
    if (start) setInstance(start.instance, start.text);
    else { state.instance = null; state.text = ""; $("text").value = ""; renderEditor(); }
    $("text-box").open = !editor();
    await drawPuzzle();
  }

  /* ---- the instance ---- */
  function setInstance(json, text) {
    state.instance = json;
    state.text = text;
    $("text").value = text;
    state.focus = [0, 0];
    renderEditor();
    updateDownloads();
  }

  let editTimer = null;
  function editInstance(json) {
    // an edit by clicking: draw at once, let the server check and canonicalise it
    state.instance = json;
    renderEditor();
    clearResult();
    clearTimeout(editTimer);
    const seq = ++state.seq;
    editTimer = setTimeout(async () => {
      try {
        const parsed = await api(`/api/${state.family.name}/parse`, { instance: json });
        if (seq !== state.seq) return;
        // drawn again only if the server changed it: a board re-drawn under a press loses the click
        const changed = JSON.stringify(canonical(parsed.instance)) !== JSON.stringify(canonical(state.instance));
        state.instance = parsed.instance;
        state.text = parsed.text;
        $("text").value = parsed.text;
        showError("");
        if (changed) renderEditor();
        updateDownloads();
        await drawPuzzle();
      } catch (e) {
        if (seq === state.seq) showError(e.message);
      }
    }, 150);
  }

  async function loadText(text) {
    showError("");
    try {
      const body = { instance: text };
      const parsed = await api(`/api/${state.family.name}/parse`, body);
      setPlay(false);
      clearResult();
      setInstance(parsed.instance, parsed.text);
      await drawPuzzle();
      $("status").textContent = "Puzzle loaded.";
      return true;
    } catch (e) {
      showError(e.message);
      return false;
    }
  }

  async function loadPublished(k) {
    const chosen = (state.family.library || [])[k];
    if (!chosen) return;
    if (await loadText(chosen.instance)) $("status").textContent = `Loaded ${chosen.title} (${chosen.source}).`;
  }

  /* A generated puzzle of the menu: its options (size, difficulty) set in the generate form,
     a fresh random seed. */
  async function loadGenerated(k) {
    const chosen = (state.family.generated || [])[k];
    if (!chosen) return;
    for (const [name, value] of Object.entries(chosen.options)) {
      const input = $(`opt-generate-${name}`);
      if (input) input.value = value;
    }
    $("seed").value = "";
    await generate();
    if (state.generated) $("status").textContent = `Generated ${state.family.title} ${chosen.title} (seed ${state.generated.seed}). Solve it, or play it.`;
  }

  /* The puzzle of the day: the family's generator with today's date (UTC) as the seed. */
  async function daily() {
    const day = new Date().toISOString().slice(0, 10);
    $("seed").value = day.replace(/-/g, "");
    await generate();
    if (state.generated) $("status").textContent = `Puzzle of the day ${day} (seed ${state.generated.seed}). Solve it, or play it.`;
  }

  /* ---- the board grid (editing and playing) ---- */
  function renderEditor() {
    const ed = editor();
    const controls = $("editor-controls"), grid = $("editor"), help = $("editor-help");
    const focused = document.activeElement && document.activeElement.id;
    controls.replaceChildren();
    help.textContent = "";
    $("play-generic").hidden = true;
    if (state.family && state.family.takes_size && !ed && !state.play) {
      const size = h("input", { type: "number", id: "size-input", min: 1, value: state.instance && (state.instance.n || state.instance.size) || 8 });
      const go = h("button", { type: "button", onclick: () => loadText(size.value) }, "Set size");
      controls.append(h("label", {}, "Board size ", size), go);
    }
    if (!ed) {
      grid.replaceChildren();
      if (state.play) { $("play-generic").hidden = false; help.textContent = "Write your solution as JSON; it is checked as you type."; }
      else help.textContent = state.family ? "Edit the puzzle as text or JSON below." : "";
      $("text-box").open = true;
      return;
    }
    if (state.play) {
      help.textContent = ed.play.help;
      if (ed.play.controls) controls.append(...ed.play.controls(state.instance, state.partial, (p) => { state.partial = p; renderEditor(); }));
    } else {
      help.textContent = ed.help;
      controls.append(...ed.controls(state.instance, editInstance));
    }
    const shape = ed.shape(state.instance);
    const marks = new Set(state.play && state.hint ? [...ed.play.marks(state.instance, state.hint.place), ...ed.play.marks(state.instance, state.hint.remove)] : []);
    const edges = !state.play && shape.edges && ed.edges ? ed.edges(state.instance, editInstance) : null;
    const feedback = state.play && ed.play.errors ? ed.play.errors(state.instance, state.partial) : { bad: new Set() };
    const sums = Boolean(feedback.rows);  // numbers beside the grid (clues or sums)
    const side = shape.edges || sums;
    const long = (x) => x.text.length > 3;  // sums like "87/100" need more room than a cell
    const wideEdge = sums && feedback.rows.some(long);
    const view = (r, c) => {
      const info = state.play ? ed.play.cell(state.instance, state.partial, r, c) : ed.cell(state.instance, r, c);
      const classes = ["cell", info.cls || ""];
      if (shape.checkered) classes.push((r + c) % 2 ? "dark" : "light");
      const key = r + "," + c;
      if (marks.has(key)) classes.push("hinted");
      if (feedback.bad.has(key)) classes.push("wrong");
      const clue = feedback.clues && feedback.clues[key];
      if (clue) classes.push(clue.state || "open");
      const label = info.label + (feedback.bad.has(key) ? " (breaks a rule)" : "") + (clue ? ` (attacked ${clue.text})` : "");
      const lead = clue ? info.lead || "" : "";
      return { info, cls: classes.join(" "), text: lead + (clue ? clue.text : info.text), lead, label };
    };
    const sig = [state.family.name, state.play, wideEdge, JSON.stringify(state.instance)].join("|");
    const old = grid.querySelector(".grid");
    if (old && old.dataset.sig === sig) {
      // the same puzzle is drawn: a move in play changes the cells in place (fast on 50x50); in
      // editing nothing changes (a board rebuilt between a press and its release would lose the
      // click, e.g. when the server's check of the last edit answers the same puzzle)
      if (state.play) {
        patchBoard(shape, view, feedback);
        old.classList.toggle("solved", state.solved);
      }
      return;
    }
    grid.replaceChildren();
    const table = h("div", { role: "grid", class: "grid" + (state.play ? " playing" : "") + (state.play && ed.play.paint ? " paintable" : "") + (state.solved ? " solved" : ""), "aria-label": state.play ? "Board (play)" : "Board (edit)", "aria-rowcount": shape.rows, "aria-colcount": shape.cols });
    table.style.gridTemplateColumns = `var(--label) repeat(${shape.cols}, var(--cell))` + (side ? (wideEdge ? " var(--edge)" : " var(--cell)") : "");
    // coordinates: files and ranks on chess boards, row and column numbers (as messages say) elsewhere
    const colName = (c) => (shape.files ? shape.files[c] : String(c));
    const rowName = (r) => (shape.files ? String(shape.rows - r) : String(r));
    const head = h("div", { role: "row", class: "grid-row" }, h("span", { class: "coord", "aria-hidden": "true" }));
    for (let c = 0; c < shape.cols; c++) head.append(h("span", { class: "coord", role: "columnheader" }, colName(c)));
    if (side) head.append(h("span", { class: "coord" }));
    table.append(head);
    const edgeClass = (info) => "edge" + (info.state ? " " + info.state : "") + (long(info) ? " long" : "");
    const edgeCell = (info, label, id) => h("span", { class: edgeClass(info), "aria-label": label, id }, info.text);
    const [fr, fc] = state.focus;
    for (let r = 0; r < shape.rows; r++) {
      const row = h("div", { role: "row", class: "grid-row" }, h("span", { class: "coord", role: "rowheader" }, rowName(r)));
      for (let c = 0; c < shape.cols; c++) {
        const { info, cls, text, lead, label } = view(r, c);
        let el;
        if (info.input) {
          el = h("input", { type: "text", inputmode: "numeric", class: cls, value: info.value, placeholder: info.placeholder, "aria-label": label, id: `cell-${r}-${c}`, maxlength: 9 });
          el.addEventListener("change", () => act(r, c, el.value));
          el.addEventListener("keydown", (ev) => inputKey(ev, r, c, shape));
        } else {
          el = h("button", { type: "button", class: cls, "aria-label": label, id: `cell-${r}-${c}`, tabindex: r === fr && c === fc ? 0 : -1 });
          fillCell(el, text, lead);
          el.addEventListener("click", () => { if (drag.suppress) return; state.focus = [r, c]; act(r, c, undefined); });
          el.addEventListener("keydown", (ev) => cellKey(ev, r, c, shape));
          el.dataset.r = r;
          el.dataset.c = c;
        }
        el.setAttribute("role", "gridcell");
        row.append(el);
      }
      if (feedback.rows) row.append(edgeCell(feedback.rows[r], `row ${rowName(r)}: ${feedback.rows[r].text}`, `edge-row-${r}`));
      else if (shape.edges) row.append(edges ? edges.right[r] : h("span", { class: "edge" }, clueText(state.instance.rows, r)));
      table.append(row);
    }
    if (side) {
      const row = h("div", { role: "row", class: "grid-row" }, h("span", { class: "coord" }));
      for (let c = 0; c < shape.cols; c++) {
        if (feedback.cols) row.append(edgeCell(feedback.cols[c], `column ${colName(c)}: ${feedback.cols[c].text}`, `edge-col-${c}`));
        else row.append(edges ? edges.bottom[c] : h("span", { class: "edge" }, clueText(state.instance.cols, c)));
      }
      row.append(h("span", { class: "edge" }));
      table.append(row);
    }
    table.dataset.sig = sig;
    grid.append(table);
    grid.dataset.cols = shape.cols;
    grid.dataset.side = side ? (wideEdge ? "wide" : "cell") : "";
    document.querySelector("main").classList.toggle("wide-board", shape.cols > 12);
    sizeBoard();
    if (state.play && ed.play.paint) wireDrag(table, ed);
    if (focused && $(focused) && focused !== "editor") $(focused).focus();
  }

  /* A cell's text; a lead (the pieces on a numbered square) gets a line of its own above the
     clue's count (style.css, .cell.clue.crowded: a column), so that two pieces and a two-digit
     count fit the square. */
  function fillCell(el, text, lead) {
    if (lead) el.replaceChildren(h("span", { class: "lead" }, lead), text.slice(lead.length));
    else el.textContent = text;
  }

  function patchBoard(shape, view, feedback) {
    const set = (el, name, value) => { if (el.getAttribute(name) !== value) el.setAttribute(name, value); };
    for (let r = 0; r < shape.rows; r++) {
      for (let c = 0; c < shape.cols; c++) {
        const el = $(`cell-${r}-${c}`);
        const { info, cls, text, lead, label } = view(r, c);
        if (el.className !== cls) el.className = cls;
        set(el, "aria-label", label);
        if (info.input) { if (el.value !== info.value && document.activeElement !== el) el.value = info.value; }
        else if (el.textContent !== text) fillCell(el, text, lead);
      }
    }
    for (const [list, name] of [[feedback.rows, "row"], [feedback.cols, "col"]]) {
      (list || []).forEach((info, k) => {
        const el = $(`edge-${name}-${k}`);
        if (!el) return;
        el.className = "edge" + (info.state ? " " + info.state : "") + (info.text.length > 3 ? " long" : "");
        el.textContent = info.text;
        el.setAttribute("aria-label", `${el.getAttribute("aria-label").split(":")[0]}: ${info.text}`);
      });
    }
  }

  /* The cells fill the board panel's width (at most 2.6rem, at least 6 px): any size fits. */
  function sizeBoard() {
    const grid = $("editor");
    const cols = parseInt(grid.dataset.cols || "0", 10);
    if (!cols) return;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const free = grid.clientWidth - 14;
    const edge = grid.dataset.side === "wide" ? 4.2 * rem : 0;
    const units = cols + 0.9 + (grid.dataset.side === "cell" ? 1 : 0);
    const cell = Math.max(6, Math.min(2.6 * rem, Math.floor((free - edge) / units)));
    grid.style.setProperty("--cell", cell + "px");
    grid.style.setProperty("--label", Math.max(6, Math.round(cell * 0.9)) + "px");
    grid.style.setProperty("--edge", edge + "px");
  }

  /* Drag across cells to give them all the state the first cell took (tents: tent / empty mark). */
  const drag = { start: null, token: null, suppress: false };
  function wireDrag(table, ed) {
    const cellAt = (ev) => {
      const el = document.elementFromPoint(ev.clientX, ev.clientY);
      return el && el.closest && el.closest("#editor button.cell");
    };
    table.addEventListener("pointerdown", (ev) => {
      const el = cellAt(ev);
      if (!el || ev.button !== 0) return;
      drag.start = el.id;
      drag.token = null;
    });
    table.addEventListener("pointermove", (ev) => {
      if (!drag.start) return;
      const el = cellAt(ev);
      if (!el || (el.id === drag.start && drag.token === null)) return;
      const r = parseInt(el.dataset.r, 10), c = parseInt(el.dataset.c, 10);
      if (drag.token === null) {  // the drag begins: the first cell changes as a click would
        const first = $(drag.start);
        const fr = parseInt(first.dataset.r, 10), fc = parseInt(first.dataset.c, 10);
        const next = ed.play.activate(state.instance, state.partial, fr, fc, undefined);
        if (next) move(next);
        drag.token = ed.play.paint(state.instance, state.partial, fr, fc);
        drag.suppress = true;
      }
      const next = ed.play.painted(state.instance, state.partial, r, c, drag.token);
      if (next) move(next, true);
    });
    const end = () => {
      drag.start = null;
      if (drag.suppress) setTimeout(() => { drag.suppress = false; }, 0);
    };
    table.addEventListener("pointerup", end);
    table.addEventListener("pointercancel", end);
  }

  const clueText = (clues, k) => (clues && clues[k] !== null && clues[k] !== undefined ? String(clues[k]) : "?");

  function cellKey(ev, r, c, shape) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[ev.key]) {
      ev.preventDefault();
      const nr = Math.min(shape.rows - 1, Math.max(0, r + moves[ev.key][0]));
      const nc = Math.min(shape.cols - 1, Math.max(0, c + moves[ev.key][1]));
      state.focus = [nr, nc];
      for (const b of document.querySelectorAll("#editor button.cell")) b.tabIndex = -1;
      const next = $(`cell-${nr}-${nc}`);
      if (next) { next.tabIndex = 0; next.focus(); }
      return;
    }
    if (ev.key === "Enter" || ev.key === " ") return; // the button's own click
    if (ev.key.length === 1 || ev.key === "Delete" || ev.key === "Backspace") {
      state.focus = [r, c];
      if (act(r, c, ev.key)) ev.preventDefault();
    }
  }

  function inputKey(ev, r, c, shape) {  // number cells: arrows move between cells, Enter writes
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (!moves[ev.key] && ev.key !== "Enter") return;
    ev.preventDefault();
    if (ev.key === "Enter") { act(r, c, ev.target.value); return; }
    const nr = Math.min(shape.rows - 1, Math.max(0, r + moves[ev.key][0]));
    const next = $(`cell-${nr}-${c}`);
    if (next) next.focus();
  }

  function act(r, c, key) {
    const ed = editor();
    if (!ed) return false;
    if (state.play) {
      const next = ed.play.activate(state.instance, state.partial, r, c, key);
      if (!next) return false;
      move(next);
      $(`cell-${r}-${c}`) && $(`cell-${r}-${c}`).focus();
      return true;
    }
    const next = ed.activate(state.instance, r, c, key);
    if (!next) return false;
    editInstance(next);
    $(`cell-${r}-${c}`) && $(`cell-${r}-${c}`).focus();
    return true;
  }

  /* A move in play: remembered for undo (a drag is one move), saved in the browser, checked. */
  function move(next, continuing = false) {
    if (!continuing) { state.past.push(state.partial); state.future = []; }
    state.partial = next;
    state.hint = null;
    $("apply-hint").hidden = true;
    afterMove();
  }

  function afterMove() {
    state.solved = false;
    renderEditor();
    saveProgress();
    $("undo").disabled = state.past.length === 0;
    $("redo").disabled = state.future.length === 0;
    checkPlay();
  }

  function undo(back = true) {
    const from = back ? state.past : state.future, to = back ? state.future : state.past;
    if (!state.play || !from.length) return;
    to.push(state.partial);
    state.partial = from.pop();
    state.hint = null;
    $("apply-hint").hidden = true;
    afterMove();
  }

  /* ---- progress in the browser and share links ---- */
  const freeze = (p) => JSON.stringify(p, (k, v) => (v instanceof Set ? { $set: [...v] } : v));
  const thaw = (text) => JSON.parse(text, (k, v) => (v && typeof v === "object" && Array.isArray(v.$set) ? new Set(v.$set) : v));
  // the same puzzle, however the editor or the server spelled it (key order, empty lists)
  const canonical = (v) => (Array.isArray(v) ? v.map(canonical) : v && typeof v === "object"
    ? Object.fromEntries(Object.keys(v).sort().filter((k) => v[k] !== null && !(Array.isArray(v[k]) && !v[k].length)).map((k) => [k, canonical(v[k])]))
    : v);
  const progressKey = () => `boardlab:${state.family.name}:${JSON.stringify(canonical(state.instance))}`;
  function saveProgress() {
    if (!state.play || !editor()) return;
    try { localStorage.setItem(progressKey(), freeze(state.partial)); } catch (e) { /* storage full or off */ }
  }
  function savedProgress() {
    try { const text = localStorage.getItem(progressKey()); return text ? thaw(text) : null; } catch (e) { return null; }
  }

  function shareLink() {
    const url = new URL(location.href);
    url.search = "";
    url.hash = "";
    url.searchParams.set("family", state.family.name);
    url.searchParams.set("puzzle", JSON.stringify(state.instance));
    if (state.play && editor()) url.searchParams.set("moves", freeze(state.partial));
    return url.toString();
  }

  async function offer(label, text) {
    $("share-label").textContent = label;
    $("share-url").value = text;
    $("share-box").hidden = false;
    try { await navigator.clipboard.writeText(text); $("share-note").textContent = "Copied to the clipboard."; }
    catch (e) { $("share-note").textContent = "Copy it from the box above."; $("share-url").select(); }
  }

  const share = () => offer("Link to this puzzle (and your moves)", shareLink());

  /* The puzzle in one of the formats the family writes (`writes`: text, JSON, and e.g. Tents'
     game ID and puzz.link URL), written by the server's convert. */
  const FORMAT_NAMES = { text: "text", json: "JSON", gameid: "game ID", puzzlink: "puzz.link URL" };
  async function copyAs() {
    if (!state.instance) { showError("No puzzle to copy yet."); return; }
    const to = $("copy-format").value;
    try {
      const written = await api(`/api/${state.family.name}/convert`, { instance: state.instance, to });
      showError("");
      await offer(`This puzzle as ${FORMAT_NAMES[to] || to}`, written.text);
    } catch (e) { showError(e.message); }
  }

  /* ---- solving and generating ---- */
  function clearResult() {
    state.result = null;
    state.generated = null;
    state.shown = null;
    state.index = 0;
    $("status").textContent = "No result yet.";
    $("stats").hidden = true;
    $("solution-nav").hidden = true;
    $("show-solution").hidden = true;
    updateDownloads();
  }

  async function solve(mode) {
    if (!state.instance) { showError("No puzzle to solve yet."); return; }
    showError("");
    const body = { instance: state.instance, mode, options: readOptions($("solve-options")) };
    // options of the other verb would be refused: keep those of this mode's verb only
    const verb = mode === "count" ? "count" : "solve";
    for (const el of $("solve-options").querySelectorAll(".option")) {
      const input = el.querySelector("[data-option]");
      if (!el.dataset.verbs.split(" ").includes(verb)) delete body.options[input.dataset.option];
    }
    const limit = parseFloat($("time-limit").value);
    if (limit > 0) body.time_limit = Math.min(60, limit);
    if (mode === "all") body.limit = Math.max(1, Math.min(1000, parseInt($("limit").value, 10) || 20));
    if ($("backend").value) body.backend = $("backend").value;
    if ($("strategy").value) body.strategy = $("strategy").value;
    const labels = { first: "Solving", unique: "Proving uniqueness", count: "Counting", all: "Enumerating", optimise: "Optimising" };
    busy(true, labels[mode]);
    const seq = ++state.seq;
    try {
      const result = await api(`/api/${state.family.name}/solve`, body);
      if (seq !== state.seq) return;
      clearResult();
      state.result = result;
      showResult();
      await showSolution(0);
    } catch (e) {
      if (seq === state.seq) { showError(e.message); $("status").textContent = "No answer."; }
    } finally {
      busy(false);
    }
  }

  function showResult() {
    const r = state.result;
    const parts = [`Status: ${r.status}`];
    if (r.count !== null && r.count !== undefined) parts.push(`count: ${r.count}`);
    if (r.unique === true) parts.push("unique: yes");
    if (r.unique === false && r.status !== "unsatisfiable") parts.push("unique: no (another solution exists)");
    if (r.status === "unsatisfiable") parts.push("no solution exists");
    if (r.status === "unknown") parts.push("time limit reached");
    if (r.solutions.length > 1) parts.push(`${r.solutions.length} solutions listed`);
    const status = $("status");
    status.textContent = parts.join(" · ");
    status.dataset.status = r.status;
    showStats(r.stats);
  }

  function showStats(stats) {
    const body = $("stats").tBodies[0];
    body.replaceChildren();
    for (const [k, v] of Object.entries(stats || {})) {
      if (v === null || v === undefined || typeof v === "object") continue;
      const value = k === "seconds" ? `${Number(v).toFixed(3)} s` : String(v);
      body.append(h("tr", {}, h("th", { scope: "row" }, k.replace(/_/g, " ")), h("td", {}, value)));
    }
    $("stats").hidden = body.children.length === 0;
  }

  async function showSolution(k) {
    const solutions = state.result ? state.result.solutions : [];
    state.index = k;
    $("solution-nav").hidden = solutions.length <= 1;
    $("solution-index").textContent = solutions.length ? `solution ${k + 1} of ${solutions.length}` : "";
    $("prev").disabled = k <= 0;
    $("next").disabled = k >= solutions.length - 1;
    await draw(solutions[k] || null, solutions.length ? `Solution ${k + 1}` : "The puzzle");
  }

  async function draw(solution, caption) {
    if (!state.instance) return;
    try {
      const drawn = await api(`/api/${state.family.name}/render`, { instance: state.instance, solution, options: drawingOptions() });
      state.shown = { solution, svg: drawn.svg };
      const img = $("board-img");
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(drawn.svg);
      img.alt = `${state.family.title} board${solution ? " with " + caption.toLowerCase() : ""}`;
      img.hidden = false;
      $("board-caption").textContent = caption;
      img.dataset.solution = solution ? "yes" : "no";
    } catch (e) {
      state.shown = { solution, svg: null };
      $("board-img").hidden = true;
      $("board-caption").textContent = `Cannot draw: ${e.message}`;
    }
    updateDownloads();
  }

  const drawPuzzle = () => draw(null, "The puzzle");

  // the drawing options (render-verb flags such as Chess-Num's explain, armies' attacks) as
  // set in the options panel; toggling one redraws what is shown
  const isDrawingOption = (o) => o.type === "bool" && o.verbs.includes("render");
  function drawingOptions() {
    const chosen = readOptions($("solve-options"));
    return Object.fromEntries(state.family.options.filter((o) => isDrawingOption(o) && o.name in chosen).map((o) => [o.name, chosen[o.name]]));
  }
  function redrawOnDrawingOption(event) {
    const option = state.family && state.family.options.find((o) => o.name === event.target.dataset.option);
    if (option && isDrawingOption(option) && state.shown) draw(state.shown.solution, $("board-caption").textContent);
  }

  async function generate() {
    showError("");
    const body = { options: readOptions($("generate-options")) };
    const seed = $("seed").value;
    if (seed !== "") body.seed = parseInt(seed, 10);
    const limit = parseFloat($("time-limit").value);
    if (limit > 0) body.time_limit = Math.min(60, limit);
    busy(true, "Generating");
    const seq = ++state.seq;
    try {
      const made = await api(`/api/${state.family.name}/generate`, body);
      if (seq !== state.seq) return;
      setPlay(false);
      clearResult();
      setInstance(made.instance, made.text);
      state.generated = made;
      $("status").textContent = `Generated a puzzle (seed ${made.seed}). Solve it, or play it.`;
      $("status").dataset.status = "generated";
      showStats(made.stats);
      $("solution-nav").hidden = false;
      $("show-solution").hidden = false;
      $("prev").hidden = $("next").hidden = true;
      $("solution-index").textContent = "";
      await drawPuzzle();
    } catch (e) {
      if (seq === state.seq) { showError(e.message); $("status").textContent = "No puzzle."; }
    } finally {
      busy(false);
    }
  }

  /* ---- play mode ---- */
  function setPlay(on, restore = null) {
    state.play = on;
    state.hint = null;
    state.solved = false;
    state.past = [];
    state.future = [];
    const ed = editor();
    $("play").setAttribute("aria-pressed", String(on));
    $("play").textContent = on ? "Stop playing" : "Play";
    $("hint").hidden = !on || !(state.family && state.family.hint);
    $("apply-hint").hidden = true;
    for (const id of ["clear-play", "undo", "redo"]) $(id).hidden = !on || !ed;
    $("undo").disabled = $("redo").disabled = true;
    $("play-report").hidden = !on;
    $("hint-message").textContent = "";
    $("violations").replaceChildren();
    if (on) {
      state.partial = ed ? restore || savedProgress() || ed.play.start(state.instance, null) : null;
      if (ed) $("play-json").value = "";
      $("play-status").textContent = "Your move.";
    }
    renderEditor();
    if (on) checkPlay();
  }

  function clearMoves() {
    const ed = editor();
    if (!ed || !state.play) { setPlay(true); return; }
    move(ed.play.start(state.instance, null));
  }

  function playSolution() {
    const ed = editor();
    if (ed) return ed.play.solution(state.instance, state.partial);
    const text = $("play-json").value.trim();
    if (!text) return null;
    return JSON.parse(text);
  }

  function playPartial() {  // what a hint starts from: the placements made, nothing filled in
    const ed = editor();
    if (ed) return ed.play.partial ? ed.play.partial(state.instance, state.partial) : ed.play.solution(state.instance, state.partial);
    return playSolution();
  }

  function showPlayStatus(text, valid) {
    $("play-status").textContent = text;
    $("play-status").dataset.valid = String(valid);
    state.solved = valid;
    const grid = document.querySelector("#editor .grid");
    if (grid) grid.classList.toggle("solved", valid);
  }

  let checkTimer = null;
  let checkSeq = 0;
  function checkPlay() {
    clearTimeout(checkTimer);
    const ed = editor();
    if (ed && ed.play.complete && !ed.play.complete(state.instance, state.partial)) {
      // not finished: the board shows the mistakes; the checker's list waits for a full board
      ++checkSeq;
      const errors = ed.play.errors ? ed.play.errors(state.instance, state.partial) : { bad: new Set() };
      const over = Object.values(errors.clues || {}).concat(errors.rows || [], errors.cols || []).filter((x) => x.state === "over").length;
      const wrong = errors.bad.size + over;
      const progress = ed.play.progress ? ed.play.progress(state.instance, state.partial) + ". " : "";
      showPlayStatus(progress + (wrong ? `${wrong} mistake${wrong === 1 ? "" : "s"} marked in red on the board.` : "No mistakes so far."), false);
      $("violations").replaceChildren();
      return;
    }
    checkTimer = setTimeout(async () => {
      let solution;
      try { solution = playSolution(); } catch (e) { $("play-status").textContent = "Not valid JSON yet."; return; }
      if (solution === null) { $("play-status").textContent = "Write a solution to check."; $("violations").replaceChildren(); return; }
      const seq = ++checkSeq;
      try {
        const answer = await api(`/api/${state.family.name}/check`, { instance: state.instance, solution });
        if (seq !== checkSeq || !state.play) return; // a later move was made meanwhile
        const progress = ed && ed.play.progress ? ed.play.progress(state.instance, state.partial) + ". " : "";
        const count = answer.violations.length;
        showPlayStatus(answer.valid ? "Solved! Every rule holds." : `${progress}${count} rule${count === 1 ? "" : "s"} not met:`, answer.valid);
        $("violations").replaceChildren(...answer.violations.slice(0, 30).map((v) => h("li", {}, v)));
      } catch (e) {
        if (seq !== checkSeq) return;
        $("play-status").textContent = e.message;
        $("violations").replaceChildren();
      }
    }, 120);
  }

  async function askHint() {
    showError("");
    let partial;
    try { partial = playPartial(); } catch (e) { showError("Your solution is not valid JSON."); return; }
    const limit = parseFloat($("time-limit").value);
    $("hint-message").textContent = "Thinking…";
    try {
      const hint = await api(`/api/${state.family.name}/hint`, { instance: state.instance, partial, time_limit: limit > 0 ? Math.min(60, limit) : undefined });
      state.hint = hint;
      const details = editor() ? "" : [hint.place ? ` Place: ${JSON.stringify(hint.place)}.` : "", hint.remove ? ` Remove: ${JSON.stringify(hint.remove)}.` : ""].join("");
      const steps = Array.isArray(hint.steps) ? " " + hint.steps.join(" ") : "";
      const what = { progress: "Hint", mistake: "Mistake", solved: "Solved", unsolvable: "No solution" }[hint.status] || hint.status;
      $("hint-message").textContent = `${what}: ${hint.message}.${steps}${details}`.replace(/\.\./g, ".");
      $("hint-message").dataset.status = hint.status;
      $("apply-hint").hidden = !editor() || !(hint.place || hint.remove);
      $("apply-hint").textContent = hint.remove && !hint.place ? "Remove the mistakes" : "Apply hint";
      renderEditor();
    } catch (e) {
      $("hint-message").textContent = "";
      showError(e.message);
    }
  }

  function applyHint() {
    const ed = editor();
    const hint = state.hint;
    if (!hint || !ed) return;
    const next = ed.play.merge(state.instance, state.partial, hint.place, hint.remove);
    $("hint-message").textContent = "";
    move(next);
  }

  /* ---- downloads ---- */
  function download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = h("a", { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function currentSolution() {
    if (state.shown && state.shown.solution) return state.shown.solution;
    if (state.play) { try { return playSolution(); } catch (e) { return null; } }
    return null;
  }

  function updateDownloads() {
    $("dl-text").disabled = !state.instance;
    $("dl-json").disabled = !state.instance;
    $("dl-solution").disabled = !currentSolution();
    $("dl-result").disabled = !state.result;
    $("dl-svg").disabled = !(state.shown && state.shown.svg);
  }

  /* ---- wiring ---- */
  function wire() {
    $("family").addEventListener("change", (e) => chooseFamily(e.target.value).catch((err) => showError(err.message)));
    $("solve-options").addEventListener("change", redrawOnDrawingOption);
    for (const b of document.querySelectorAll("#mode-buttons button")) b.addEventListener("click", () => solve(b.dataset.mode));
    $("generate").addEventListener("click", generate);
    $("load").addEventListener("click", () => loadText($("text").value));
    $("text").addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) loadText($("text").value); });
    $("file").addEventListener("change", async (e) => {
      const file = e.target.files[0];
      if (!file) return;
      if (file.size > 1024 * 1024) { showError(`${file.name}: larger than 1 MiB`); return; }
      const text = await file.text();
      $("text").value = text;
      $("text-box").open = true;
      await loadText(text);
      e.target.value = "";
    });
    $("prev").addEventListener("click", () => showSolution(Math.max(0, state.index - 1)));
    $("next").addEventListener("click", () => showSolution(Math.min(state.result.solutions.length - 1, state.index + 1)));
    $("show-solution").addEventListener("click", async () => {
      if (!state.generated) return;
      await draw(state.generated.solution, "The generated solution");
    });
    $("play").addEventListener("click", () => setPlay(!state.play));
    $("hint").addEventListener("click", askHint);
    $("apply-hint").addEventListener("click", applyHint);
    $("clear-play").addEventListener("click", clearMoves);
    $("undo").addEventListener("click", () => undo(true));
    $("redo").addEventListener("click", () => undo(false));
    $("share").addEventListener("click", share);
    $("copy").addEventListener("click", copyAs);
    $("library").addEventListener("change", (e) => {
      const v = e.target.value;
      if (v.startsWith("p")) loadPublished(parseInt(v.slice(1), 10));
      if (v.startsWith("g")) loadGenerated(parseInt(v.slice(1), 10));
    });
    $("daily").addEventListener("click", daily);
    document.addEventListener("keydown", (e) => {
      if (!state.play || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      const inText = e.target.closest && e.target.closest("textarea, input:not(.cell)");
      if (inText) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) { e.preventDefault(); undo(true); }
      else if (key === "y" || (key === "z" && e.shiftKey)) { e.preventDefault(); undo(false); }
    });
    window.addEventListener("resize", sizeBoard);
    $("play-json").addEventListener("input", checkPlay);
    $("play-check").addEventListener("click", checkPlay);
    const base = () => (state.family ? state.family.name : "puzzle");
    $("dl-text").addEventListener("click", () => download(`${base()}.txt`, "text/plain", state.text));
    $("dl-json").addEventListener("click", () => download(`${base()}.json`, "application/json", JSON.stringify(state.instance, null, 1) + "\n"));
    $("dl-solution").addEventListener("click", () => download(`${base()}-solution.json`, "application/json", JSON.stringify(currentSolution()) + "\n"));
    $("dl-result").addEventListener("click", () => download(`${base()}-answer.json`, "application/json", JSON.stringify(state.result, null, 1) + "\n"));
    $("dl-svg").addEventListener("click", () => download(`${base()}.svg`, "image/svg+xml", state.shown.svg));
  }

  window.addEventListener("DOMContentLoaded", () => {
    wire();
    loadFamilies().catch((e) => showError(e.message));
  });
  window.boardlabState = state; // for the browser tests and the curious
})();
