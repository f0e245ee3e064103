// A person's page at a live event, phone first: my status with its deadline (a clock time and
// a countdown from the server's clock), my deck and discard, and the operations the rules
// give me; a doctor's and an NPC's tools below. Every refusal is shown in words.

import {
  Connection, EVENT, FRAG, cardLine, keepForm, clockTime, countCards, countCardsAcc, countdown, getJSON, h, lang,
  langSwitch, loadState, login, nameOf, roleWord, saveState, serverNow, statusLine, t,
} from "./common.js";
import { describe } from "./log.js";

const root = document.getElementById("app");
const token = login();
let obs = null; // the last observation
let log = [];
let stateAt = null;
let who = null; // the badge I typed or scanned: {who, name, role, badge}
let selected = new Set();
let busy = false;
let message = { text: "", bad: false };
let me = null; // /me: my badge

function say(text, bad) {
  message = { text, bad };
  const el = document.getElementById("msg");
  if (el) {
    el.textContent = text;
    el.className = bad ? "msg bad" : "msg good";
    el.dataset.code = bad ? "refused" : "ok";
  }
}

async function act(text, done) {
  if (busy) return;
  busy = true;
  document.body.dataset.pending = "1";
  const reply = await conn.act(text);
  busy = false;
  delete document.body.dataset.pending;
  if (reply.type === "ack") {
    selected = new Set();
    say(done || t("done"), false);
  } else {
    say(reply.message, true);
  }
  render();
}

// --- status --------------------------------------------------------------------------------

function duelOf(o, id) {
  return (o.duels || []).find((d) => d.id === id);
}

export function status(o, m) {
  if (m.health === "dead") return { code: "dead", text: t("st_dead") };
  if (m.health === "expired") return { code: "expired", text: t("st_expired") };
  if (m.health === "admitted") return { code: "admitted", text: t("st_admitted") };
  if (m.health === "wounded" && m.wound_until) {
    return { code: "wounded", text: t("st_wounded", countdown(m.wound_until)), until: m.wound_until };
  }
  if (m.duel) {
    const d = duelOf(o, m.duel);
    if (d && d.kind === "attack" && d.b === m.id) return { code: "attacked", text: t("st_attacked") };
    return { code: "duel", text: t("st_duel") };
  }
  if (m.rest) {
    if (m.rest.ready) return { code: "rest_ready", text: t("st_rest_ready") };
    return { code: "rest", text: t("st_rest", clockTime(m.rest.until)), until: m.rest.until };
  }
  return { code: "alive", text: t("st_alive") };
}

// --- parts of the page ---------------------------------------------------------------------

function cardButton(serial, pickable) {
  const on = selected.has(serial);
  return h("li", {},
    h("button", {
      type: "button", class: `card${on ? " on" : ""}`, "data-serial": serial,
      "aria-pressed": String(on), disabled: !pickable,
      onclick: () => {
        if (on) selected.delete(serial);
        else selected.add(serial);
        render();
      },
    }, h("span", { class: "cname" }, cardLine(obs, serial)), h("span", { class: "serial" }, serial)));
}

function piles(m) {
  const pickable = m.health !== "dead";
  return h("section", { class: "piles" },
    h("h2", {}, t("deck"), " ", h("span", { class: "count", id: "deck-count" }, m.deck.length)),
    m.deck.length ? h("ul", { class: "cards", id: "deck" }, m.deck.map((s) => cardButton(s, pickable)))
      : h("p", { class: "empty" }, t("empty_pile")),
    h("h2", {}, t("discard"), " ", h("span", { class: "count", id: "discard-count" }, m.discard.length)),
    m.discard.length ? h("ul", { class: "cards", id: "discard" }, m.discard.map((s) => cardButton(s, pickable)))
      : h("p", { class: "empty" }, t("empty_pile")),
    h("p", { class: "limit" }, t("total_limit", m.total, m.limit)),
    h("div", { class: "row" },
      h("button", { type: "button", id: "do-discard", disabled: ![...selected].some((x) => m.deck.includes(x)),
        onclick: () => act(`discard ${[...selected].filter((s) => m.deck.includes(s)).join(" ")}`, t("discarded")) },
      t("discard_selected")),
      selected.size ? h("span", { class: "hint" }, t("selected", countCards(selected.size))) : null));
}

function deadlineLine(label, at) {
  return h("p", { class: "deadline", "data-at": at },
    label, " ", h("b", { class: "clock" }, clockTime(at)), " · ",
    h("span", { class: "left", "data-until": at }, countdown(at)));
}

