"use strict";
// "Why this move?": the tree the computer's search explored for its last move
// (GET /api/games/{id}/why), drawn as a list that folds: the principal variation
// highlighted, pruned moves greyed with the reason, a node's window and value on hover,
// its position's board on click; and, for alpha-beta and minimax, a step-through of the
// search in the textbook's order (next / previous), each node showing the window and
// value it has at that step. Uses $, api and element from app.js.

let why = null; // {view, key, step, byId, pv}: the tree shown, and for which move
let whyAsked = null; // the move key of the request under way
let whyFailed = null; // the move key whose tree could not be shown (its error stays)

// The key of the computer's last move in the view: a tree is of one move only.
function whyKey(game) {
  return game && game.search ? `${game.id}/${game.moves.length}` : null;
}

// Called by app.js's render: the button shows when the computer has moved and its
// search can be shown (the view's `explains`); the tree and any error about it go when
// the game moves on.
function whyFollows(game, waiting) {
  const key = whyKey(game);
  $("why").hidden = key === null || !game.explains;
  if (key !== whyFailed) $("why-error").textContent = "";
  $("why").disabled = waiting || whyAsked !== null;
  if (why && why.key !== key) closeWhy();
}

function closeWhy() {
  why = null;
  $("why-panel").hidden = true;
  $("why-tree").replaceChildren();
  $("why-board").replaceChildren();
  $("why-tip").hidden = true;
}

async function askWhy() {
  const key = whyKey(view);
  if (key === null) return;
  if (why && why.key === key) {  // shown already: the button folds it away
    closeWhy();
    return;
  }
  $("why-error").textContent = "";
  whyAsked = key;
  $("why").disabled = true;
  $("why").classList.add("thinking");
  try {
    const answer = await api("GET", `/api/games/${view.id}/why`);
    if (whyKey(view) === key) showWhy(answer, key);
  } catch (error) {
    whyFailed = key;  // said beside the button, where the person is looking
    $("why-error").textContent = error.message;
  } finally {
    whyAsked = null;
    $("why").classList.remove("thinking");
    whyFollows(view, busy);
  }
}

// Who is to move in a node's position, as the legend says it (index.html): a node is
// marked by who moves there, as the textbook's MAX and MIN nodes are, so the root's moves,
// after which the person is to move, carry ▼.
const MOVERS = { max: "the computer to move here (MAX)", min: "you to move here (MIN)" };

// --- the numbers as the textbook writes them ---------------------------------------------

function num(value) {
  if (value === null || value === undefined) return "?";
  if (value === "Infinity" || value === Infinity) return "+∞";
  if (value === "-Infinity" || value === -Infinity) return "−∞";
  if (typeof value !== "number") return String(value);
  return String(Number(value.toFixed(3))); // at most 3 decimals, -0 as 0
}

function windowText(alpha, beta) {
  return alpha === null || alpha === undefined ? "" : `[α ${num(alpha)}, β ${num(beta)}]`;
}

// --- the tree ----------------------------------------------------------------------------

function showWhy(answer, key) {
  const trace = answer.trace;
  const byId = new Map(trace.nodes.map((n) => [n.id, n]));
  why = { view: answer, key, step: 0, byId, pv: new Set(trace.pv), shown: null };
  $("why-summary").replaceChildren(...summary(answer));
  const tree = $("why-tree");
  const list = element("ul");
  list.setAttribute("role", "tree");
  list.append(nodeItem(trace.nodes[0]));
  tree.replaceChildren(list);
  for (const id of trace.pv) unfold(id); // the line it expects, open from the start
  unfold(0);
  $("why-steps").hidden = !answer.steps || answer.steps.length === 0;
  $("why-panel").hidden = false;
  showStep(0);
  showBoard(0);
}

function summary(answer) {
  const trace = answer.trace;
  const kept = trace.nodes.filter((n) => n.kind !== "pruned").length;
  let text = `Before playing ${answer.action}, its ${answer.searched} looked at ` +
    `${trace.visited.toLocaleString()} positions`;
  text += trace.left_out ? `; the tree shows ${kept}: every move it had, the line it ` +
    `expected and the most of what lay below the move it played ` +
    `(${trace.left_out.toLocaleString()} left out).` : ".";
  const parts = [element("p", text)];
  if (trace.value !== null && trace.value !== undefined) {
    parts.push(element("p", `Its value for the computer: ${num(trace.value)}.`));
  }
  if (trace.note) parts.push(element("p", trace.note, "note"));
  if (answer.note) parts.push(element("p", answer.note, "note"));
  return parts;
}

