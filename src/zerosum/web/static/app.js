"use strict";
// The page: sets up a game through the JSON API, draws the SVG the server sends, and
// turns clicks (or Enter and Space on a focused move) on elements carrying data-action
// into moves. No build step, no libraries.

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
//: Games with more legal moves than this are played by typing the move (go has 362).
const MOST_BUTTONS = 40;
let catalog = null;
let view = null;
let busy = false;
let ready = false; // the server's agents are loaded: a game may start
let setup = null; // the server's answer about the game as set up now (its start, its sides)
let generation = 0; // counts new games: an answer for an older game is dropped
let landed = null; // {cell, until}: a click there right after moving a stone completes that move
//: How soon after a stone moved by one click a click on its new cell is taken as the
//: second half of a two-click move (a double click's time), not a move of that stone.
const SECOND_CLICK_MS = 500;
//: A click this soon after the computer's reply is drawn was not aimed at it (no person
//: reacts faster); a later one is a move of its own, even within the double click's time.
const REACTION_MS = 250;
let checking = null;
let waited = null; // {id, plies, seconds}: how long the person waited for the reply shown // the timer of the pending check of the game's settings

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
    label.append(`${p.label || p.name} `, input);
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
    if (view && view.game !== answer.game) leaveGame();
    $("rules").textContent = answer.rules;
    showPresets(answer.presets);
    showSides(answer.sides);
    setup = answer;
    $("error").textContent = "";
  } catch (error) {
    if (spec !== gameSpec()) return;
    $("rules").textContent = "";
    setup = null;
    showError(error);
  }
  render();
  $("setup").dataset.checked = spec;
}

// Another game (or size) chosen while one is on the board: the board shows the new one's
// start, to begin with a click or New game, so the rules and settings above always
// describe the board. The game left stays in the browser's history (Back returns to it).
function leaveGame() {
  generation += 1; // a move of the game left, still under way, is dropped
  view = null;
  busy = false;
  $("status").classList.remove("thinking");
  history.pushState(null, "", location.pathname + location.search);
  written = null; // positions.js: the next game takes this entry's place
}

// The preset list: "other" (the opponent typed under Advanced) and the catalog's presets
// this game offers.
function showPresets(offered) {
  const preset = $("preset");
  const chosen = preset.value;
  preset.replaceChildren(new Option("other (as typed under Advanced)", ""));
  for (const p of catalog.presets) {
    if (offered.includes(p.spec)) preset.add(new Option(p.label, p.spec));
  }
  preset.add(new Option("another person, on this screen", "human"));
  if (chosen === "") {
    presetFollowsSpec();
  } else if (offered.includes(chosen) || chosen === "human") {
    preset.value = chosen;
  } else {  // e.g. "perfect" on a board where it cannot answer at once: the default instead
    preset.value = defaultPreset(offered);
    $("opponent").value = preset.value;
  }
}

// "You play": each side by its name in the game's own words, in the order they play.
function showSides(sides) {
  const [first, second] = document.querySelectorAll("input[name=human]");
  for (const [input, side, order] of [[first, sides[0], "first"], [second, sides[1], "second"]]) {
    input.value = side.player;
    input.nextSibling.textContent = ` ${side.name} (${order})`;
  }
}

// The opponent as the menu names it ("MCTS, 1 s"), else as typed under Advanced.
function opponentLabel(spec) {
  const preset = catalog.presets.find((p) => p.spec === spec.trim());
  return preset ? preset.label : spec.trim();
}

function thinkingText(spec) {
  return `The computer (${opponentLabel(spec)}) is thinking…`;
}

