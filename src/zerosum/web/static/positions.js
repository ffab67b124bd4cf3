"use strict";
// Playing as players use such sites, on top of app.js (its `view`, `busy`, `render`, `api`):
// the move list as a history to step through (buttons, arrow keys) and play on from; hints
// before your move; a position editor; and the game in the URL's hash, so a reload keeps
// the game (rebuilt from its moves when the server forgot it) and a link reproduces it.

const HINTS_KEY = "zerosum.hints";
//: This tab's live game (sessionStorage: a reload keeps it, another browser or tab has
//: its own): the URL holds the game but not its id, so a shared link opens a copy.
const GAME_KEY = "zerosum.game";
let hintsShown = ""; // the board drawing (its key) the hints were asked for
let hintsAsked = 0; // counts the requests for hints: only the latest one's answer shows
let written = null; // the game id last written to the URL
let restoring = false;
let editing = null; // the position editor's game: {spec, start, sides, names}
let sideAsked = 0; // counts the editor's questions of who is to move: the latest answers

// --- history -------------------------------------------------------------------------

async function stepTo(at) {
  if (!view || busy || at < 0 || at > view.moves.length || at === view.at) return;
  try {
    view = await api("GET", `/api/games/${view.id}?at=${at}`);
  } catch (error) {
    showError(error);
  }
  render();
}