function rest(m) {
  const box = h("section", { class: "rest" }, h("h2", {}, t("rest")));
  if (m.rest) {
    box.append(deadlineLine(t(m.rest.place === "hospital" ? "rest_hospital_until" : "rest_until"), m.rest.until));
    box.append(h("div", { class: "row" },
      h("button", { type: "button", id: "rest-end", disabled: !m.rest.ready,
        onclick: () => act("rest_end", t("rest_ended")) }, t("rest_end")),
      h("button", { type: "button", id: "rest-cancel", class: "quiet",
        onclick: () => act("rest_cancel", t("rest_cancelled")) }, t("rest_cancel"))));
  } else {
    const minutes = (conn.info && conn.info.options && conn.info.options.rest_minutes) || 5;
    box.append(h("p", { class: "hint" }, t("rest_hint", minutes)));
    box.append(h("button", { type: "button", id: "rest-start", onclick: () => act("rest room", t("rest_started")) },
      t("rest_start")));
  }
  return box;
}

function challenges(m) {
  const out = [];
  for (const c of m.challenges) {
    if (c.b === m.id) {
      out.push(h("div", { class: "alert", "data-challenge": c.id },
        h("p", {}, t("challenge_from", nameOf(obs, c.a))),
        h("div", { class: "row" },
          h("button", { type: "button", class: "accept", onclick: () => act(`accept ${c.id}`, t("accepted")) }, t("accept")),
          h("button", { type: "button", class: "quiet", onclick: () => act(`withdraw ${c.id}`, t("declined")) }, t("decline")))));
    } else {
      out.push(h("div", { class: "alert", "data-challenge": c.id },
        h("p", {}, t("challenge_to", nameOf(obs, c.b))),
        h("button", { type: "button", class: "quiet", onclick: () => act(`withdraw ${c.id}`, t("withdrawn")) }, t("withdraw"))));
    }
  }
  return out;
}

function duelNumber(id) {
  return String(id).replace(/^d/, "");
}

function runningDuel(m) {
  if (!m.duel) return null;
  const d = duelOf(obs, m.duel);
  const other = d ? (d.a === m.id ? d.b : d.a) : null;
  const box = h("section", { class: "duel alert", id: "duel", "data-duel": m.duel },
    h("h2", {}, t("duel_no", duelNumber(m.duel)), other !== null ? ` · ${nameOf(obs, other)}` : ""),
    h("button", { type: "button", id: "open-duel", class: "big", onclick: async () => {
      const r = await getJSON(`/api/events/${encodeURIComponent(EVENT)}/duels/${m.duel}/seat`);
      // the duel page shows a link back to this page
      if (r.ok) location.href = `${r.body.link}&back=${encodeURIComponent(`/e/${EVENT}`)}`;
      else say(r.body.message, true);
    } }, t("open_duel")),
    h("p", { class: "hint" }, t("witness_hint", duelNumber(m.duel))),
    h("img", { class: "qr", alt: t("witness_qr"), src: `/api/events/${encodeURIComponent(EVENT)}/duels/${m.duel}/qr.svg` }));
  if (m.role === "npc" && m.own_rules) {
    // an NPC with its own rules rules on the duel against it (E30, E31, ED16): an automatic
    // loss for the other side (a card taken, no swap), or let go; or fights it on the duel page
    box.append(h("div", { class: "own-rules", id: "own-rules" },
      h("p", { class: "hint" }, t("own_rules_hint")),
      h("div", { class: "row wrap" },
        h("button", { type: "button", id: "do-autoloss", class: "danger", onclick: () => act(`autoloss ${m.duel}`, t("ruled_autoloss")) }, t("autoloss")),
        h("button", { type: "button", id: "do-spare", class: "quiet", onclick: () => act(`spare ${m.duel}`, t("ruled_spare")) }, t("spare")))));
  }
  return box;
}

