// The masters' desk («мастерятник», a laptop): every participant's status and piles against
// the limit, live; the alerts; the pool of surrendered cards with «получена»; duel history;
// search by serial; issue, reprint, correct with a reason, deaths and second roles; exports.

import {
  Connection, EVENT, cardLine, cardName, clockTime, countdown, h, keepForm, lang, langSwitch, login,
  nameOf, roleWord, statusLine, t,
} from "./common.js";
import { describe } from "./log.js";
import { D } from "./desk-words.js";

const root = document.getElementById("app");
const token = login();
let obs = null;
let log = [];
let stateAt = null;
let title = "";
let busy = false;
let message = { text: "", bad: false };
let found = null;
let online = null; // the participants with a page open, polled every few seconds

function d(key, ...args) {
  const e = D[key];
  if (!e) return t(key, ...args);
  const v = e[lang] ?? e.en;
  return typeof v === "function" ? v(...args) : v;
}

function say(text, bad) {
  message = { text, bad };
  render();
}

async function act(text, done) {
  if (busy) return;
  busy = true;
  document.body.dataset.pending = "1";
  const reply = await conn.act(text);
  busy = false;
  delete document.body.dataset.pending;
  if (reply.type === "ack") say(done || t("done"), false);
  else say(reply.message, true);
}

function quote(text) {
  return JSON.stringify(String(text || ""));
}

function statusOf(o, s) {
  if (!s) return "";
  if (s.health === "dead") return t("st_dead");
  if (s.health === "expired") return t("st_expired");
  if (s.health === "admitted") return t("st_admitted");
  if (s.health === "wounded" && s.wound_until) return t("st_wounded", countdown(s.wound_until));
  if (s.in_duel) {
    const duel = (o.duels || []).find((x) => x.b === s.id || x.a === s.id);
    return duel && duel.kind === "attack" && duel.b === s.id ? t("st_attacked") : t("st_duel");
  }
  if (s.resting) return d("resting");
  return t("st_alive");
}

// --- alerts ---------------------------------------------------------------------------------

function pendingPaper() {
  const open = new Map();
  for (const e of log.map((x) => x.event)) {
    if (!e) continue;
    if (e.kind === "DuelRecorded") open.set(e.duel, e);
    else if (["DuelFinished", "DuelVoided", "ChallengeWithdrawn"].includes(e.kind)) open.delete(e.duel);
  }
  return [...open.values()];
}