function onHistoryKey(event) {
  if (!view || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, select, textarea, #editor")) return;
  const to = { ArrowLeft: view.at - 1, ArrowRight: view.at + 1 };
  if (!(event.key in to)) return;
  event.preventDefault();
  stepTo(to[event.key]);
}

function showHistory() {
  const list = $("moves");
  list.replaceChildren();
  const count = view ? view.moves.length : 0;
  $("history").hidden = !view || count === 0;
  if (!view || !count) return;
  list.append(element("span", "Moves:", "label"));
  view.moves.forEach((move, i) => {
    const button = element("button", move.action);
    button.type = "button";
    button.title = `show the position after move ${i + 1}`;
    list.append(" ");
    button.dataset.at = i + 1;
    if (i + 1 === view.at) button.setAttribute("aria-current", "step");
    button.addEventListener("click", () => stepTo(i + 1));
    list.append(button);
  });
  for (const [id, at] of [["first", 0], ["back", view.at - 1], ["forward", view.at + 1], ["last", count]]) {
    $(`history-${id}`).disabled = busy || at < 0 || at > count || at === view.at;
  }
  $("history-where").textContent = whereText(count);
}

// Where the history stands; stepped back to a position you are to play, what a move there
// does (where the computer was to move, the status says so instead: one message).
function whereText(count) {
  if (view.at === count || !view.your_turn) return `move ${view.at} of ${count}`;
  return `move ${view.at} of ${count}: a move here plays on from this point, dropping the ${count - view.at} after it`;
}

// --- hints ---------------------------------------------------------------------------

function clearHints() {
  for (const label of $("board").querySelectorAll(".zs-option")) label.remove();
  $("hints").textContent = "";
  hintsShown = "";
  hintsAsked += 1; // an answer still on its way is dropped
}

async function showHints() {
  const board = $("board");
  if (!$("hints-on").checked || !view || !view.your_turn || busy) {
    if (hintsShown) clearHints();
    return;
  }
  const key = board.dataset.state;
  if (hintsShown === key) return;
  clearHints();
  hintsShown = key;
  const asked = hintsAsked;
  $("hints").textContent = "Hints: solving…";
  let hints;
  try {
    hints = await api("GET", `/api/games/${view.id}/hints?at=${view.at}`);
  } catch (error) {
    hints = { available: false, reason: `Hints: ${error.message}` };
  }
  if (board.dataset.state !== key || asked !== hintsAsked) return; // moved on meanwhile
  if (!hints.available) {
    $("hints").textContent = hints.reason;
    return;
  }
  $("hints").textContent = `Hints, ${hints.legend}:`;
  const onBoard = [...board.querySelectorAll("svg [data-action]")];
  for (const move of onBoard) {
    const label = hints.moves[move.dataset.action];
    if (label !== undefined) addOptionLabel(move, label, false);
  }
  if (!onBoard.length) {
    const items = Object.entries(hints.moves).map(([move, label]) => `${move}: ${label}`);
    $("hints").textContent += " " + items.join(", ");
  }
}

function onHintsToggle() {
  localStorage.setItem(HINTS_KEY, $("hints-on").checked ? "1" : "0");
  clearHints();
  showHints();
}

// --- the URL -------------------------------------------------------------------------

function hashOf(shown) {
  const params = new URLSearchParams();
  params.set("game", shown.game);
  params.set("opponent", shown.two_people ? "human" : shown.opponent);
  if (!shown.two_people) params.set("human", shown.human);
  if (shown.start !== null) params.set("position", shown.start);
  params.set("moves", shown.moves.map((m) => m.action).join(" "));
  if (shown.at < shown.moves.length) params.set("at", shown.at);
  return "#" + params.toString();
}

function writeUrl() {
  if (!view || restoring) return;
  const hash = hashOf(view);
  if (hash === location.hash) return;
  if (written !== null && written !== view.id) {
    history.pushState(null, "", hash); // a new game: Back returns to the one before
  } else {
    history.replaceState(null, "", hash);
  }
  written = view.id;
  sessionStorage.setItem(GAME_KEY, view.id);
}

// The settings show the game restored: its name, its parameters, the opponent.
function settingsFollow(spec, opponent, human) {
  const [name, args] = [spec.split(":")[0], spec.split(":").slice(1).join(":")];
  if ([...$("game").options].some((o) => o.value === name) && $("game").value !== name) {
    $("game").value = name;
    showParams();
  }
  for (const pair of args ? args.split(",") : []) {
    const [key, value] = pair.split("=");
    const input = $("params").querySelector(`[data-param="${key}"]`);
    if (input) input.value = value;
  }
  checkSetup();
  $("opponent").value = opponent;
  presetFollowsSpec();
  sideFollows();
  const side = document.querySelector(`input[name=human][value="${human}"]`);
  if (side) side.checked = true;
}

// Whether ``found`` is the game the URL's ``params`` name: the same game, start and moves.
function isNamed(found, params, moves) {
  return found.game === params.get("game") && (found.start || "") === (params.get("position") || "")
    && found.moves.map((m) => m.action).join(" ") === moves.join(" ");
}

// The game the URL names: this tab's game on the server, while it remembers it and it is
// the one named, else a new game (a copy, for a link shared) rebuilt from the game, the
// opponent, the start and the moves the URL holds.
async function restore() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.get("game") || restoring) return;
  const id = sessionStorage.getItem(GAME_KEY);
  const at = params.has("at") ? Number(params.get("at")) : null;
  restoring = true;
  setBusy(true, "Loading the game…");
  try {
    let found = null;
    if (id) found = await api("GET", `/api/games/${id}`).catch(() => null);
    const moves = (params.get("moves") || "").split(" ").filter(Boolean);
    if (!found || !isNamed(found, params, moves)) {
      const body = { game: params.get("game"), opponent: params.get("opponent") || "random", moves };
      body.human = Number(params.get("human")) || 1;
      if (params.get("position")) body.position = params.get("position");
      found = await api("POST", "/api/games", body);
    }
    if (at !== null && at < found.moves.length) found = await api("GET", `/api/games/${found.id}?at=${at}`);
    view = found;
    written = view.id;
    settingsFollow(params.get("game"), params.get("opponent") || view.opponent, params.get("human"));
  } catch (error) {
    showError(error);
  } finally {
    restoring = false;
    setBusy(false);
  }
}

// --- the position editor -------------------------------------------------------------

function splitPosition(text) {
  const cut = text.trim().lastIndexOf(" ");
  return cut < 0 ? [text.trim(), ""] : [text.trim().slice(0, cut).trim(), text.trim().slice(cut + 1)];
}