function nodeItem(node) {
  const item = element("li");
  item.dataset.node = node.id;
  item.setAttribute("role", "treeitem");
  item.classList.toggle("pv", why.pv.has(node.id));
  item.classList.toggle("pruned", node.kind === "pruned");
  item.classList.toggle("cut", node.cut);
  const row = element("div", undefined, "row");
  const fold = element("button", node.children.length ? "▸" : "", "fold");
  fold.type = "button";
  fold.disabled = node.children.length === 0;
  fold.setAttribute("aria-label", "show or hide the moves after it");
  const label = element("button", node.parent === null ? "start" : node.move, "move");
  label.type = "button";
  label.title = "";
  const mover = element("span", node.maximizing ? "▲" : "▼", node.maximizing ? "max" : "min");
  mover.title = node.maximizing ? MOVERS.max : MOVERS.min;
  row.append(fold, mover, label, element("span", "", "facts"));
  item.append(row);
  if (node.children.length) {
    const children = element("ul");
    children.setAttribute("role", "group");
    children.hidden = true;
    for (const id of node.children) children.append(nodeItem(why.byId.get(id)));
    item.append(children);
  }
  return item;
}

function itemOf(id) {
  return $("why-tree").querySelector(`li[data-node="${id}"]`);
}

// Opens a node and every node above it.
function unfold(id) {
  for (let node = why.byId.get(id); node; node = why.byId.get(node.parent)) {
    const item = itemOf(node.id);
    const children = item && item.querySelector(":scope > ul");
    if (children) {
      children.hidden = false;
      item.querySelector(":scope > .row .fold").textContent = "▾";
    }
    if (node.parent === null) break;
  }
}

function toggle(item) {
  const children = item.querySelector(":scope > ul");
  if (!children) return;
  children.hidden = !children.hidden;
  item.querySelector(":scope > .row .fold").textContent = children.hidden ? "▸" : "▾";
}

// What a node's row says: its value (or why it was pruned), as known at this step.
function facts(node, known) {
  if (node.kind === "pruned") return known.pruned ? (node.reason ? `pruned: ${node.reason}` : "pruned") : "";
  const parts = [];
  if (node.prior !== null && node.prior !== undefined) parts.push(`prior ${num(node.prior)}`);
  if (node.visits !== null) parts.push(`${node.visits.toLocaleString()} visits, mean ${num(node.mean)}`);
  if (node.playouts !== null) {
    parts.push(`${node.playouts.toLocaleString()} playouts, mean ${num(node.mean)}`);
  }
  if (known.value !== undefined) parts.push(`= ${num(known.value)}`);
  if (known.window) parts.push(windowText(...known.window));
  if (known.final) {
    if (node.kind === "cutoff") parts.push("depth limit: heuristic");
    if (node.kind === "terminal") parts.push("end of game");
    if (node.table) parts.push(`table ${node.table}`);
    if (node.cut) parts.push(node.reason ? `cut: ${node.reason}` : "cut");
  }
  return parts.join("  ");
}

function tipText(node, known) {
  const lines = [`${node.maximizing ? "MAX" : "MIN"} node${node.parent === null ? " (the root)" : `, move ${node.move}`}`];
  const win = known.window || (node.alpha !== null ? [node.alpha, node.beta] : null);
  if (win) lines.push(`window on entry ${windowText(...win)}`);
  const value = known.value !== undefined ? known.value : node.value;
  const sampled = node.visits !== null || node.playouts !== null;
  if (node.kind !== "pruned" && value !== null && value !== undefined) lines.push(`value ${num(value)}`);
  else if (node.kind !== "pruned" && !sampled) lines.push("value not known yet");
  if (node.heuristic !== null) lines.push(`heuristic ${num(node.heuristic)}`);
  if (node.visits !== null) lines.push(`mean ${num(node.mean)} over ${node.visits.toLocaleString()} visits`);
  if (node.playouts !== null) lines.push(`playouts ${node.playouts}, mean ${num(node.mean)}`);
  if (node.reason) lines.push(node.kind === "pruned" ? `pruned: ${node.reason}` : node.reason);
  return lines.join("\n");
}

function showTip(event) {
  const row = event.target.closest(".row");
  const tip = $("why-tip");
  if (!row || !why) {
    tip.hidden = true;
    return;
  }
  const id = Number(row.parentElement.dataset.node);
  tip.textContent = tipText(why.byId.get(id), known(id));
  const box = row.getBoundingClientRect();
  tip.style.left = `${box.left + window.scrollX + 24}px`;
  tip.style.top = `${box.bottom + window.scrollY + 2}px`;
  tip.hidden = false;
}