function records(m) {
  return m.records.map((r) => {
    const other = r.a === m.id ? r.b : r.a;
    const winner = r.winner === null ? t("no_winner") : nameOf(obs, r.winner);
    const lines = [t("paper_summary", nameOf(obs, r.a), nameOf(obs, r.b), winner),
      r.killed !== null ? t("paper_killed", nameOf(obs, r.killed)) : null,
      r.discard.length ? t("paper_discard", r.discard.map((s) => `${cardLine(obs, s)} (${s})`).join(", ")) : null];
    return h("div", { class: "alert", "data-record": r.id },
      lines.filter(Boolean).map((l) => h("p", {}, l)),
      r.b === m.id
        ? h("div", { class: "row" },
          h("button", { type: "button", class: "accept", onclick: () => act(`confirm ${r.id}`, t("confirmed")) }, t("confirm")),
          h("button", { type: "button", class: "quiet", onclick: () => act(`withdraw ${r.id}`, t("withdrawn")) }, t("reject")))
        : h("div", {}, h("p", { class: "hint" }, t("paper_waiting", nameOf(obs, other))),
          h("button", { type: "button", class: "quiet", onclick: () => act(`withdraw ${r.id}`, t("withdrawn")) }, t("withdraw"))));
  });
}

function cardsList(list) {
  return h("ul", { class: "plain" }, list.map((s) => h("li", {}, `${cardLine(obs, s)} · ${s}`)));
}

function exchanges(m) {
  return m.exchanges.map((x) => {
    const box = h("div", { class: "alert", "data-exchange": x.id });
    if (x.b === m.id && x.take === null) {
      box.append(h("p", {}, t("exchange_from", nameOf(obs, x.a), countCards(x.give.length))), cardsList(x.give),
        h("p", { class: "hint" }, t("exchange_pick", countCardsAcc(x.give.length))),
        h("div", { class: "row" },
          h("button", { type: "button", class: "accept", disabled: selected.size !== x.give.length,
            onclick: () => act(`accept ${x.id} ${[...selected].join(" ")}`, t("answered")) }, t("exchange_answer")),
          h("button", { type: "button", class: "quiet", onclick: () => act(`withdraw ${x.id}`, t("declined")) }, t("decline"))));
    } else if (x.a === m.id && x.take !== null) {
      box.append(h("p", {}, t("exchange_answered", nameOf(obs, x.b))),
        h("p", {}, t("you_give")), cardsList(x.give), h("p", {}, t("you_get")), cardsList(x.take),
        h("div", { class: "row" },
          h("button", { type: "button", class: "accept", onclick: () => act(`accept ${x.id}`, t("exchanged")) }, t("exchange_confirm")),
          h("button", { type: "button", class: "quiet", onclick: () => act(`withdraw ${x.id}`, t("withdrawn")) }, t("withdraw"))));
    } else {
      const other = x.a === m.id ? x.b : x.a;
      box.append(h("p", {}, t("exchange_waiting", nameOf(obs, other))), cardsList(x.give),
        h("button", { type: "button", class: "quiet", onclick: () => act(`withdraw ${x.id}`, t("withdrawn")) }, t("withdraw")));
    }
    return box;
  });
}

function debts(m) {
  return m.debts.map((d) => h("div", { class: "alert", id: "debt" },
    h("p", {}, t(d.masters_choose ? "debt_masters" : "debt_choose")),
    d.until ? deadlineLine(t("debt_until"), d.until) : null,
    d.masters_choose ? null : h("button", { type: "button", id: "do-surrender", disabled: selected.size !== 1,
      onclick: () => act(`surrender ${[...selected][0]}`, t("surrendered")) }, t("surrender"))));
}

function shows(m) {
  const out = [];
  for (const s of m.shows) {
    out.push(h("div", { class: "alert", "data-show": s.id },
      h("p", {}, t("showing_to", nameOf(obs, s.to), clockTime(s.until))),
      h("button", { type: "button", class: "quiet", onclick: () => act(`withdraw ${s.id}`, t("done")) }, t("stop_showing"))));
  }
  for (const s of m.shown_to_me) {
    out.push(h("div", { class: "alert shown", "data-shown": s.id },
      h("p", {}, t("shown_by", nameOf(obs, s.owner), clockTime(s.until))),
      s.deck ? [h("p", {}, t("deck")), cardsList(s.deck)] : null,
      s.discard ? [h("p", {}, t("discard")), cardsList(s.discard)] : null));
  }
  return out;
}

// --- someone else, by badge ----------------------------------------------------------------

async function lookUp(code) {
  code = String(code || "").trim();
  if (!/^\d{1,8}$/.test(code)) {
    who = null;
    say(t("badge_bad"), true);
    render();
    return;
  }
  const r = await getJSON(`/api/events/${encodeURIComponent(EVENT)}/badges/${code}`);
  if (r.ok && r.body.name) {
    who = { ...r.body, badge: code };
    say("", false);
  } else {
    who = null;
    say(t("badge_unknown", code), true);
  }
  render();
}

