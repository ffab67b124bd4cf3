"use strict";
// The page: sets up a game through the JSON API, draws the SVG the server sends, and
// turns clicks (or Enter and Space on a focused move) on elements carrying data-action
// into moves. No build step, no libraries.

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
const COLORS = { 1: "red", 2: "gold" };
let catalog = null;
let view = null;
let busy = false;
let landed = null; // {cell, until}: a click there right after moving a stone completes that move
let checking = null; // the timer of the pending check of the game's settings

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = response.status === 204 ? null : await response.json();
  if (!response.ok) {
    const error = new Error(data && data.error ? data.error : response.statusText);
    error.data = data;
    throw error;
  }
  return data;
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// --- setting up a game -------------------------------------------------------------------

function selectedGame() {
  return catalog.games.find((g) => g.name === $("game").value);
}

function paramInput(p) {
  if (p.choices) {  // a name from a list (the OpenSpiel games zerosum can load)
    const select = document.createElement("select");
    for (const choice of p.choices) select.add(new Option(choice, choice));
    select.value = p.default;
    return select;
  }
  const input = document.createElement("input");
  input.type = p.type === "int" || p.type === "float" ? "number" : "text";
  input.value = p.default;
  return input;
}

function showParams() {
  const holder = $("params");
  holder.replaceChildren();
  for (const p of selectedGame().params) {
    const label = document.createElement("label");
    const input = paramInput(p);
    input.dataset.param = p.name;
    label.append(`${p.name} `, input);
    holder.append(label);
  }
  $("rules").textContent = selectedGame().rules || "";
  checkSetup();
}

function gameSpec() {
  const args = [...$("params").querySelectorAll("[data-param]")].map(
    (input) => `${input.dataset.param}=${input.value.trim()}`);
  return args.length ? `${$("game").value}:${args.join(",")}` : $("game").value;
}

function scheduleCheck() {
  clearTimeout(checking);
  checking = setTimeout(checkSetup, 250);
}

// Asks the server about the game as set up now: a mistake shows at once (not only after
// "New game"), and the rules and the opponents offered follow the board's size.
async function checkSetup() {
  clearTimeout(checking);
  const spec = gameSpec();
  try {
    const answer = await api("GET", `/api/setup?game=${encodeURIComponent(spec)}`);
    if (spec !== gameSpec()) return; // the settings changed meanwhile
    $("rules").textContent = answer.rules;
    showPresets(answer.presets);
    $("error").textContent = "";
  } catch (error) {
    if (spec !== gameSpec()) return;
    $("rules").textContent = "";
    showError(error);
  }
  $("setup").dataset.checked = spec;
}

// The preset list: "custom spec" and the catalog's presets this game offers.
function showPresets(offered) {
  const preset = $("preset");
  const chosen = preset.value;
  preset.replaceChildren(new Option("custom spec", ""));
  for (const p of catalog.presets) {
    if (offered.includes(p.spec)) preset.add(new Option(p.label, p.spec));
  }
  if (chosen === "") {
    presetFollowsSpec();
  } else if (offered.includes(chosen)) {
    preset.value = chosen;
  } else {  // e.g. "perfect" on a board where it cannot answer at once: the default instead
    preset.value = defaultPreset(offered);
    $("opponent").value = preset.value;
  }
}

function defaultPreset(offered) {
  const strong = offered.find((spec) => spec.startsWith("alphabeta"));
  return strong || offered[0] || "";
}

function presetFollowsSpec() {
  const spec = $("opponent").value.trim();
  const listed = [...$("preset").options].some((o) => o.value === spec);
  $("preset").value = listed ? spec : "";
}

// --- showing the game --------------------------------------------------------------------

function setBusy(flag, message) {
  busy = flag;
  $("status").classList.toggle("thinking", flag);
  if (message) $("status").textContent = message;
  render();
}

function showError(error) {
  const legal = error.data && error.data.legal ? ` Legal moves: ${error.data.legal.join(" ")}` : "";
  $("error").textContent = error.message + legal;
}

// Every move on the board can be reached with Tab and played with Enter or Space.
function makeFocusable(board) {
  for (const move of board.querySelectorAll("[data-action]")) {
    if (move.tagName === "BUTTON") continue;
    move.setAttribute("tabindex", "0");
    move.setAttribute("role", "button");
    if (!move.hasAttribute("aria-label")) move.setAttribute("aria-label", `play ${move.dataset.action}`);
  }
}

function fallbackBoard(board) {  // a game without to_svg: its text and a button per legal move
  const buttons = element("div", undefined, "fallback");
  for (const action of view.legal) {
    const button = element("button", action);
    button.type = "button";
    button.dataset.action = action;
    buttons.append(button);
  }
  board.replaceChildren(element("pre", view.text), buttons);
}