function alerts(o) {
  const out = [];
  for (const s of o.statuses || []) {
    if (s.health === "expired") out.push(h("li", { class: "bad" }, d("al_expired", nameOf(o, s.id)),
      " ", h("button", { type: "button", onclick: () => act(`died ${s.id}`, t("done")) }, d("confirm_death"))));
    if (s.health === "wounded" && s.wound_until) out.push(h("li", {}, d("al_wounded", nameOf(o, s.id), clockTime(s.wound_until)),
      " ", h("span", { "data-until": s.wound_until }, countdown(s.wound_until))));
    if (s.owes) out.push(h("li", {}, d("al_owes", nameOf(o, s.id))));
  }
  for (const serial of (o.pool && o.pool.surrendered) || []) {
    out.push(h("li", { "data-surrendered": serial }, d("al_surrendered", `${cardLine(o, serial)} ${serial}`), " ",
      h("button", { type: "button", class: "received", onclick: () => act(`received ${serial}`, d("got")) }, d("received"))));
  }
  for (const r of pendingPaper()) {
    out.push(h("li", { "data-paper": r.duel }, d("al_paper", nameOf(o, r.by), nameOf(o, r.other)), " ",
      h("button", { type: "button", onclick: () => act(`confirm ${r.duel}`, t("confirmed")) }, t("confirm"))));
  }
  // a card two open reports each place with their side (a paper record, an exchange):
  // confirming one makes the other impossible; the masters settle it
  for (const c of o.clashes || []) {
    const reports = c.reports.map((r) => d(r.id.startsWith("d") ? "rep_paper" : "rep_exchange", nameOf(o, r.a), nameOf(o, r.b)));
    out.push(h("li", { class: "bad", "data-clash": c.serial }, d("al_clash", `${cardLine(o, c.serial)} ${c.serial}`, reports.join("; ")),
      c.reports.filter((r) => r.id.startsWith("d")).map((r) => [" ", h("button", { type: "button", class: "quiet", "data-void": r.id, onclick: () => {
        const why = document.getElementById("reason").value.trim();
        if (!why) return say(d("need_reason"), true);
        return act(`void ${r.id} ${quote(why)}`, t("done"));
      } }, d("void_paper", nameOf(o, r.a), nameOf(o, r.b)))])));
  }
  for (const [id, p] of Object.entries(o.piles || {})) {
    if (p.total !== p.limit) out.push(h("li", { class: "bad" }, d("al_limit", nameOf(o, Number(id)), p.total, p.limit)));
  }
  for (const duel of o.duels || []) {
    if (duel.overtime) out.push(h("li", {}, d("al_overtime", nameOf(o, duel.a), nameOf(o, duel.b))));
  }
  const deaths = new Map();
  for (const e of log.map((x) => x.event)) {
    if (e && e.kind === "TimerFired" && e.late) out.push(h("li", { class: "bad" }, describe(o, e)));
    if (e && (e.kind === "Corrected" || e.kind === "Revived")) out.push(h("li", {}, describe(o, e)));
    if (e && e.kind === "Death") deaths.set(e.seat, e);
    if (e && e.kind === "Revived") deaths.delete(e.seat);
  }
  for (const [seat, e] of deaths) {
    out.push(h("li", {}, describe(o, e), " ",
      h("button", { type: "button", class: "quiet", "data-revive": seat, onclick: () => {
        const why = document.getElementById("reason").value.trim();
        if (!why) return say(d("need_reason"), true);
        return act(`revive ${seat} ${quote(why)}`, t("done"));
      } }, d("revive"))));
  }
  return h("section", { id: "alerts" }, h("h2", {}, d("alerts")),
    out.length ? h("ul", { class: "plain" }, out) : h("p", { class: "empty" }, d("no_alerts")));
}

// --- participants -----------------------------------------------------------------------------

function people(o) {
  const statuses = new Map((o.statuses || []).map((s) => [s.id, s]));
  const rows = o.people.map((p) => {
    const piles = (o.piles || {})[String(p.id)];
    // each cell names its column (shown before it on a phone, where the table is a list)
    return h("tr", { "data-person": p.id },
      h("td", {}, h("b", {}, p.name)), h("td", {}, roleWord(p.role), p.team ? h("span", { class: "team" }, ` · ${p.team}`) : null),
      h("td", { class: "status", "data-label": d("status") }, statusOf(o, statuses.get(p.id))),
      h("td", { class: "deck", "data-label": d("deck_n") }, piles ? piles.deck.length : ""),
      h("td", { class: "discard", "data-label": d("discard_n") }, piles ? piles.discard.length : ""),
      h("td", { class: "total", "data-label": d("total") }, piles ? `${piles.total} / ${piles.limit}` : ""),
      h("td", { class: "phone", "data-label": d("phone_col") }, online === null ? "" : (online.has(p.id) ? d("phone_on") : d("phone_off"))));
  });
  return h("section", { id: "people" }, h("h2", {}, d("participants")),
    h("div", { class: "scroll" }, h("table", {},
      h("thead", {}, h("tr", {}, ["name", "role_team", "status", "deck_n", "discard_n", "total", "phone_col"].map((k) => h("th", {}, d(k))))),
      h("tbody", {}, rows))));
}

// --- the pool, duels, search ------------------------------------------------------------------