// The server's first choice of opponent (catalog.DEFAULT_OPPONENT), where it is offered.
function defaultPreset(offered) {
  return offered.includes(catalog.default_opponent) ? catalog.default_opponent : offered[0] || "";
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

// What the game calls a player: "Red", "Black", "X"; "player 1" where it names none.
function sideName(player, sides = view && view.sides) {
  const side = sides ? sides.find((s) => s.player === player) : null;
  return side ? side.name : `player ${player}`;
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

// A game without to_svg: its text, and a button per legal move, or where there are too
// many for buttons (go) a field to type the move in, the legal moves offered as it is typed.
function fallbackBoard(board, shown) {
  const moves = element("div", undefined, "fallback");
  if (shown.legal.length > MOST_BUTTONS) {
    const form = element("form", undefined, "typed");
    const input = element("input");
    input.setAttribute("list", "legal-moves");
    input.setAttribute("aria-label", "your move");
    input.spellcheck = false;
    const list = element("datalist");
    list.id = "legal-moves";
    for (const action of shown.legal) list.append(new Option(action, action));
    const button = element("button", "Play");
    form.append(input, list, button);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const action = input.value.trim();
      if (action) startOrPlay(action);
    });
    input.placeholder = `e.g. ${shown.legal[0]}`;
    const apart = shown.legal.some((action) => action.includes(" ")) ? ", " : " ";
    moves.append(form, element("p", `Legal moves: ${shown.legal.join(apart)}`, "legal"));
  } else {
    for (const action of shown.legal) {
      const button = element("button", action);
      button.type = "button";
      button.dataset.action = action;
      moves.append(button);
    }
  }
  board.replaceChildren(element("pre", shown.text), moves);
}

// The board of the game, or before any game the start of the one set up (a click on it
// begins that game).
function drawBoard() {
  const board = $("board");
  const shown = view || (setup && setup.start);
  const key = view ? JSON.stringify(view.moves) + view.id + view.at
    : shown ? `start ${setup.game}` : "";
  if (board.dataset.state === key) return;
  const focused = board.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  board.dataset.state = key;
  if (!shown) {
    board.replaceChildren();
  } else if (shown.svg) {
    board.innerHTML = shown.svg;
  } else {
    fallbackBoard(board, shown);
  }
  makeFocusable(board);
  if (focused !== null) keepFocus(focused);
}

// Keeps the keyboard on the board: on the same move, else the first, else the board itself
// (a game over has no moves).
function keepFocus(focused) {
  const board = $("board");
  const moves = [...board.querySelectorAll("[data-action]")];
  const next = moves.find((m) => m.dataset.action === focused) || moves[0] || board;
  next.focus();
}

function render() {
  $("undo").disabled = busy || !view || !view.can_undo;
  $("play").hidden = !view && !busy && !(setup && setup.start);
  $("new-game").disabled = !ready;
  drawBoard();
  showSearch(view ? view.search : null, Boolean(view && view.over));
  whyFollows(view, busy); // why.js: the tree of the computer's last move
  const board = $("board");
  const before = !view && setup && setup.start && ready; // the start, clicked to begin
  board.classList.toggle("your-turn", Boolean((view && view.your_turn && !busy) || before));
  const status = $("status");
  status.classList.toggle("over", Boolean(view && view.over));
  status.dataset.result = view && view.over ? result(view) : "";
  if (!busy) status.textContent = statusText();
  positionsFollow(); // positions.js: the move list as a history, hints, the URL
}

// "win", "loss" or "draw" for the person (two people: "win" unless drawn), for the colour.
function result(shown) {
  if (shown.winner === null) return "draw";
  return shown.two_people || shown.winner === shown.human ? "win" : "loss";
}

function statusText() {
  if (!view) {
    if (!setup || !setup.start) return "";
    if (!ready) return "Getting the computer players ready…";
    const human = Number(document.querySelector("input[name=human]:checked").value);
    const name = sideName(human, setup.sides);
    return setup.sides[0].player === human
      ? `Click the board to begin: you play ${name}, and move first.`
      : `Press New game to begin: you play ${name}, the computer moves first.`;
  }
  if (view.over) return `Game over: ${view.outcome}${view.tally ? ` ${view.tally}.` : ""}`;
  if (!view.your_turn) return "Waiting for the computer.";
  const name = sideName(view.to_move);
  if (view.legal.length === 1 && view.legal[0] === "pass") {
    return `You (${name}) have no move: press Pass.`;
  }
  return `Your move (you are ${name}).`;
}