function other(m) {
  const box = h("section", { class: "other" }, h("h2", {}, t("with_someone")));
  const input = h("input", { id: "badge", inputmode: "numeric", autocomplete: "off", maxlength: "8",
    placeholder: t("badge_placeholder"), value: who ? who.badge : "" });
  box.append(h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); lookUp(input.value); } },
    input, h("button", { type: "submit", id: "find" }, t("find"))));
  if (!who) return box;
  const id = who.who;
  const mine = [...selected];
  box.append(h("p", { class: "who", id: "who" }, `${who.name} · ${roleWord(who.role)}${who.team ? ` · ${who.team}` : ""}`));
  const holder = m.role !== "master";
  if (holder) {
    box.append(h("div", { class: "row wrap" },
      h("button", { type: "button", id: "do-challenge", onclick: () => act(`challenge ${id}`, t("challenged")) }, t("challenge")),
      h("button", { type: "button", id: "do-attack", class: "danger", onclick: () => act(`attack ${id}`, t("attacked")) }, t("attack")),
      h("button", { type: "button", id: "do-offer", disabled: !mine.length,
        onclick: () => act(`offer ${id} ${mine.join(" ")}`, t("offered")) },
      mine.length ? t("offer_n", countCards(mine.length)) : t("offer"))));
    const minutes = h("select", { id: "show-minutes" }, [5, 10, 30].map((n) => h("option", { value: n }, t("minutes", n))));
    const which = h("select", { id: "show-piles" },
      h("option", { value: "both" }, t("piles_both")), h("option", { value: "deck" }, t("deck")),
      h("option", { value: "discard" }, t("discard")));
    box.append(h("div", { class: "row wrap" }, which, minutes,
      h("button", { type: "button", id: "do-show", onclick: () => {
        const until = serverNow() + Number(minutes.value) * 60000;
        act(`show ${id} ${which.value} until=${Math.round(until)}`, t("showing"));
      } }, t("show"))));
    box.append(paperForm(m, id));
  }
  if (m.role === "doctor") box.append(doctorTools(id));
  if (m.role === "npc") box.append(npcTools(m, id));
  return box;
}

function paperForm(m, id) {
  const kind = h("select", { id: "paper-kind" },
    h("option", { value: "consent" }, t("kind_consent")), h("option", { value: "attack" }, t("kind_attack")));
  const winner = h("select", { id: "paper-winner" },
    h("option", { value: String(m.id) }, t("i_won")), h("option", { value: String(id) }, t("they_won")),
    h("option", { value: "-" }, t("no_winner")));
  const killed = h("select", { id: "paper-killed" },
    h("option", { value: "-" }, t("no_kill")), h("option", { value: String(id) }, t("they_killed")),
    h("option", { value: String(m.id) }, t("i_killed")));
  const theirs = h("input", { id: "paper-theirs", autocomplete: "off", placeholder: t("their_serials") });
  return h("details", { class: "paper", id: "paper" },
    h("summary", {}, t("paper_record")),
    h("p", { class: "hint" }, t("paper_hint")),
    h("label", {}, t("paper_kind"), kind), h("label", {}, t("paper_winner"), winner),
    h("label", {}, t("paper_kill"), killed), h("label", {}, t("paper_theirs"), theirs),
    h("button", { type: "button", id: "do-paper", onclick: () => {
      const typed = theirs.value.toUpperCase().split(/[\s,]+/).filter(Boolean);
      if (!typed.every((x) => /^[А-ЯЁ]-\d{4}$/.test(x))) {
        say(t("bad_serials"), true);
        render();
        return;
      }
      const cards = [...selected, ...typed];
      act(`paper ${id} ${kind.value} winner=${winner.value} killed=${killed.value} swap=- discard=${cards.length ? cards.join(",") : "-"}`,
        t("recorded"));
    } }, t("paper_send")));
}