function pool(o) {
  const list = (o.pool && o.pool.pool) || [];
  const serial = h("input", { id: "received-serial", autocomplete: "off", placeholder: d("serial") });
  return h("section", { id: "pool" }, h("h2", {}, d("pool")),
    h("form", { class: "row", onsubmit: (e) => {
      e.preventDefault();
      const v = serial.value.trim().toUpperCase();
      if (!/^[А-ЯЁ]-\d{4}$/.test(v)) say(d("bad_serial"), true);
      else act(`received ${v}`, d("got"));
    } },
      serial, h("button", { type: "submit" }, d("received"))),
    list.length ? h("ul", { class: "plain" }, list.map((s) => h("li", { "data-pool": s }, `${cardLine(o, s)} · ${s}`)))
      : h("p", { class: "empty" }, d("pool_empty")));
}

// The cards each side played in each finished duel (its moves to the discard, from the log):
// shown only once the duel has ended (ED17).
function hands() {
  const open = new Map();
  const done = new Map();
  for (const e of log.map((x) => x.event)) {
    if (!e) continue;
    if (e.kind === "DuelBegan") open.set(e.duel, { a: e.a, b: e.b, cards: [] });
    else if (e.kind === "CardsMoved" && e.why === "duel") {
      for (const x of open.values()) if (x.a === e.frm || x.b === e.frm) x.cards.push([e.frm, e.cards]);
    } else if (e.kind === "DuelFinished" && open.has(e.duel)) {
      done.set(e.duel, open.get(e.duel));
      open.delete(e.duel);
    }
  }
  return done;
}

function handText(o, x) {
  if (!x || !x.cards.length) return "";
  return x.cards.map(([seat, cards]) => `${nameOf(o, seat)}: ${cards.map((c) => `${cardName(o, c.serial)} ${c.serial}`).join(", ")}`).join("; ");
}

function duels(o) {
  const kills = new Map((o.kills || []).map((k) => [k.duel, k]));
  const played = hands();
  const rows = [];
  for (const x of o.duels || []) {
    rows.push(h("tr", { "data-duel": x.id }, h("td", {}, clockTime(x.started)), h("td", {}, t(x.kind === "attack" ? "kind_attack" : "kind_consent")),
      h("td", {}, `${nameOf(o, x.a)} — ${nameOf(o, x.b)}`), h("td", {}, d("running")), h("td", {}, ""),
      h("td", {}, h("a", { href: `/e/${encodeURIComponent(EVENT)}/board#duel=${x.id}` }, d("witness")))));
  }
  for (const x of (o.results || []).slice().reverse()) {
    const k = kills.get(x.id);
    rows.push(h("tr", { "data-duel": x.id }, h("td", {}, clockTime(x.ended)), h("td", {}, t(x.kind === "attack" ? "kind_attack" : "kind_consent")),
      h("td", {}, `${nameOf(o, x.a)} — ${nameOf(o, x.b)}`),
      h("td", {}, x.winner === null ? t("no_winner") : nameOf(o, x.winner)),
      h("td", {}, k ? d("killed", nameOf(o, k.victim)) : ""),
      h("td", {}, x.paper ? d("paper") : d("phone")),
      h("td", { class: "hands" }, handText(o, played.get(x.id)))));
  }
  return h("section", { id: "duels" }, h("h2", {}, d("duels")),
    rows.length ? h("div", { class: "scroll" }, h("table", {}, h("tbody", {}, rows))) : h("p", { class: "empty" }, d("no_duels")));
}

// The doctors' and masters' notes on patients (ED23), newest first.
function notes(o) {
  const list = (o.notes || []).slice().reverse();
  return h("section", { id: "notes" }, h("h2", {}, d("notes_title")),
    list.length ? h("ul", { class: "notes" }, list.map((x) => h("li", { "data-note": x.who },
      h("b", {}, nameOf(o, x.who)), " · ", h("span", { class: "hint" }, `${clockTime(x.at)}, ${nameOf(o, x.by)}`), " — ", x.text)))
      : h("p", { class: "empty" }, d("no_notes")));
}

