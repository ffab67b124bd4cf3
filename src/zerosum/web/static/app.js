"use strict";
// The page: sets up a game through the JSON API, draws the SVG the server sends, and
// turns clicks on elements carrying data-action into moves. No build step, no libraries.

const $ = (id) => document.getElementById(id);
const COLORS = { 1: "red", 2: "gold" };
let catalog = null;
let view = null;
let busy = false;
let landed = null; // {cell, until}: a click there right after moving a stone completes that move

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

function selectedGame() {
  return catalog.games.find((g) => g.name === $("game").value);
}

function showParams() {
  const holder = $("params");
  holder.replaceChildren();
  for (const p of selectedGame().params) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = p.type === "int" || p.type === "float" ? "number" : "text";
    input.value = p.default;
    input.dataset.param = p.name;
    label.append(`${p.name} `, input);
    holder.append(label);
  }
}

function gameSpec() {
  const args = [...$("params").querySelectorAll("input")].map(
    (input) => `${input.dataset.param}=${input.value.trim()}`);
  return args.length ? `${$("game").value}:${args.join(",")}` : $("game").value;
}

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

function searchSummary(search) {
  const box = $("search");
  box.replaceChildren();
  if (!search) return;
  const line = document.createElement("p");
  const parts = [`The computer played ${search.action} in ${search.seconds.toFixed(2)} s`];
  if (search.value !== undefined) {
    parts.push(`value ${search.value} (for the computer)`, `depth ${search.depth}`,
      `${search.nodes.toLocaleString()} nodes`);
    if (search.pv.length) parts.push(`line ${search.pv.join(" ")}`);
  }
  line.textContent = parts.join(" · ");
  box.append(line);
  if (search.note) {
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = search.note;
    box.append(note);
  }
  for (const [key, value] of Object.entries(search.extra || {})) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const table = document.createElement("table");
      const head = table.insertRow();
      head.innerHTML = "<th>move</th><th></th>";
      head.cells[1].textContent = key;
      const entries = Object.entries(value); // best first when the values are numbers
      if (entries.every(([, v]) => typeof v === "number")) entries.sort((a, b) => b[1] - a[1]);
      for (const [move, v] of entries) {
        const row = table.insertRow();
        row.insertCell().textContent = move;
        row.insertCell().textContent = typeof v === "object" ? JSON.stringify(v) : v;
      }
      box.append(table);
    } else {
      const p = document.createElement("p");
      p.textContent = `${key}: ${Array.isArray(value) ? value.join(" ") : value}`;
      box.append(p);
    }
  }
}

function render() {
  $("undo").disabled = busy || !view || !view.can_undo;
  if (!view) return;
  $("play").hidden = false;
  const board = $("board");
  if (board.dataset.state !== JSON.stringify(view.moves) + view.id) {
    board.dataset.state = JSON.stringify(view.moves) + view.id;
    if (view.svg) {
      board.innerHTML = view.svg;
    } else {  // a game without to_svg: its text and a button per legal move
      const pre = document.createElement("pre");
      pre.textContent = view.text;
      const buttons = document.createElement("div");
      buttons.className = "fallback";
      for (const action of view.legal) {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.action = action;
        button.textContent = action;
        buttons.append(button);
      }
      board.replaceChildren(pre, buttons);
    }
  }
  board.classList.toggle("your-turn", view.your_turn && !busy);
  const status = $("status");
  status.classList.toggle("over", view.over);
  if (view.over) {
    status.textContent = `Game over: ${view.outcome}`;
  } else if (!busy) {
    status.textContent = view.your_turn
      ? `Your move (you are player ${view.human}, ${COLORS[view.human]}).`
      : "Waiting for the computer.";
  }
  searchSummary(view.search);
  $("moves").textContent = view.moves.length
    ? "Moves: " + view.moves.map((m) => m.action).join(" ") : "";
}

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

function onBoardClick(event) {
  const target = event.target.closest("[data-action]");
  if (!target || !view || !view.your_turn || busy) return; // not a legal move now: nothing happens
  const now = Date.now();
  if (landed && now < landed.until && target.dataset.from === landed.cell) {
    landed = null; // the destination click of a stone already moved by its first click
    return;
  }
  landed = target.dataset.to ? { cell: target.dataset.to, until: now + 1500 } : null;
  play(target.dataset.action);
}

async function newGame(event) {
  event.preventDefault();
  $("error").textContent = "";
  const human = Number(document.querySelector("input[name=human]:checked").value);
  const body = { game: gameSpec(), opponent: $("opponent").value, human };
  if (view) api("DELETE", `/api/games/${view.id}`).catch(() => {}); // free the old game
  view = null;
  setBusy(true, human === 2 ? `${body.opponent} is thinking…` : "Starting…");
  try {
    view = await api("POST", "/api/games", body);
  } catch (error) {
    showError(error);
    $("status").textContent = "";
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
  $("preset").add(new Option("custom spec", ""));
  for (const p of catalog.presets) $("preset").add(new Option(p.label, p.spec));
  const strong = catalog.presets.find((p) => p.spec.startsWith("alphabeta"));
  $("preset").value = (strong || catalog.presets[0]).spec;
  $("opponent").value = $("preset").value;
  showParams();
  $("game").addEventListener("change", showParams);
  $("preset").addEventListener("change", () => {
    if ($("preset").value) $("opponent").value = $("preset").value;
  });
  $("opponent").addEventListener("input", () => {
    const spec = $("opponent").value.trim();
    $("preset").value = catalog.presets.some((p) => p.spec === spec) ? spec : "";
  });
  $("setup").addEventListener("submit", newGame);
  $("board").addEventListener("click", onBoardClick);
  $("undo").addEventListener("click", undo);
}

start().catch(showError);
