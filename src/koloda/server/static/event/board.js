// The public board (a screen in the tavern) and the witnesses' entry: running duels and kill
// declarations (results only when the event's option shows them); a typed duel number, or
// the code on a duellist's screen, opens that duel's public view at its table.

import { Connection, EVENT, FRAG, clockTime, h, keepForm, lang, langSwitch, nameOf, statusLine, t } from "./common.js";
import { D } from "./desk-words.js";

const root = document.getElementById("app");
let obs = null;
let stateAt = null;
let message = "";

function d(key, ...args) {
  const e = D[key];
  const v = e[lang] ?? e.en;
  return typeof v === "function" ? v(...args) : v;
}

async function watch(code) {
  const id = `d${String(code || "").trim().replace(/^[dD№\s]+/, "")}`;
  if (!/^d[1-9]\d{0,6}$/.test(id)) {
    message = d("no_such_duel");
    render();
    return;
  }
  const r = await fetch(`/api/events/${encodeURIComponent(EVENT)}/duels/${id}`);
  if (r.ok) {
    location.href = (await r.json()).witness;
  } else {
    message = d("no_such_duel");
    render();
  }
}

function render() {
  keepForm(root, build);
}

function build() {
  root.replaceChildren();
  const code = h("input", { id: "duel-code", inputmode: "numeric", autocomplete: "off", placeholder: d("witness_code") });
  root.append(h("header", {},
    h("div", { class: "top" }, h("span", { class: "conn", id: "conn" }), langSwitch(() => { conn.setLang(lang); render(); })),
    h("h1", {}, d("board_title"))));
  statusLine(document.getElementById("conn"), conn.open, stateAt);
  root.append(h("section", { id: "witness" }, h("h2", {}, d("witness_open")),
    h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); watch(code.value); } },
      code, h("button", { type: "submit", id: "watch" }, d("watch"))),
    message ? h("p", { class: "msg bad", id: "msg" }, message) : null));
  if (!obs) return;
  root.append(h("section", { id: "running" }, h("h2", {}, d("board_duels")),
    obs.duels.length ? h("ul", { class: "plain" }, obs.duels.map((x) => h("li", { class: "board-duel", "data-duel": x.id },
      h("a", { href: "#", onclick: (e) => { e.preventDefault(); watch(x.id); } }, t("duel_no", x.id.slice(1))), ": ",
      `${nameOf(obs, x.a)} — ${nameOf(obs, x.b)}`, ` (${t(x.kind === "attack" ? "kind_attack" : "kind_consent")}, ${d("since", clockTime(x.started))})`)))
      : h("p", { class: "empty" }, d("board_none"))));
  root.append(h("section", { id: "kills" }, h("h2", {}, d("board_kills")),
    obs.kills.length ? h("ul", { class: "plain" }, obs.kills.slice().reverse().map((k) => h("li", { "data-kill": k.duel },
      `${clockTime(k.at)} · ${t("lg_kill", nameOf(obs, k.killer), nameOf(obs, k.victim))}`)))
      : h("p", { class: "empty" }, d("board_no_kills"))));
  if (obs.results) {
    root.append(h("section", { id: "results" }, h("h2", {}, d("board_results")),
      h("ul", { class: "plain" }, obs.results.slice().reverse().map((x) => h("li", {},
        `${clockTime(x.ended)} · ${nameOf(obs, x.a)} — ${nameOf(obs, x.b)}: `,
        x.winner === null ? t("no_winner") : d("won", nameOf(obs, x.winner)))))));
  }
}

const conn = new Connection({
  token: null,
  onState: (msg) => {
    obs = msg.observation;
    stateAt = msg.now;
    document.body.dataset.version = String(msg.version);
    render();
  },
  onStatus: (online, at) => {
    const el = document.getElementById("conn");
    if (el) statusLine(el, online, at);
  },
});
if (FRAG.duel) watch(FRAG.duel);
render();