function whereIs(o, serial) {
  for (const [id, p] of Object.entries(o.piles || {})) {
    if (p.deck.includes(serial)) return d("in_deck", nameOf(o, Number(id)));
    if (p.discard.includes(serial)) return d("in_discard", nameOf(o, Number(id)));
  }
  if (o.pool && (o.pool.pool || []).includes(serial)) return d("in_pool");
  if (o.pool && (o.pool.surrendered || []).includes(serial)) return d("in_surrendered");
  return null;
}

function search(o) {
  const input = h("input", { id: "search", autocomplete: "off", placeholder: d("serial") });
  return h("section", { id: "find" }, h("h2", {}, d("search")),
    h("form", { class: "row", onsubmit: (e) => {
      e.preventDefault();
      const s = input.value.trim().toUpperCase();
      const where = whereIs(o, s);
      found = where ? `${s}: ${cardLine(o, s)} — ${where}` : d("not_found", s);
      render();
    } }, input, h("button", { type: "submit" }, t("find"))),
    found ? h("p", { id: "found" }, found) : null);
}

// --- actions ----------------------------------------------------------------------------------

function personSelect(id, o, filter) {
  return h("select", { id }, o.people.filter(filter || (() => true)).map((p) => h("option", { value: p.id }, p.name)));
}

function actions(o) {
  const holders = (p) => p.role !== "master";
  const issueTo = personSelect("issue-to", o, holders);
  const keys = h("input", { id: "issue-keys", autocomplete: "off", placeholder: d("keys") });
  const reason = h("input", { id: "reason", autocomplete: "off", placeholder: d("reason") });
  const serial = h("input", { id: "act-serial", autocomplete: "off", placeholder: d("serial") });
  const dest = h("select", { id: "correct-to" },
    o.people.filter(holders).flatMap((p) => [h("option", { value: `${p.id} deck` }, d("to_deck", p.name)),
      h("option", { value: `${p.id} discard` }, d("to_discard", p.name))]),
    h("option", { value: "pool" }, d("to_pool")), h("option", { value: "retired" }, d("to_retired")));
  const target = personSelect("act-person", o, holders);
  const role = h("select", { id: "enroll-role" }, ["participant", "doctor", "npc", "master"].map((r) => h("option", { value: r }, roleWord(r))));
  const newName = h("input", { id: "enroll-name", autocomplete: "off", placeholder: d("name") });
  const team = h("input", { id: "enroll-team", autocomplete: "off", placeholder: d("team") });
  const own = h("input", { id: "enroll-own", type: "checkbox" });
  const free = h("input", { id: "free-op", autocomplete: "off", placeholder: d("free_op") });
  const needReason = (f) => () => {
    if (!reason.value.trim()) return say(d("need_reason"), true);
    return f(quote(reason.value.trim()));
  };
  // checked here so that a slip of the keyboard is answered in words, not in the grammar's
  const SERIAL = /^[А-ЯЁ]-\d{4}$/;
  const needSerial = (f) => () => {
    const v = serial.value.trim().toUpperCase();
    if (!SERIAL.test(v)) return say(d("bad_serial"), true);
    serial.value = v;
    return f();
  };
  const needKeys = (verb) => () => {
    const v = keys.value.trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
    if (!v.length || !v.every((k) => /^[a-z][a-z0-9_]*$/.test(k))) return say(d("bad_keys"), true);
    return act(`${verb} ${issueTo.value} ${v.join(" ")}`, d("issued"));
  };
  return h("section", { id: "actions" }, h("h2", {}, d("actions")),
    h("div", { class: "grid2" },
      h("div", {}, h("h3", {}, d("issue")), issueTo, keys,
        h("div", { class: "row" }, h("button", { type: "button", id: "do-issue",
          onclick: needKeys("issue") }, d("issue")),
        h("button", { type: "button", id: "do-grant",
          onclick: needKeys("grant") }, d("grant")))),
      h("div", {}, h("h3", {}, d("card_ops")), serial, reason, dest,
        h("div", { class: "row wrap" },
          h("button", { type: "button", id: "do-correct", onclick: needSerial(needReason((r) => act(`correct ${serial.value.trim()} ${dest.value} ${r}`, d("corrected")))) }, d("correct")),
          h("button", { type: "button", id: "do-reprint", onclick: needSerial(needReason((r) => act(`reprint ${serial.value.trim()} ${r}`, d("reprinted")))) }, d("reprint")))),
      h("div", {}, h("h3", {}, d("life")), target,
        h("div", { class: "row wrap" },
          h("button", { type: "button", id: "do-near-death", onclick: needReason((r) => act(`near_death ${target.value} ${r}`, t("done"))) }, d("near_death_btn")),
          h("button", { type: "button", id: "do-died", class: "danger", onclick: () => act(`died ${target.value}`, t("done")) }, t("died")),
          h("button", { type: "button", id: "do-revive", onclick: needReason((r) => act(`revive ${target.value} ${r}`, t("done"))) }, d("revive")))),
      h("div", {}, h("h3", {}, d("enroll")), role, newName, team,
        h("label", { class: "check" }, own, " ", d("own_rules")),
        h("button", { type: "button", id: "do-enroll",
          onclick: () => !newName.value.trim() ? say(d("need_name"), true) : act(`enroll ${role.value} ${quote(newName.value.trim())}${team.value.trim() || own.checked ? ` ${quote(team.value.trim())}` : ""}${own.checked ? " own_rules" : ""}`, d("enrolled")) },
        d("enroll"))),
      h("div", {}, h("h3", {}, d("free")), free,
        h("button", { type: "button", id: "do-free", onclick: () => act(free.value, t("done")) }, d("send")))));
}