function doctorTools(id) {
  const cause = h("input", { id: "cause", autocomplete: "off", placeholder: t("cause") });
  return h("div", { class: "tools", id: "doctor" },
    h("h3", {}, t("doctor_tools")),
    h("div", { class: "row wrap" },
      h("button", { type: "button", id: "do-admit", onclick: () => act(`admit ${id}`, t("admitted")) }, t("admit")),
      h("button", { type: "button", id: "do-saved", class: "accept", onclick: () => act(`saved ${id}`, t("done")) }, t("saved")),
      h("button", { type: "button", id: "do-died", class: "danger", onclick: () => act(`died ${id}`, t("done")) }, t("died"))),
    h("div", { class: "row wrap" },
      h("button", { type: "button", id: "do-hrest", onclick: () => act(`rest hospital ${id}`, t("rest_started")) }, t("hospital_rest")),
      h("button", { type: "button", id: "do-hrest-end", onclick: () => act(`rest_end ${id}`, t("rest_ended")) }, t("hospital_rest_end"))),
    h("div", { class: "row" }, cause,
      h("button", { type: "button", id: "do-near-death", onclick: () => act(`near_death ${id} ${JSON.stringify(cause.value)}`, t("done")) },
        t("near_death"))),
    noteForm(id));
}

// A note on the patient (ED23): seen by the doctors and masters only; the page answers the
// slips it can see (empty, too long) before sending, the server every other.
const NOTE_MAX = 500;

function noteForm(id) {
  const text = h("textarea", { id: "note-text", rows: "3", maxlength: String(NOTE_MAX), placeholder: t("note_placeholder") });
  return h("div", { class: "note-form" }, // the notes themselves are under the patient's name
    h("label", { for: "note-text" }, t("note")),
    text,
    h("p", { class: "hint" }, t("note_hint", NOTE_MAX)),
    h("button", { type: "button", id: "do-note", onclick: async () => {
      const v = text.value.trim();
      if (!v) return say(t("note_empty"), true);
      if (v.length > NOTE_MAX) return say(t("note_long", v.length, NOTE_MAX), true);
      await act(`note ${id} ${JSON.stringify(v)}`, t("noted"));
      const el = document.getElementById("note-text");
      if (el && message.bad === false) el.value = "";
      return null;
    } }, t("note_send")));
}

function notesOn(o, id) {
  const list = (o.notes || []).filter((x) => x.who === id);
  if (!list.length) return null;
  return h("ul", { class: "notes", "data-notes": id }, list.slice().reverse().map((x) => h("li", {},
    h("span", { class: "hint" }, t("note_by", clockTime(x.at), nameOf(o, x.by))), " ", x.text)));
}

function npcTools(m, id) {
  const key = h("input", { id: "take-key", autocomplete: "off", placeholder: t("take_key") });
  return h("div", { class: "tools", id: "npc" },
    h("h3", {}, t("npc_tools")),
    h("button", { type: "button", id: "do-gift", disabled: !selected.size,
      onclick: () => act(`gift ${id} ${[...selected].join(" ")}`, t("given")) },
    selected.size ? t("gift_n", countCards(selected.size)) : t("gift")),
    h("div", { class: "row" }, key,
      h("button", { type: "button", id: "do-take", onclick: () => act(`take ${id}${key.value.trim() ? ` ${key.value.trim()}` : ""}`, t("taken")) },
        t("take"))));
}

function patients(o) {
  if (!o.statuses) return null;
  const list = o.statuses.filter((s) => ["wounded", "admitted", "expired"].includes(s.health));
  return h("section", { class: "patients", id: "patients" }, h("h2", {}, t("patients")),
    list.length ? h("ul", { class: "plain" }, list.map((s) => h("li", { "data-patient": s.id },
      h("b", {}, nameOf(o, s.id)), " · ",
      s.health === "wounded" && s.wound_until
        ? [t("st_wounded", ""), h("span", { "data-until": s.wound_until }, countdown(s.wound_until))]
        : t(`st_${s.health}`), notesOn(o, s.id))))
      : h("p", { class: "empty" }, t("no_patients")));
}

function myBadge() {
  if (!me) return null;
  return h("details", { class: "badge", id: "my-badge" },
    h("summary", {}, t("my_badge", me.badge)),
    h("p", { class: "hint" }, t("badge_hint")),
    h("img", { class: "qr", alt: t("badge_qr"), src: `/api/events/${encodeURIComponent(EVENT)}/badges/${me.badge}/qr.svg` }));
}

function journal() {
  const items = log.slice(-12).reverse();
  return h("section", { class: "journal" }, h("h2", {}, t("journal")),
    h("ul", { class: "plain" }, items.map((e) => h("li", {}, describe(obs, e.event)))));
}

// --- the whole page ------------------------------------------------------------------------

function render() {
  keepForm(root, build);
}

