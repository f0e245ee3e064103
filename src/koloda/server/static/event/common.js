// What every event page shares: the login kept on this device, the language, the server's
// clock (deadlines and countdowns are computed from the server's time, never the phone's),
// the connection that says when it is lost and comes back by itself, and card faces.
// No operation is ever queued: when the connection is down the page refuses to send.

import { h } from "../i18n.js";
import { W, plural } from "./words.js";

export const EVENT = decodeURIComponent(location.pathname.split("/")[2] || "");
const KEY = `koloda.event.${EVENT}`;

// The element builder the table pages use: h("div", {class: "x", onclick: f}, child, "text").
export { h };

// --- the fragment: #login=… (kept here, then removed from the address), #badge=… -----------

function fragment() {
  const out = {};
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    const [k, v] = part.split("=");
    if (k) out[k] = decodeURIComponent(v || "");
  }
  return out;
}

export const FRAG = fragment();
if (FRAG.login) {
  localStorage.setItem(`${KEY}.login`, FRAG.login);
}
if (location.hash) history.replaceState(null, "", location.pathname + location.search);

export function login() {
  return localStorage.getItem(`${KEY}.login`);
}

// --- language: Russian unless this device chose English --------------------------------------

// the same key as the other pages, so the duel page opened from here speaks the same language
export let lang = localStorage.getItem("koloda.lang") === "en" ? "en" : "ru";
localStorage.setItem("koloda.lang", lang);

export function t(key, ...args) {
  const entry = W[key];
  if (entry === undefined) return key;
  const v = entry[lang] ?? entry.en;
  return typeof v === "function" ? v(...args) : v;
}

export function langSwitch(onChange) {
  const box = h("div", { class: "lang", role: "group" });
  for (const l of ["ru", "en"]) {
    box.append(h("button", {
      type: "button", class: l === lang ? "on" : "", "aria-pressed": String(l === lang),
      "data-lang": l,
      onclick: () => {
        lang = l;
        localStorage.setItem("koloda.lang", l);
        document.documentElement.lang = l;
        onChange(l);
      },
    }, l === "ru" ? "РУС" : "ENG"));
  }
  return box;
}
document.documentElement.lang = lang;

// --- the server's clock --------------------------------------------------------------------

let offset = 0; // server time minus this device's time, from the last message

export function syncClock(serverNow) {
  if (typeof serverNow === "number") offset = serverNow - Date.now();
}

export function serverNow() {
  return Date.now() + offset;
}

function pad(n) {
  return String(n).padStart(2, "0");
}

// Clock times are the event's (its utc_offset_min option, as in the server's messages), not
// the phone's own time zone; until the server has said, the last one it said, else the phone's.
let zone = Number(localStorage.getItem(`${KEY}.zone`));
if (!Number.isFinite(zone) || localStorage.getItem(`${KEY}.zone`) === null) zone = -new Date().getTimezoneOffset();

export function setZone(minutes) {
  if (typeof minutes !== "number") return;
  zone = minutes;
  localStorage.setItem(`${KEY}.zone`, String(minutes));
}