async function download(path, name) {
  const r = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    return say(body.message || d("download_failed"), true);
  }
  const url = URL.createObjectURL(await r.blob());
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  return null;
}

function files() {
  const base = `/api/events/${encodeURIComponent(EVENT)}`;
  return h("section", { id: "files" }, h("h2", {}, d("files")),
    h("div", { class: "row wrap" },
      ["participants.csv", "cards.csv", "ledger.csv", "log.json"].map((n) =>
        h("button", { type: "button", "data-export": n, onclick: () => download(`${base}/export/${n}?lang=${lang}`, `${EVENT}-${n}`) }, d(`file_${n}`))),
      h("button", { type: "button", id: "do-backup", onclick: () => download(`${base}/backup`, `${EVENT}-backup.json`) }, d("backup"))),
    h("p", { class: "hint" }, d("backup_hint")),
    h("p", {}, h("a", { href: `/e/${encodeURIComponent(EVENT)}/board` }, d("board"))));
}

// Printing from the desk: each document as a PDF to save or an HTML page to print, fetched
// with the master's login in the header (never in a URL); the Wi-Fi goes into the QR codes of
// the envelopes and the join poster. The print page (/e/ID/print) has the finer choices.
const PRINTS = ["cards", "envelopes", "badges", "posters", "join", "roster", "report"];

function printQuery(doc, format) {
  const q = new URLSearchParams({ format, lang });
  const ssid = (document.getElementById("print-ssid") || {}).value || "";
  const password = (document.getElementById("print-password") || {}).value || "";
  if (ssid.trim()) {
    q.set("ssid", ssid.trim());
    q.set("password", password);
  }
  return `/api/events/${encodeURIComponent(EVENT)}/print/${doc}?${q}`;
}