function build() {
  root.replaceChildren();
  root.append(h("header", {},
    h("div", { class: "top" }, h("span", { class: "conn", id: "conn" }), langSwitch(() => { conn.setLang(lang); render(); })),
    obs && obs.me ? h("h1", {}, obs.me.name) : h("h1", {}, t("event"))));
  statusLine(document.getElementById("conn"), conn.open, stateAt);
  if (!token) {
    root.append(h("p", { class: "msg bad" }, t("no_login")));
    return;
  }
  if (!obs || !obs.me) {
    root.append(h("p", {}, t("loading")));
    return;
  }
  const m = obs.me;
  if (m.role === "master") {
    root.append(h("p", {}, h("a", { href: `/e/${encodeURIComponent(EVENT)}/desk`, id: "to-desk" }, t("to_desk"))));
  }
  const st = status(obs, m);
  document.body.dataset.status = st.code;
  document.body.dataset.deck = String(m.deck.length);
  document.body.dataset.discard = String(m.discard.length);
  root.append(h("p", { class: `chip st-${st.code}`, id: "status" }, st.text,
    st.until ? h("span", { class: "until" }, ` · ${t("until", clockTime(st.until))}`) : null));
  if (st.code === "wounded") root.append(h("p", { class: "warn" }, t("wounded_hint")));
  root.append(h("p", { class: message.bad ? "msg bad" : "msg good", id: "msg", "data-code": message.bad ? "refused" : "ok" }, message.text));
  root.append(...challenges(m));
  const d = runningDuel(m);
  if (d) root.append(d);
  root.append(...records(m), ...exchanges(m), ...debts(m), ...shows(m));
  if (m.role !== "master") root.append(piles(m));
  if (m.role === "doctor") root.append(patients(obs));
  // with the event's notes_to_patient, a participant reads the notes on him (ED23)
  const own = m.role === "doctor" || m.role === "master" ? null : notesOn(obs, m.id);
  if (own) root.append(h("section", { class: "my-notes", id: "my-notes" }, h("h2", {}, t("my_notes")), own));
  if (m.role !== "master") root.append(rest(m));
  root.append(other(m));
  const b = myBadge();
  if (b) root.append(b);
  root.append(journal());
}

function tick() {
  for (const el of document.querySelectorAll("[data-until]")) el.textContent = countdown(Number(el.dataset.until));
  if (obs && obs.me) {
    const st = status(obs, obs.me);
    const chip = document.getElementById("status");
    if (chip && chip.firstChild) chip.firstChild.textContent = st.text;
  }
}

const conn = new Connection({
  token,
  onState: (msg) => {
    const before = obs && obs.me ? status(obs, obs.me).code : null;
    obs = msg.observation;
    if (obs.me) selected = new Set([...selected].filter((x) => obs.me.deck.includes(x) || obs.me.discard.includes(x)));
    const now = obs.me ? status(obs, obs.me).code : null;
    if (now === "attacked" && before !== "attacked" && navigator.vibrate) {
      navigator.vibrate([300, 100, 300]); // the attacked phone buzzes if its page is open
    }
    // what others did to me (an attack, a wound, a death) makes my last word stale
    if (before !== null && now !== before && ["attacked", "wounded", "dead", "expired"].includes(now)) {
      message = { text: "", bad: false };
    }
    log = msg.log_reset || msg.log_from === 0 ? msg.log : log.concat(msg.log);
    stateAt = msg.now;
    document.body.dataset.version = String(msg.version);
    saveState({ ...msg, log });
    render();
  },
  onStatus: (online, at, err) => {
    if (err) say(err.message, true);
    const el = document.getElementById("conn");
    if (el) statusLine(el, online, at);
  },
});

const cached = loadState();
if (cached && token) {
  obs = cached.observation;
  log = cached.log || [];
  stateAt = cached.now;
}
if (token) {
  getJSON(`/api/events/${encodeURIComponent(EVENT)}/me`).then((r) => {
    if (r.ok) {
      me = r.body;
      render();
    }
  }).catch(() => {});
}
if (FRAG.badge) lookUp(FRAG.badge);
// a badge's QR code opened while this page is already open only changes the fragment
window.addEventListener("hashchange", () => {
  const m = location.hash.match(/badge=(\d{1,8})/);
  history.replaceState(null, "", location.pathname + location.search);
  if (m) lookUp(m[1]);
});
render();
setInterval(tick, 1000);