// The rows of a position line as cells, when it is a grid of empty cells and the two
// sides' tokens (else null: the text alone edits it).
function gridOf(text) {
  const [board] = splitPosition(text);
  const rows = board.split("/");
  const allowed = new Set([".", ...editing.sides]);
  if (!rows.length || rows.some((row) => row.length !== rows[0].length)) return null;
  if (rows.some((row) => [...row].some((c) => !allowed.has(c)))) return null;
  return rows.map((row) => [...row]);
}

function drawEditor() {
  const text = $("editor-text").value;
  const grid = $("editor-grid");
  const rows = editing ? gridOf(text) : null;
  grid.replaceChildren();
  grid.hidden = !rows;
  $("editor-side").value = splitPosition(text)[1];
  if (!rows) return;
  grid.style.gridTemplateColumns = `repeat(${rows[0].length}, 2.2rem)`;
  rows.forEach((row, r) => row.forEach((cell, c) => {
    const side = editing.sides.indexOf(cell) + 1;
    const name = side ? editing.names[side - 1] : "empty";
    const button = element("button", side ? pieceMark(side) : "", side ? `p${side}` : "empty");
    button.type = "button";
    button.dataset.row = r;
    button.dataset.col = c;
    button.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}: ${name}`);
    grid.append(button);
  }));
}

// A piece on the editor's grid, by the game's name for its side: "R" and "Y" for Connect
// Four's Red and Yellow, X and O for tic-tac-toe ("1" and "2" where two names share a
// first letter).
function pieceMark(side) {
  const [first, second] = editing.names.map((name) => name[0].toUpperCase());
  return first === second ? String(side) : [first, second][side - 1];
}

// "To move" follows the pieces placed, where the game decides it (tic-tac-toe's and
// Connect Four's counts); where either side may be to move (Othello) it stays as chosen.
async function sideFollowsPieces() {
  const asked = ++sideAsked;
  const [board] = splitPosition($("editor-text").value);
  const query = `game=${encodeURIComponent(editing.spec)}&board=${encodeURIComponent(board)}`;
  const answer = await api("GET", `/api/to-move?${query}`).catch(() => null);
  if (!answer || asked !== sideAsked || answer.sides.length !== 1) return;
  $("editor-side").value = answer.sides[0];
  onEditorSide();
}

// A click cycles a cell: empty, player 1, player 2.
function onEditorCell(event) {
  const button = event.target.closest("button[data-row]");
  if (!button) return;
  const [board, side] = splitPosition($("editor-text").value);
  const rows = board.split("/").map((row) => [...row]);
  const cycle = [".", ...editing.sides];
  const cell = rows[button.dataset.row][button.dataset.col];
  rows[button.dataset.row][button.dataset.col] = cycle[(cycle.indexOf(cell) + 1) % cycle.length];
  $("editor-text").value = `${rows.map((row) => row.join("")).join("/")} ${side}`;
  drawEditor();
  $("editor-grid").querySelector(`[data-row="${button.dataset.row}"][data-col="${button.dataset.col}"]`).focus();
  sideFollowsPieces();
}

function onEditorSide() {
  const [board] = splitPosition($("editor-text").value);
  $("editor-text").value = `${board} ${$("editor-side").value}`;
}

function emptyBoard() {
  const [board, side] = splitPosition(editing.start);
  $("editor-text").value = `${board.replace(/[^/]/g, ".")} ${side}`;
  drawEditor();
}

async function openEditor() {
  $("error").textContent = "";
  const spec = gameSpec();
  let setup;
  try {
    setup = await api("GET", `/api/setup?game=${encodeURIComponent(spec)}`);
  } catch (error) {
    showError(error);
    return;
  }
  if (!setup.editor) {
    $("error").textContent = `${setup.title} cannot be set up as a position: it reads no positions as text.`;
    return;
  }
  // the editor's tokens are in playing order, as the setup's sides are
  editing = { spec, ...setup.editor, names: setup.sides.map((s) => s.name) };
  const side = $("editor-side");
  side.replaceChildren();
  editing.sides.forEach((token, i) => side.add(new Option(editing.names[i], token)));
  const [first, second] = editing.names;
  $("editor-help").textContent =
    `Click a square to cycle it: empty, ${first}, ${second}. Or type or paste the position.`;
  const here = view && view.game === setup.game && view.position;
  $("editor-text").value = here ? view.position : editing.start;
  $("editor-error").textContent = "";
  $("editor").hidden = false;
  drawEditor();
  $("editor").scrollIntoView({ block: "nearest" });
}

// Play (against the opponent set up) or analyse (both sides on this screen, with hints)
// from the position set up; the game's own reason shows when it cannot occur.
async function startFromEditor(analyse) {
  const human = Number(document.querySelector("input[name=human]:checked").value);
  const body = { game: editing.spec, opponent: analyse ? "human" : $("opponent").value, human };
  body.position = $("editor-text").value;
  $("editor-error").textContent = "";
  try {
    const started = await api("POST", "/api/games", body);
    if (view) api("DELETE", `/api/games/${view.id}`).catch(() => {}); // the URL keeps it
    view = started;
    $("editor").hidden = true;
    if (analyse) {
      $("opponent").value = "human"; // the settings say what is played
      presetFollowsSpec();
      sideFollows();
      $("hints-on").checked = true;
      localStorage.setItem(HINTS_KEY, "1");
    }
  } catch (error) {
    $("editor-error").textContent = error.message;
    return;
  }
  render();
  if (matchMedia("(max-width: 30rem)").matches) $("status").scrollIntoView({ block: "start" });
}

// A side in the game's own words ("Red"), from the view's or the setup's sides.
function nameOf(sides, player) {
  const side = (sides || []).find((s) => s.player === player);
  return side ? side.name : `Player ${player}`;
}

// --- with app.js ---------------------------------------------------------------------

// Called by render(): the history, the hints, the URL and the status of a game between
// two people follow the view.
function positionsFollow() {
  if (view && view.at < view.moves.length) {  // "Why this move?" explains the last move only
    $("why").hidden = true;
    if (!$("why-panel").hidden) closeWhy();
  }
  showHistory();
  showHints();
  writeUrl();
  if (!view || view.over || busy) return;
  if (view.two_people) {
    $("status").textContent = `${nameOf(view.sides, view.to_move)} to move.`;
  } else if (!view.your_turn && view.at < view.moves.length) {
    $("status").textContent = "The computer was to move here: step to a position where you are to play on.";
  }
}

// "You play" first or second means nothing when two people play both sides.
function sideFollows() {
  const side = document.querySelector("#setup .side");
  if (side) side.hidden = $("opponent").value.trim() === "human";
}

async function positionsStart() {
  $("hints-on").checked = localStorage.getItem(HINTS_KEY) === "1";
  $("hints-on").addEventListener("change", onHintsToggle);
  document.addEventListener("keydown", onHistoryKey);
  $("history-first").addEventListener("click", () => stepTo(0));
  $("history-back").addEventListener("click", () => stepTo(view.at - 1));
  $("history-forward").addEventListener("click", () => stepTo(view.at + 1));
  $("history-last").addEventListener("click", () => stepTo(view.moves.length));
  $("edit-position").addEventListener("click", openEditor);
  $("editor-grid").addEventListener("click", onEditorCell);
  $("editor-text").addEventListener("input", drawEditor);
  $("editor-side").addEventListener("change", () => { sideAsked += 1; onEditorSide(); });
  $("editor-clear").addEventListener("click", emptyBoard);
  $("editor-play").addEventListener("click", () => startFromEditor(false));
  $("editor-analyse").addEventListener("click", () => startFromEditor(true));
  $("editor-close").addEventListener("click", () => { $("editor").hidden = true; });
  $("preset").addEventListener("change", sideFollows);
  $("opponent").addEventListener("input", sideFollows);
  window.addEventListener("popstate", restore);
  await restore();
}