async function showBoard(id) {
  if (!why) return;
  const key = why.key;
  for (const item of $("why-tree").querySelectorAll("li.shown")) item.classList.remove("shown");
  itemOf(id).classList.add("shown");
  try {
    const board = await api("GET", `/api/games/${view.id}/why/${id}`);
    if (!why || why.key !== key) return;
    const figure = $("why-board");
    const caption = element("figcaption", board.moves.length
      ? `After ${board.moves.join(" ")}` : "The position it moved from");
    const picture = element("div", undefined, "seen");
    if (board.svg) {
      picture.innerHTML = board.svg;
      for (const move of picture.querySelectorAll("[data-action]")) {  // a picture: no moves
        move.removeAttribute("data-action");
        move.classList.remove("zs-move");
      }
    } else {
      picture.append(element("pre", board.text));
    }
    figure.replaceChildren(caption, picture);
  } catch (error) {
    showError(error);
  }
}

function onTreeClick(event) {
  const button = event.target.closest("button");
  if (!button || !why) return;
  const item = button.closest("li");
  if (button.classList.contains("fold")) toggle(item);
  else showBoard(Number(item.dataset.node));
}

// --- the step-through --------------------------------------------------------------------

// What is known of each node after the first `count` steps (trace/steps.py): its window
// and best value so far while it is open (updated as each child returns, as the textbook
// draws them), its value once left, whether it was reached or pruned.
function knownAt(count) {
  const all = new Map();
  const get = (id) => {
    if (!all.has(id)) all.set(id, {});
    return all.get(id);
  };
  for (const step of why.view.steps.slice(0, count)) {
    const here = get(step.node);
    here.reached = true;
    for (const open of step.open) {
      const node = get(open.node);
      node.window = [open.alpha, open.beta];
      if (open.value !== null) node.value = open.value;
    }
    if (step.event === "leaf") {
      if (step.alpha !== null && step.alpha !== undefined) here.window = [step.alpha, step.beta];
      here.value = step.value;
      here.final = true;
    } else if (step.event === "leave") {
      here.value = step.value;
      here.final = true;
    } else if (step.event === "prune") {
      for (const id of step.pruned) get(id).pruned = true;
    }
  }
  return all;
}

// What a node shows now: as of the step shown, or everything once the steps are done.
function known(id) {
  const node = why.byId.get(id);
  const done = !why.shown;
  if (done) {
    const win = node.alpha !== null ? [node.alpha, node.beta] : null;
    return { value: node.value === null ? undefined : node.value, window: win, pruned: true, final: true, reached: true };
  }
  return why.shown.get(id) || {};
}

function showStep(count) {
  const steps = why.view.steps || [];
  why.step = Math.max(0, Math.min(count, steps.length));
  const stepping = why.step > 0; // step 0 is the whole tree, as the search left it
  why.shown = stepping ? knownAt(why.step) : null;
  $("why-panel").classList.toggle("stepping", stepping);
  for (const item of $("why-tree").querySelectorAll("li")) {
    const id = Number(item.dataset.node);
    const now = known(id);
    item.querySelector(":scope > .row .facts").textContent = facts(why.byId.get(id), now);
    item.classList.toggle("unreached", stepping && !now.reached && !now.pruned);
    item.classList.toggle("current", false);
  }
  const step = why.step > 0 ? steps[why.step - 1] : null;
  if (stepping && step) {
    unfold(step.node);
    const item = itemOf(step.node);
    item.classList.add("current");
    item.querySelector(":scope > .row").scrollIntoView({ block: "nearest" });
  }
  $("why-step").textContent = steps.length
    ? `Step ${why.step} of ${steps.length}: ${stepText(step)}` : "";
  $("why-prev").disabled = why.step === 0;
  $("why-next").disabled = why.step >= steps.length;
}

function stepText(step) {
  if (step === null) return "the tree as the search left it; press Next to follow the search.";
  return step.text;
}

function startWhy() {
  $("why").addEventListener("click", askWhy);
  $("why-tree").addEventListener("click", onTreeClick);
  $("why-tree").addEventListener("mouseover", showTip);
  $("why-tree").addEventListener("mouseleave", () => { $("why-tip").hidden = true; });
  $("why-prev").addEventListener("click", () => showStep(why.step - 1));
  $("why-next").addEventListener("click", () => showStep(why.step + 1));
  $("why-close").addEventListener("click", closeWhy);
}

startWhy();
