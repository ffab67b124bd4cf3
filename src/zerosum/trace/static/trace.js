// The interactive search tree (zerosum.trace.html). Defined once per page; each drawn
// trace's script calls zerosumTrace.start(its root's id, itself), so several trees work
// side by side, and every lookup stays inside that root.
window.zerosumTrace = window.zerosumTrace || (function () {
// The root is the script's own ancestor (found even before a notebook attaches the
// output to the page), else found by id once it is on the page.
function start(id, script) {
  let tries = 0;
  (function find() {
    const root = (script && script.closest(".zs-trace")) || document.getElementById(id);
    if (root) draw(root);
    else if (tries++ < 200) setTimeout(find, 50);
  })();
}

function draw(root) {
  if (root.dataset.ready) return;
  root.dataset.ready = "1";
  const data = JSON.parse(root.querySelector("script.zs-data").textContent);
  const info = root.querySelector(".zs-info");
  const board = root.querySelector(".zs-board");
  const caption = root.querySelector(".zs-board-caption");
  const items = {};
  root.querySelectorAll("li[data-id]").forEach((li) => { items[li.dataset.id] = li; });

  function num(v) {
    if (v === null || v === undefined) return "?";
    const x = Number(v);
    if (x === Infinity) return "+\u221e";
    if (x === -Infinity) return "\u2212\u221e";
    return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(3)));
  }
  function nodeOf(target) {
    const li = target.closest("li[data-id]");
    return li && root.contains(li) ? Number(li.dataset.id) : null;
  }
  function path(id) {
    const moves = [];
    for (let n = id; n !== null && data.parent[n] !== null; n = data.parent[n]) moves.unshift(data.move[n]);
    return moves;
  }
  function openTo(id) {
    for (let n = id; n !== null; n = data.parent[n]) {
      const details = items[n] && items[n].querySelector(":scope > details");
      if (details) details.open = true;
    }
  }
  function show(id) {
    root.querySelectorAll(".zs-selected").forEach((li) => li.classList.remove("zs-selected"));
    items[id].classList.add("zs-selected");
    info.textContent = items[id].title;
    const moves = path(id);
    caption.textContent = moves.length ? "after " + moves.join(" ") : "the position searched";
    const which = data.board[id];
    if (which >= 0) board.innerHTML = data.boards[which];
    else board.textContent = data.boards.length ? "(no board kept for this node: " + data.why + ")" : "(" + data.why + ")";
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-act]");
    if (button) return act(button.dataset.act);
    if (!event.target.closest(".zs-label")) return;
    const id = nodeOf(event.target);
    if (id === null) return;
    event.preventDefault(); // a click on a node draws it; the triangle expands it
    show(id);
  });
  root.addEventListener("mouseover", (event) => {
    if (!event.target.closest(".zs-label")) return;
    const id = nodeOf(event.target);
    if (id !== null) info.textContent = items[id].title;
  });

  // ---- the step-through: position k shows the tree after k of the search's steps ----
  const steps = data.steps || [];
  const stepText = root.querySelector(".zs-step-text");
  let at = 0;
  function act(what) {
    if (what === "expand" || what === "collapse") {
      root.querySelectorAll("details").forEach((d) => { d.open = what === "expand"; });
    } else if (what === "next" && at < steps.length) {
      showStep(at + 1);
    } else if (what === "prev" && at > 0) {
      showStep(at - 1);
    } else if (what === "whole") {
      showStep(0);
    }
  }
  // An open node as the textbook writes it: its window (alpha-beta only) and best so far.
  function opened(o) {
    const window = o.alpha === null && o.beta === null ? "" : "\u03b1=" + num(o.alpha) + " \u03b2=" + num(o.beta) + " ";
    return window + "v=" + num(o.value);
  }
  function showStep(k) {
    at = k;
    root.classList.toggle("zs-stepping", k > 0);
    const seen = {}, values = {};
    for (let i = 0; i < k; i++) {
      const s = steps[i];
      if (s.event === "prune") s.pruned.forEach((id) => { seen[id] = "skipped"; });
      else seen[s.node] = s.event === "enter" ? "open" : "done";
      if (s.value !== undefined) values[s.node] = s.value;
    }
    const now = k > 0 ? steps[k - 1] : null;
    const open = {};
    (now ? now.open : []).forEach((o) => { open[o.node] = o; });
    Object.entries(items).forEach(([id, li]) => {
      const state = seen[id];
      li.classList.toggle("zs-future", k > 0 && !state);
      li.classList.toggle("zs-open", state === "open");
      li.classList.toggle("zs-skipped", state === "skipped");
      li.classList.toggle("zs-now", !!now && now.node === Number(id));
      const live = li.querySelector(":scope > details > summary .zs-live, :scope > .zs-leaf .zs-live");
      if (!live) return;
      if (k === 0 || !state) live.textContent = "";
      else if (open[id]) live.textContent = opened(open[id]);
      else if (state === "skipped") live.textContent = "pruned";
      else live.textContent = "= " + num(values[id]);
    });
    if (now) openTo(now.node);
    stepText.textContent = now ? "step " + k + " of " + steps.length + ": " + now.text : "";
    root.querySelector("button[data-act=prev]").disabled = k === 0;
    root.querySelector("button[data-act=next]").disabled = k === steps.length;
    root.querySelector("button[data-act=whole]").disabled = k === 0;
  }
  if (steps.length) showStep(0);
}

return { start: start, draw: draw };
})();