// --- what the computer thought -----------------------------------------------------------

// The computer's last move and what it thought of the game; once the game is over, only
// its move (a verdict on a finished game says nothing).
function showSearch(search, over) {
  const box = $("search");
  const key = JSON.stringify([search, over]);
  if (box.dataset.shown === key) return;
  box.dataset.shown = key;
  box.replaceChildren();
  if (!search) return;
  box.append(element("p", `The computer played ${search.action} (${waitedFor(search).toFixed(2)} s).`, "played"));
  if (search.note) box.append(element("p", search.note, "note"));
  const summary = search.summary;
  if (summary && !over) {
    const verdict = element("p", undefined, "verdict");
    verdict.append(element("strong", summary.verdict), " ", element("span", `(${summary.basis})`, "basis"));
    box.append(verdict, leanBar(summary.lean));
    if (Object.keys(summary.moves).length) box.append(options(search));
  }
  if (search.value !== undefined || Object.keys(search.extra || {}).length) box.append(details(search));
}

// The seconds the person waited for the computer's move shown, as this page measured them
// (their click to the reply on the board: all of it, compiling or not); for a game
// restored from the server, the server's measure of the move.
function waitedFor(search) {
  const here = waited && view && view.id === waited.id && view.at === waited.plies;
  return here ? waited.seconds : search.seconds;
}

// Until ``answer`` (a request for the computer's move in game ``id``) settles, says how
// long the person has waited, and that the computer is getting its compiled search ready
// when it is (slow once on a new machine); then notes the wait for the move shown.
async function awaitReply(answer, id, spec, began) {
  const say = async () => {
    const seconds = Math.round((performance.now() - began) / 1000);
    const doing = id ? await api("GET", `/api/games/${id}/thinking`).catch(() => null) : null;
    if (!busy) return;
    $("status").textContent = doing && doing.phase === "preparing"
      ? `The computer (${opponentLabel(spec)}) is preparing its fast search, once on this machine: ${seconds} s so far…`
      : `${thinkingText(spec)} (${seconds} s so far)`;
  };
  const timer = setInterval(say, 1000);
  try {
    const shown = await answer;
    waited = { id: shown.id, plies: shown.moves.length, seconds: (performance.now() - began) / 1000 };
    return shown;
  } finally {
    clearInterval(timer);
  }
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
  const placed = []; // the labels so far, kept apart
  for (const move of svg.querySelectorAll("[data-action]")) {
    const action = move.dataset.action;
    move.removeAttribute("data-action");
    move.removeAttribute("aria-label");
    move.classList.remove("zs-move");
    const label = search.summary.moves[action];
    if (label !== undefined) addOptionLabel(move, label, action === search.action, placed);
  }
}

// Moves a label's group so it lies inside the drawing and clear of the labels already
// placed (side by side labels of narrow columns go one under the other).
function placeClear(svg, group, placed) {
  const view = svg.viewBox.baseVal;
  let box = group.getBBox();
  let dx = 0;
  if (box.x < view.x + 1) dx = view.x + 1 - box.x;
  if (box.x + box.width > view.x + view.width - 1) dx = view.x + view.width - 1 - box.x - box.width;
  let dy = 0;
  const overlaps = (b) => placed.some((p) => b.x < p.x + p.width && p.x < b.x + b.width
    && b.y < p.y + p.height && p.y < b.y + b.height);
  const moved = () => ({ x: box.x + dx, y: box.y + dy, width: box.width, height: box.height });
  while (overlaps(moved()) && dy < 10 * box.height) dy += box.height + 1;
  if (box.y + dy + box.height > view.y + view.height) dy = -dy; // under the bottom: go up
  group.setAttribute("transform", `translate(${dx} ${dy})`);
  placed.push(moved());
}