export function clockTime(ms) {
  const d = new Date(ms + zone * 60000);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export function countdown(ms) {
  const left = Math.max(0, Math.floor((ms - serverNow()) / 1000));
  const hours = Math.floor(left / 3600);
  const mins = Math.floor((left % 3600) / 60);
  const secs = left % 60;
  return hours ? `${hours}:${pad(mins)}:${pad(secs)}` : `${pad(mins)}:${pad(secs)}`;
}

// --- names and cards -----------------------------------------------------------------------

export function nameOf(obs, id) {
  const p = (obs.people || []).find((q) => q.id === id);
  return p ? p.name : t("someone");
}

export function roleWord(role) {
  return t(`role_${role}`);
}

export function cardName(obs, serial) {
  const c = (obs.cards || {})[serial];
  if (!c) return serial;
  return lang === "ru" ? c.name_ru || c.name_en || c.key : c.name_en || c.key;
}

export function cardLine(obs, serial) {
  const c = (obs.cards || {})[serial] || {};
  const parts = [cardName(obs, serial)];
  if (c.item) parts.push(t("item"));
  else if (c.strength !== undefined && c.strength !== null) parts.push(t("strength", c.strength));
  if (c.deadly) parts.push(t("deadly"));
  return parts.join(" · ");
}

export function countCards(n) {
  return plural(lang, n, W.card_forms);
}

// the same in the accusative («выберите 1 карту»)
export function countCardsAcc(n) {
  return plural(lang, n, W.card_forms_acc);
}

// --- the connection --------------------------------------------------------------------------

export class Connection {
  constructor({ token, onState, onStatus }) {
    this.token = token;
    this.onState = onState;
    this.onStatus = onStatus;
    this.ws = null;
    this.open = false;
    this.waiting = new Map();
    this.next = 1;
    this.delay = 500;
    this.lastAt = null;
    this.connect();
    // a ping now and then keeps the server's time fresh (a phone's clock drifts, and a page
    // waking from sleep must not trust the offset it had)
    setInterval(() => {
      if (this.open) this.ws.send(JSON.stringify({ type: "ping" }));
    }, 30000);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.open) this.ws.send(JSON.stringify({ type: "ping" }));
      if (document.visibilityState === "visible" && !this.open) this.connect();
    });
  }

  connect() {
    if (this.ws && this.ws.readyState <= 1) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/events/${encodeURIComponent(EVENT)}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token || null, lang }));
    });
    ws.addEventListener("message", (m) => this.receive(JSON.parse(m.data)));
    ws.addEventListener("close", () => {
      if (this.ws !== ws || this.refused) return;
      this.open = false;
      for (const [, w] of this.waiting) w({ type: "error", code: "offline", message: t("offline_not_sent") });
      this.waiting.clear();
      this.onStatus(false, this.lastAt);
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 4000);
    });
  }

  receive(msg) {
    if (msg.now !== undefined) syncClock(msg.now);
    if (msg.type === "welcome") {
      this.info = msg.event || null;
      if (this.info && this.info.options) setZone(this.info.options.utc_offset_min);
      this.open = true;
      this.board = null; // a new connection sends both parts whole again
      this.own = null;
      this.delay = 500;
      this.onStatus(true, null);
    } else if (msg.type === "public" || msg.type === "private") {
      this.lastAt = msg.now;
      this.assemble(msg);
    } else if ((msg.type === "ack" || msg.type === "error") && msg.id !== undefined && this.waiting.has(msg.id)) {
      const w = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      w(msg);
    } else if (msg.type === "error") {
      if (msg.code === "bad_token") this.refused = true; // a login that opens no one: stop
      this.onStatus(this.open, this.lastAt, msg);
    }
  }

  // The view comes in two parts (docs/event-server.md, "Views on the socket"): "public",
  // the same for every login and the board (what changed, or whole when `full`; the log's
  // entries to everyone), and "private", this login's own part (what changed: keys replaced
  // whole in `view`, the entries of a master's piles and of the card faces in `merge`; its
  // other log entries).
  // The pages get one state: the observation is both parts together, the log both logs in
  // the event's order.
  assemble(msg) {
    if (msg.type === "public") {
      this.board = msg.full || !this.board ? { ...msg.board } : { ...this.board, ...msg.board };
      this.boardLog = msg.full || !this.boardLog ? msg.log : this.boardLog.concat(msg.log);
      this.boardVersion = msg.version;
    } else {
      const own = msg.full || !this.own ? { ...msg.view } : { ...this.own, ...msg.view };
      for (const [key, entries] of Object.entries(msg.merge || {})) {
        const part = { ...(own[key] || {}) }; // entry by entry; null: the entry is gone
        for (const [k, v] of Object.entries(entries)) {
          if (v === null) delete part[k];
          else part[k] = v;
        }
        own[key] = part;
      }
      this.own = own;
      this.ownLog = msg.full || !this.ownLog ? msg.log : this.ownLog.concat(msg.log);
      this.ownVersion = msg.version;
      this.who = msg.who;
    }
    if (!this.board || !this.own) return;
    const a = this.boardLog, b = this.ownLog, log = [];
    let i = 0, j = 0;
    while (i < a.length || j < b.length) {
      if (j >= b.length || (i < a.length && a[i].n < b[j].n)) log.push(a[i++]);
      else log.push(b[j++]);
    }
    this.onState({
      type: "state", event: msg.event, who: this.who, now: msg.now,
      version: Math.max(this.boardVersion, this.ownVersion),
      observation: { ...this.board, ...this.own }, log, log_from: 0, log_reset: true,
    });
  }

  setLang(l) {
    if (this.open) this.ws.send(JSON.stringify({ type: "lang", lang: l }));
  }

  // One operation; resolves with the ack or the refusal. Never queued while offline.
  act(action) {
    if (!this.open) {
      return Promise.resolve({ type: "error", code: "offline", message: t("offline_not_sent") });
    }
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ type: "op", action, id }));
    });
  }
}

// The last state seen, kept on this device for reading while out of range.
export function saveState(msg) {
  try {
    localStorage.setItem(`${KEY}.last`, JSON.stringify({ observation: msg.observation, now: msg.now, log: msg.log }));
  } catch (e) {
    /* storage full: the page still works */
  }
}

export function loadState() {
  try {
    return JSON.parse(localStorage.getItem(`${KEY}.last`) || "null");
  } catch (e) {
    return null;
  }
}

export async function getJSON(path) {
  const headers = login() ? { Authorization: `Bearer ${login()}` } : {};
  const r = await fetch(path, { headers });
  const body = await r.json();
  return { ok: r.ok, body };
}

// The connection line: «на связи», or «нет связи — показано состояние на 14:32».
export function statusLine(el, online, at) {
  el.textContent = online ? t("online") : (at ? t("offline_since", clockTime(at)) : t("offline"));
  el.className = online ? "conn on" : "conn off";
  document.body.dataset.online = online ? "1" : "0";
}

// Re-rendering keeps what the person was typing or had opened (inputs, selects, details).
export function keepForm(root, build) {
  const values = new Map();
  for (const el of root.querySelectorAll("input[id], select[id], textarea[id]")) values.set(el.id, el.value);
  const open = new Set([...root.querySelectorAll("details[id]")].filter((d) => d.open).map((d) => d.id));
  const focus = document.activeElement && document.activeElement.id;
  build();
  for (const [id, v] of values) {
    const el = document.getElementById(id);
    if (el && root.contains(el)) el.value = v;
  }
  for (const id of open) {
    const el = document.getElementById(id);
    if (el) el.open = true;
  }
  if (focus) {
    const el = document.getElementById(focus);
    if (el && el.tagName === "INPUT") el.focus();
  }
}