function drawBoard() {
  const board = $("board");
  const key = view ? JSON.stringify(view.moves) + view.id : "";
  if (board.dataset.state === key) return;
  const focused = board.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  board.dataset.state = key;
  if (!view) {
    board.replaceChildren();
  } else if (view.svg) {
    board.innerHTML = view.svg;
  } else {
    fallbackBoard(board);
  }
  makeFocusable(board);
  if (focused !== null) {  // keep the keyboard on the board: the same move, else the first
    const moves = [...board.querySelectorAll("[data-action]")];
    const next = moves.find((m) => m.dataset.action === focused) || moves[0];
    if (next) next.focus();
  }
}

function render() {
  $("undo").disabled = busy || !view || !view.can_undo;
  $("play").hidden = !view && !busy;
  drawBoard();
  showSearch(view ? view.search : null);
  whyFollows(view, busy); // why.js: the tree of the computer's last move
  $("moves").textContent = view && view.moves.length
    ? "Moves: " + view.moves.map((m) => m.action).join(" ") : "";
  const board = $("board");
  board.classList.toggle("your-turn", Boolean(view && view.your_turn && !busy));
  const status = $("status");
  status.classList.toggle("over", Boolean(view && view.over));
  if (view && view.over) {
    status.textContent = `Game over: ${view.outcome}`;
  } else if (view && !busy) {
    status.textContent = view.your_turn
      ? `Your move (you are player ${view.human}, ${COLORS[view.human]}).`
      : "Waiting for the computer.";
  } else if (!busy) {
    status.textContent = "";
  }
}

// --- what the computer thought -----------------------------------------------------------

function showSearch(search) {
  const box = $("search");
  if (box.dataset.shown === JSON.stringify(search)) return;
  box.dataset.shown = JSON.stringify(search);
  box.replaceChildren();
  if (!search) return;
  box.append(element("p", `The computer played ${search.action} (${search.seconds.toFixed(2)} s).`, "played"));
  if (search.note) box.append(element("p", search.note, "note"));
  const summary = search.summary;
  if (summary) {
    const verdict = element("p", undefined, "verdict");
    verdict.append(element("strong", summary.verdict), " ", element("span", `(${summary.basis})`, "basis"));
    box.append(verdict, leanBar(summary.lean));
    if (Object.keys(summary.moves).length) box.append(options(search));
  }
  if (search.value !== undefined || Object.keys(search.extra || {}).length) box.append(details(search));
}

// A bar from "you" to "the computer" with a mark where the computer thinks the game stands.
function leanBar(lean) {
  const bar = element("div", undefined, "lean");
  bar.setAttribute("aria-hidden", "true");
  const track = element("span", undefined, "track");
  const mark = element("span", undefined, "mark");
  mark.style.left = `${((lean + 1) / 2) * 100}%`;
  track.append(mark);
  bar.append(element("span", "you"), track, element("span", "computer"));
  return bar;
}

// The computer's options: drawn on the position it moved from when the game draws one,
// else listed.
function options(search) {
  const figure = element("figure", undefined, "options");
  const caption = element("figcaption", `Before its move: ${search.summary.legend}.`);
  figure.append(caption);
  if (search.board) {
    const holder = element("div", undefined, "seen");
    holder.innerHTML = search.board;
    figure.append(holder);
    requestAnimationFrame(() => labelOptions(holder, search)); // sizes are known once shown
  } else {
    const list = element("ul");
    for (const [move, label] of Object.entries(search.summary.moves)) {
      list.append(element("li", `${move}: ${label}`, move === search.action ? "played" : ""));
    }
    figure.append(list);
  }
  return figure;
}

// Writes each option's worth on the drawing, where the move would go, and marks the move
// played. The drawing is a picture here: its moves are not clickable.
function labelOptions(holder, search) {
  const svg = holder.querySelector("svg");
  if (!svg) return;
  svg.setAttribute("aria-hidden", "true");
  for (const move of svg.querySelectorAll("[data-action]")) {
    const action = move.dataset.action;
    move.removeAttribute("data-action");
    move.removeAttribute("aria-label");
    move.classList.remove("zs-move");
    const label = search.summary.moves[action];
    if (label !== undefined) addOptionLabel(move, label, action === search.action);
  }
}

function addOptionLabel(move, text, played) {
  const spot = (move.querySelector(".zs-hint") || move).getBBox();
  const onText = move.querySelector("text") !== null; // a tile with its number (Pick)
  const x = spot.x + spot.width / 2;
  const y = onText ? spot.y + spot.height - 2 : spot.y + spot.height / 2 + 5;
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", played ? "zs-option played" : "zs-option");
  const label = document.createElementNS(SVG_NS, "text");
  label.setAttribute("x", x);
  label.setAttribute("y", y);
  label.setAttribute("text-anchor", "middle");
  label.textContent = text;
  const back = document.createElementNS(SVG_NS, "rect");
  group.append(back, label);
  move.append(group);
  const box = label.getBBox();
  for (const [name, value] of [["x", box.x - 3], ["y", box.y - 1], ["width", box.width + 6],
    ["height", box.height + 2], ["rx", 4]]) back.setAttribute(name, value);
}