function addOptionLabel(move, text, played, placed = []) {
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
  const back = document.createElementNS(SVG_NS, "rect");
  group.append(back, label);
  move.append(group);
  // its column or cell, less the back's margins
  fitLabel(label, text, Math.max(Math.min(move.getBBox().width, spot.width + 12) - 8, 8));
  const box = label.getBBox();
  for (const [name, value] of [["x", box.x - 3], ["y", box.y - 1], ["width", box.width + 6],
    ["height", box.height + 2], ["rx", 4]]) back.setAttribute(name, value);
  placeClear(move.ownerSVGElement, group, placed);
}

// Writes ``text`` in ``label`` at most ``width`` wide, so it fits its column or cell at any
// board size: on one line where it fits, else its words over two lines ("loss" over
// "in 36"), and smaller where one word is still too wide. Never cut.
function fitLabel(label, text, width) {
  label.textContent = text;
  const cut = text.indexOf(" ", Math.floor(text.length / 3));
  if (label.getBBox().width > width && cut > 0) {
    const x = label.getAttribute("x");
    label.textContent = "";
    [text.slice(0, cut), text.slice(cut + 1)].forEach((line, i) => {
      const part = document.createElementNS(SVG_NS, "tspan");
      part.setAttribute("x", x);
      part.setAttribute("dy", i ? "1.05em" : "-0.5em");
      part.textContent = line;
      label.append(part);
    });
  }
  const wide = label.getBBox().width;
  if (wide > width) {
    const size = parseFloat(getComputedStyle(label).fontSize);
    label.style.fontSize = `${Math.floor((size * width) / wide * 10) / 10}px`;
  }
}

// The raw numbers, for the curious, folded away.
function details(search) {
  const folded = element("details");
  folded.append(element("summary", "Search details"));
  if (search.value !== undefined) {
    const parts = [`value ${rounded(search.value)} (for the computer)`, `depth ${search.depth}`,
      `${search.nodes.toLocaleString()} nodes`, `${rounded(search.search_seconds)} s`];
    if (search.pv.length) parts.push(`line ${search.pv.join(" ")}`);
    folded.append(element("p", parts.join(" · ")));
  }
  for (const [key, value] of Object.entries(search.extra || {})) folded.append(extraPart(key, value));
  return folded;
}

// A number as a person reads it: at most 3 digits after the point (-0.498, not
// -0.4980497341607588); anything else as it is.
function rounded(value) {
  return typeof value === "number" && Number.isFinite(value) ? Number(value.toFixed(3)) : value;
}

function extraPart(key, value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return element("p", `${key}: ${Array.isArray(value) ? value.join(" ") : rounded(value)}`);
  }
  const table = document.createElement("table");
  const head = table.insertRow();
  head.append(element("th", "move"), element("th", key));
  const entries = Object.entries(value); // best first when the values are numbers
  if (entries.every(([, v]) => typeof v === "number")) entries.sort((a, b) => b[1] - a[1]);
  for (const [move, v] of entries) {
    const row = table.insertRow();
    row.insertCell().textContent = move;
    const nested = v !== null && typeof v === "object";
    row.insertCell().textContent = nested ? JSON.stringify(v, (_, x) => rounded(x)) : rounded(v);
  }
  return table;
}

// --- playing -----------------------------------------------------------------------------

// Runs ``step`` (the requests of one action in the game) as the page's one business; what
// it answers, or fails with, is dropped when a new game began meanwhile.
async function busyWith(message, step) {
  const mine = generation;
  $("error").textContent = "";
  setBusy(true, message);
  try {
    await step(() => mine === generation);
  } catch (error) {
    if (mine === generation) showError(error);
  } finally {
    if (mine === generation) setBusy(false);
  }
}

function play(action) {
  const began = performance.now(); // the person's wait starts with their click
  return busyWith("Playing…", async (current) => {
    const after = await api("POST", `/api/games/${view.id}/moves`, { action, reply: false, at: view.at });
    if (!current()) return;
    view = after;
    if (!view.over && !view.your_turn) {
      setBusy(true, thinkingText(view.opponent));
      const asked = api("POST", `/api/games/${view.id}/reply`);
      const reply = await awaitReply(asked, view.id, view.opponent, began);
      if (current()) view = reply;
      if (landed) landed.until = Math.min(landed.until, Date.now() + REACTION_MS);
    }
  });
}