async function openPrint(doc) {
  // the tab is opened at the click (a browser blocks one opened after the fetch), then filled
  const tab = window.open("", "_blank");
  const r = await fetch(printQuery(doc, "html"), { headers: { Authorization: `Bearer ${token}` } });
  if (!r.ok) {
    if (tab) tab.close();
    const body = await r.json().catch(() => ({}));
    return say(body.message || d("download_failed"), true);
  }
  const url = URL.createObjectURL(await r.blob());
  if (tab) tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  return null;
}

function printing() {
  const ssid = h("input", { id: "print-ssid", autocomplete: "off", placeholder: d("print_ssid") });
  const password = h("input", { id: "print-password", autocomplete: "off", placeholder: d("print_password") });
  return h("section", { id: "print" }, h("h2", {}, d("print")),
    h("div", { class: "row wrap" }, ssid, password),
    h("ul", { class: "prints" }, PRINTS.map((doc) => h("li", { "data-print": doc },
      h("b", {}, d(`print_${doc}`)),
      h("span", { class: "row" },
        h("button", { type: "button", "data-format": "pdf", onclick: () => download(printQuery(doc, "pdf"), `${EVENT}-${doc}.pdf`) }, "PDF"),
        h("button", { type: "button", "data-format": "html", onclick: () => openPrint(doc) }, d("print_open")))))),
    h("p", { class: "hint" }, h("a", { href: `/e/${encodeURIComponent(EVENT)}/print`, id: "print-page" }, d("print_more"))));
}

function journal(o) {
  return h("details", { id: "journal" }, h("summary", {}, t("journal")),
    h("ul", { class: "plain" }, log.slice(-60).reverse().map((e) => h("li", {}, describe(o, e.event)))));
}

function render() {
  keepForm(root, build);
}

function build() {
  root.replaceChildren();
  root.append(h("header", {},
    h("div", { class: "top" }, h("span", { class: "conn", id: "conn" }), langSwitch(() => { conn.setLang(lang); render(); })),
    h("h1", {}, d("desk"), title ? ` · ${title}` : "")));
  statusLine(document.getElementById("conn"), conn.open, stateAt);
  if (!token) return root.append(h("p", { class: "msg bad" }, t("no_login")));
  if (!obs || !obs.me) return root.append(h("p", {}, t("loading")));
  if (obs.me.role !== "master") {
    return root.append(h("p", { class: "msg bad" }, d("not_master")),
      h("a", { href: `/e/${encodeURIComponent(EVENT)}` }, d("my_page")));
  }
  root.append(h("p", { class: message.bad ? "msg bad" : "msg good", id: "msg" }, message.text));
  root.append(alerts(obs), people(obs), h("div", { class: "grid2" }, pool(obs), search(obs)),
    duels(obs), notes(obs), actions(obs), printing(), files(), journal(obs));
  return null;
}

const conn = new Connection({
  token,
  onState: (msg) => {
    obs = msg.observation;
    log = msg.log_reset || msg.log_from === 0 ? msg.log : log.concat(msg.log);
    stateAt = msg.now;
    document.body.dataset.version = String(msg.version);
    render();
  },
  onStatus: (online, at, err) => {
    if (err) say(err.message, true);
    const el = document.getElementById("conn");
    if (el) statusLine(el, online, at);
  },
});
fetch(`/api/events/${encodeURIComponent(EVENT)}`).then((r) => r.json()).then((info) => {
  title = info.title || "";
  render();
}).catch(() => {});
async function poll() {
  if (!token || !conn.open) return;
  try {
    const r = await fetch(`/api/events/${encodeURIComponent(EVENT)}/online`, { headers: { Authorization: `Bearer ${token}` } });
    if (r.ok) {
      online = new Set((await r.json()).online);
      render();
    }
  } catch (e) {
    /* the connection line says so */
  }
}
render();
setInterval(poll, 5000);
setTimeout(poll, 500);
setInterval(() => {
  for (const el of document.querySelectorAll("[data-until]")) el.textContent = countdown(Number(el.dataset.until));
}, 1000);