// The raw numbers, for the curious, folded away.
function details(search) {
  const folded = element("details");
  folded.append(element("summary", "Search details"));
  if (search.value !== undefined) {
    const parts = [`value ${search.value} (for the computer)`, `depth ${search.depth}`,
      `${search.nodes.toLocaleString()} nodes`, `${search.search_seconds} s`];
    if (search.pv.length) parts.push(`line ${search.pv.join(" ")}`);
    folded.append(element("p", parts.join(" · ")));
  }
  for (const [key, value] of Object.entries(search.extra || {})) folded.append(extraPart(key, value));
  return folded;
}

function extraPart(key, value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return element("p", `${key}: ${Array.isArray(value) ? value.join(" ") : value}`);
  }
  const table = document.createElement("table");
  const head = table.insertRow();
  head.append(element("th", "move"), element("th", key));
  const entries = Object.entries(value); // best first when the values are numbers
  if (entries.every(([, v]) => typeof v === "number")) entries.sort((a, b) => b[1] - a[1]);
  for (const [move, v] of entries) {
    const row = table.insertRow();
    row.insertCell().textContent = move;
    row.insertCell().textContent = v !== null && typeof v === "object" ? JSON.stringify(v) : v;
  }
  return table;
}

// --- playing -----------------------------------------------------------------------------

async function play(action) {
  $("error").textContent = "";
  setBusy(true, "Playing…");
  try {
    view = await api("POST", `/api/games/${view.id}/moves`, { action, reply: false });
    if (!view.over && !view.your_turn) {
      setBusy(true, `${view.opponent} is thinking…`);
      view = await api("POST", `/api/games/${view.id}/reply`);
    }
  } catch (error) {
    showError(error);
  } finally {
    setBusy(false);
  }
}

function canPlay(target) {
  return target && view && view.your_turn && !busy; // else nothing happens
}

function onBoardClick(event) {
  const target = event.target.closest("[data-action]");
  if (!canPlay(target)) return;
  const now = Date.now();
  if (landed && now < landed.until && target.dataset.from === landed.cell) {
    landed = null; // the destination click of a stone already moved by its first click
    return;
  }
  landed = target.dataset.to ? { cell: target.dataset.to, until: now + 1500 } : null;
  play(target.dataset.action);
}

function onBoardKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const target = event.target.closest("[data-action]");
  if (!target || target.tagName === "BUTTON") return; // a button clicks itself
  event.preventDefault();
  landed = null;
  if (canPlay(target)) play(target.dataset.action);
}

async function newGame(event) {
  event.preventDefault();
  $("error").textContent = "";
  const human = Number(document.querySelector("input[name=human]:checked").value);
  const body = { game: gameSpec(), opponent: $("opponent").value, human };
  if (view) api("DELETE", `/api/games/${view.id}`).catch(() => {}); // free the old game
  view = null; // the old board goes now: if the new game fails, no dead board stays
  setBusy(true, human === 2 ? `${body.opponent} is thinking…` : "Starting…");
  try {
    view = await api("POST", "/api/games", body);
  } catch (error) {
    showError(error);
  } finally {
    setBusy(false);
  }
}

async function undo() {
  $("error").textContent = "";
  setBusy(true, "Taking back…");
  try {
    view = await api("POST", `/api/games/${view.id}/undo`);
  } catch (error) {
    showError(error);
  } finally {
    setBusy(false);
  }
}

async function start() {
  catalog = await api("GET", "/api/catalog");
  for (const g of catalog.games) $("game").add(new Option(`${g.name}: ${g.summary}`, g.name));
  showPresets(catalog.presets.map((p) => p.spec));
  $("preset").value = defaultPreset(catalog.presets.map((p) => p.spec));
  $("opponent").value = $("preset").value;
  showParams();
  $("game").addEventListener("change", showParams);
  $("params").addEventListener("input", scheduleCheck);
  $("params").addEventListener("change", checkSetup);
  $("preset").addEventListener("change", () => {
    if ($("preset").value) $("opponent").value = $("preset").value;
  });
  $("opponent").addEventListener("input", presetFollowsSpec);
  $("setup").addEventListener("submit", newGame);
  $("board").addEventListener("click", onBoardClick);
  $("board").addEventListener("keydown", onBoardKey);
  $("undo").addEventListener("click", undo);
}

start().catch(showError);