// A move on the board: played, or before any game the first move of a new one.
async function startOrPlay(action) {
  if (view) {
    if (view.your_turn && !busy) play(action);
    return;
  }
  if (!ready || busy || !setup || !setup.start) return;
  await newGame();
  if (view && view.your_turn && view.legal.includes(action)) await play(action);
}

function canPlay(target) {
  return target && view && view.your_turn && !busy; // else nothing happens
}

function onBoardClick(event) {
  const target = event.target.closest("[data-action]");
  if (target && !view) {
    startOrPlay(target.dataset.action);
    return;
  }
  if (!canPlay(target)) return;
  const now = Date.now();
  if (landed && now < landed.until && target.dataset.from === landed.cell) {
    landed = null; // the second click of a two-click move on a stone moved by its first click
    return;
  }
  landed = target.dataset.to ? { cell: target.dataset.to, until: now + SECOND_CLICK_MS } : null;
  play(target.dataset.action);
}

function onBoardKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const target = event.target.closest("[data-action]");
  if (!target || target.tagName === "BUTTON") return; // a button clicks itself
  event.preventDefault();
  landed = null;
  if (!view) startOrPlay(target.dataset.action);
  else if (canPlay(target)) play(target.dataset.action);
}

// A new game as set up; the game on the board stays until the new one exists (a bad
// setting leaves it be), and a move of the old one still under way is dropped.
async function newGame(event) {
  if (event) event.preventDefault();
  if (!ready) return;
  generation += 1;
  const old = view;
  const human = Number(document.querySelector("input[name=human]:checked").value);
  const body = { game: gameSpec(), opponent: $("opponent").value, human };
  const opens = setup && setup.sides && setup.sides[0].player !== human;
  const began = performance.now();
  await busyWith(opens ? thinkingText(body.opponent) : "Starting…", async () => {
    const asked = api("POST", "/api/games", body);
    view = opens ? await awaitReply(asked, null, body.opponent, began) : await asked;
    if (old) api("DELETE", `/api/games/${old.id}`).catch(() => {}); // free the old game
    // on a phone the settings fill the screen: the game, and what the computer says of
    // it, go to the top
    if (matchMedia("(max-width: 30rem)").matches) $("status").scrollIntoView({ block: "start" });
  });
}

function undo() {
  return busyWith("Taking back…", async (current) => {
    const after = await api("POST", `/api/games/${view.id}/undo`);
    if (current()) view = after;
  }).then(() => keepFocus(null));
}

// Until the server's agents are loaded (the first computer move would wait for them, and
// its time would say so), says how far it is, and holds New game back.
async function waitUntilReady() {
  for (;;) {
    const state = await api("GET", "/api/ready");
    ready = state.ready;
    $("warming").textContent = ready ? ""
      : `Getting the computer players ready: ${state.started} of ${state.hosts}…`;
    render();
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

async function start() {
  catalog = await api("GET", "/api/catalog");
  for (const g of catalog.games) $("game").add(new Option(g.title || g.name, g.name));
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
  $("setup").addEventListener("keydown", (event) => {  // Enter in a field starts no game
    if (event.key === "Enter" && event.target.tagName === "INPUT") event.preventDefault();
  });
  for (const side of document.querySelectorAll("input[name=human]")) side.addEventListener("change", render);
  $("board").addEventListener("click", onBoardClick);
  $("board").addEventListener("keydown", onBoardKey);
  $("undo").addEventListener("click", undo);
  waitUntilReady().catch(showError);
  await positionsStart(); // positions.js: a game in the URL comes back
}

// once every script has run: why.js and positions.js, which render() calls, come after
document.addEventListener("DOMContentLoaded", () => start().catch(showError));
