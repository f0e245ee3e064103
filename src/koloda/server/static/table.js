// The table page: one WebSocket for this seat (or a spectator), the seat's view rendered by the
// game's renderer (or the generic one), the log in words, the end-of-game summary.
//
// The seat's secret token comes from the URL fragment (#seat=…), never sent in an HTTP request;
// it is remembered per table in localStorage so reloading or reopening the page restores the seat.
import { botLabel, errorText, getLang, h, langSwitch, num, setLang, tr } from "/static/i18n.js";
import * as generic from "/static/render/generic.js";
import { SCORING, howtoPanel } from "/static/howto.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const params = new URLSearchParams(location.hash.slice(1));
const storageKey = `koloda.seat.${tableId}`;
const autoKey = `koloda.auto.${tableId}`;
let token = params.get("seat");
if (token) localStorage.setItem(storageKey, token);
else if (!params.has("watch")) token = localStorage.getItem(storageKey);

// a link back to the page that opened this table (an event's person page: #…&back=/e/ID),
// kept per table so a reload keeps it; only a path of an event on this same site
const backKey = `koloda.back.${tableId}`;
if (/^\/e\/[A-Za-z0-9_-]{1,64}$/.test(params.get("back") || "")) localStorage.setItem(backKey, params.get("back"));
const backTo = localStorage.getItem(backKey);

let lang = getLang();
let ws = null;
let view = null;
let table = null;
let logEntries = [];
// the log entries that came with the last change: what the others just did
let fresh = [];
let pending = false;
// the end-of-round summary the person closed (or acted after): [match, log entry n]
let summarySeen = null;
let renderer = generic;
let rendererFor = null;
let nextId = 1;
let retry = 0;
let fatal = false;
let inbox = Promise.resolve();

const $ = (id) => document.getElementById(id);
const t = (key) => tr(lang, key);

let statusKey = "connecting";
let statusText = null;

// a word of the connection's state (kept as a key so a language switch translates it)
function status(key, text = null) {
  statusKey = key;
  statusText = text;
  $("status").textContent = text || t(key);
}

function showError(message, code = "") {
  $("error").textContent = message || "";
  $("error").dataset.code = message ? code : "";
}

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

function act(text) {
  if (!view || pending) return;
  pending = true;
  fresh = [];
  const shown = roundSummary();
  if (shown) summarySeen = [view.match, shown.close.n];
  showError("");
  send({ type: "act", action: text, version: view.version, id: nextId++ });
  render();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  status(retry ? "reconnecting" : "connecting");
  ws.onopen = () => {
    retry = 0;
    send({ type: "hello", token: token || null, lang });
  };
  // one message at a time: a view must not be drawn while its game's renderer still loads
  // (it would flash the generic tree of raw keys)
  ws.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    inbox = inbox.then(() => onMessage(m)).catch((err) => console.error(err));
  };
  ws.onclose = (ev) => {
    if (ev.code === 4403 || ev.code === 4404 || ev.code === 4400) {
      fatal = true;
      if (ev.code === 4403) localStorage.removeItem(storageKey);
      return;
    }
    if (fatal) return;
    status("reconnecting");
    retry += 1;
    setTimeout(connect, Math.min(5000, 300 * retry));
  };
}

async function loadRenderer(game) {
  if (rendererFor === game) return;
  rendererFor = game;
  try {
    // the game's own renderer, from where its spec says (404: none, the generic one draws it)
    renderer = await import(`/games/${encodeURIComponent(game)}/page.js`);
  } catch {
    renderer = generic;
  }
}

async function onMessage(m) {
  if (m.type === "welcome") {
    table = m.table;
    status("connected");
    await loadRenderer(table.game);
    if (m.seat !== null && localStorage.getItem(autoKey) === "1") send({ type: "auto", on: true, id: nextId++ });
  } else if (m.type === "table") {
    table = m.table;
  } else if (m.type === "state") {
    // «Только что»: everything since this seat's own last move (the others' moves, reveals)
    if (m.log_reset) {
      fresh = view && view.match === m.match ? fresh.concat(m.log.slice(logEntries.length)) : [];
      logEntries = m.log;
    } else {
      fresh = fresh.concat(m.log);
      logEntries = logEntries.concat(m.log);
    }
    fresh = fresh.slice(-8);
    view = m;
    pending = false;
  } else if (m.type === "ack") {
    pending = false;
  } else if (m.type === "error") {
    pending = false;
    if (m.code === "bad_token" || m.code === "unknown_table" || m.code === "broken_table") {
      // the page cannot go on: «Ошибка» above, the reason once below it
      fatal = true;
      status("error");
      const why = errorText(lang, m);
      showError(why.charAt(0).toUpperCase() + why.slice(1), m.code);
    } else {
      showError(`${t("error")}: ${errorText(lang, m)}`, m.code);
    }
  }
  render();
}

function seatName(i) {
  return table && table.seats[i] ? table.seats[i].name : `${t("seat")} ${i + 1}`;
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
  if (!table) return;
  const toAct = view ? view.to_act : [];
  // games name the seats that chose face down in this step "decided" or "committed"
  const obs = view ? view.observation || {} : {};
  const marks = [obs.decided, obs.committed].find((x) => Array.isArray(x)) || [];
  for (const s of table.seats) {
    const mine = view && view.seat === s.seat;
    const acting = toAct.includes(s.seat);
    box.append(h("div", {
      class: `seat${mine ? " mine" : ""}${acting ? " acting" : ""}`,
      "data-seat": s.seat,
    },
    h("span", { class: `dot ${s.online ? "on" : "off"}`, title: s.online ? t("online") : t("offline") }),
    h("strong", {}, s.name),
    s.kind === "bot" ? h("small", {}, ` ${t("bot")}: ${botLabel(lang, s.bot_kind, s.bot_params)}`) : null,
    acting ? h("em", {}, ` · ${t("to_act")}…`) : null,
    !acting && marks.includes(s.seat) ? h("em", {}, ` · ✓ ${t("decided")}`) : null,
    table.matches_played ? h("small", { class: "total" }, ` Σ ${num(lang, table.totals[s.seat])}`) : null,
    mine ? h("button", { type: "button", class: "link rename", "aria-label": t("rename"), title: t("rename"),
      "data-key": "rename", onclick: () => {
        const name = prompt(t("name"), s.name);
        if (name && name.trim()) send({ type: "name", name: name.trim().slice(0, 40), id: nextId++ });
      } }, " ✎") : null));
  }
}

function renderTurn() {
  const el = $("turn");
  if (!view) { el.textContent = ""; return; }
  if (view.finished) { el.textContent = t("game_over"); return; }
  const me = view.seat;
  const others = view.to_act.filter((s) => s !== me).map(seatName);
  let text = "";
  if (me === null) text = `${t("spectator")}. `;
  else text = `${t("you_are")} ${seatName(me)}. `;
  if (me !== null && view.to_act.includes(me)) {
    text += `${t("your_turn")}!`;
    if (others.length) text += ` · ${t("also_choosing")}: ${others.join(", ")}`;
  } else if (others.length) {
    text += `${t("waiting")}: ${others.join(", ")}`;
  } else {
    text += t("not_your_turn");
  }
  el.textContent = text;
  el.className = `turn${me !== null && view.to_act.includes(me) ? " mine" : ""}`;
}

function renderResult() {
  const box = $("result");
  if (!view || !view.finished || !view.result) { box.hidden = true; return; }
  box.hidden = false;
  const r = view.result;
  const winners = r.winners.map(seatWho);
  box.replaceChildren(...[
    h("h2", {}, t("game_over")),
    h("p", { class: "verdict" }, winners.length
      ? `${winners.length > 1 ? t("winners") : t("winner")}: ${winners.join(", ")}`
      : t("draw")),
    // the game's own words for the outcome in this page's language (the server's summary_text,
    // players named as the table names them), when it has them
    summaryText(r) ? h("p", { class: "summary", id: "summary" }, summaryText(r)) : null,
    table && SCORING[table.game]
      ? h("p", { class: "muted scoring" }, SCORING[table.game][lang] || SCORING[table.game].en) : null,
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, t("player")), h("th", {}, t("score")),
      h("th", {}, t("rank")), table && table.matches_played ? h("th", {}, t("totals")) : null)),
    h("tbody", {}, r.scores.map((sc, i) => h("tr", {}, h("td", {}, seatWho(i)), h("td", {}, num(lang, sc)),
      h("td", {}, r.ranks[i]),
      table && table.matches_played ? h("td", {}, num(lang, table.totals[i] + sc)) : null)))),
    againBox(),
  ].filter(Boolean));
}

// «Сыграть ещё»: a new match starts once every person seated has asked; until then everyone
// keeps this end screen and sees who has asked and who is still awaited
function againBox() {
  const agreed = (table && table.again) || [];
  const people = table ? table.seats.filter((s) => s.kind === "human").map((s) => s.seat) : [];
  const waiting = people.filter((s) => !agreed.includes(s));
  const asked = view.seat !== null && agreed.includes(view.seat);
  const parts = [];
  if (view.seat !== null) {
    parts.push(h("button", { type: "button", class: "primary", id: "again", "data-key": "again",
      disabled: asked || undefined, "aria-pressed": asked ? "true" : "false",
      onclick: () => send({ type: "again", id: nextId++ }) },
    asked ? `✓ ${t("play_again")}` : t("play_again")));
  }
  if (agreed.length) {
    parts.push(h("p", { class: "again-who", id: "again-who" },
      `${t("again_agreed")}: ${agreed.map(seatWho).join(", ")}`,
      waiting.length ? ` · ${t("waiting")}: ${waiting.map(seatWho).join(", ")}` : ""));
  } else if (people.length > 1 && view.seat !== null) {
    parts.push(h("p", { class: "muted" }, t("again_everyone")));
  }
  return parts.length ? h("div", { class: "again" }, parts) : null;
}

function summaryText(r) {
  if (r.text !== undefined) return r.text || "";
  return (lang === "ru" ? r.summary_ru : r.summary) || "";
}

function seatWho(i) {
  return view && view.seat === i ? `${seatName(i)} (${t("you")})` : seatName(i);
}

function renderRecent() {
  const box = $("recent");
  const inSummary = new Set(((roundSummary() || {}).entries || []).map((e) => e.n));
  const shown = fresh.filter((e) => !inSummary.has(e.n)).slice(-6);
  if (!view || !shown.length) { box.replaceChildren(); return; }
  box.replaceChildren(h("h2", {}, t("just_now")),
    h("ul", {}, shown.map((e) => h("li", { "data-kind": e.event.kind }, e.text))));
}

// «Итоги»: when a round of the duel, a step of Nevermore or an exchange of Gwent ends, the
// entries of the seat's own log from the step's first move to its end and what followed from
// it (damage, points, the next attacker), until the next step's first move. The renderer says
// which events open and close a step (its `steps`: {open: [kinds], close: [kinds], next:
// [kinds that end what follows a step besides the next opening],
// title(closing entry, lang, the step's entries), scores(view, lang, seatName): the standings
// in a line, optional}). Shown until the person closes it or takes their next decision.
function roundSummary() {
  const steps = renderer.steps;
  if (!steps || !view) return null;
  let close = -1;
  for (let i = logEntries.length - 1; i >= 0; i -= 1) {
    if (steps.close.includes(logEntries[i].event.kind)) { close = i; break; }
  }
  if (close < 0) return null;
  const entry = logEntries[close];
  if (summarySeen && summarySeen[0] === view.match && summarySeen[1] === entry.n) return null;
  // from the step's first move after the previous step's end…
  let start = close;
  while (start > 0 && !steps.close.includes(logEntries[start - 1].event.kind)) start -= 1;
  const first = start;
  while (start < close && !steps.open.includes(logEntries[start].event.kind)) start += 1;
  if (start === close) start = first;  // no move opened it (a round's end): all since the last
  // …to the next step's first move (or the next round's start)
  const stop = steps.open.concat(steps.next || []);
  let end = close + 1;
  while (end < logEntries.length && !stop.includes(logEntries[end].event.kind)) end += 1;
  const entries = logEntries.slice(start, end);
  return { close: entry, title: steps.title(entry, lang, entries), entries,
    scores: steps.scores ? steps.scores(view, lang, seatName) : "" };
}

function renderSummary() {
  const box = $("summary-box");
  const found = roundSummary();
  document.body.dataset.summary = found ? String(found.close.n) : "";
  if (!found) { box.hidden = true; box.replaceChildren(); return false; }
  const isNew = box.hidden || box.dataset.close !== String(found.close.n);
  box.hidden = false;
  box.dataset.close = String(found.close.n);
  box.setAttribute("aria-label", found.title);
  box.replaceChildren(
    h("h2", {}, found.title),
    h("ul", {}, found.entries.map((e) => h("li", {
      "data-kind": e.event.kind, class: e.n === found.close.n ? "outcome" : undefined,
    }, e.text))),
    found.scores ? h("p", { class: "scores" }, found.scores) : "",
    h("button", { type: "button", class: "link", id: "summary-close", "data-key": "summary-close",
      onclick: () => { summarySeen = [view.match, found.close.n]; render(); } }, t("got_it")));
  // a new summary is brought into view, clear of the bar of choices at the bottom of a phone's
  // screen (its scroll margin is the bar's height: koloda.css); render() scrolls once the whole
  // page is laid out, and keeps a summary that was on screen whole so when it grows
  return isNew;
}

// the seat's automatic passes, for games that have them (the renderer's autoPass words)
function renderAuto() {
  const box = $("auto");
  const words = renderer.autoPass;
  if (!words || !view || view.seat === null) { box.replaceChildren(); return; }
  const on = localStorage.getItem(autoKey) === "1";
  const input = h("input", { type: "checkbox", id: "auto-pass", checked: on || undefined,
    onchange: (ev) => {
      localStorage.setItem(autoKey, ev.target.checked ? "1" : "");
      send({ type: "auto", on: ev.target.checked, id: nextId++ });
    } });
  box.replaceChildren(h("label", { for: "auto-pass", class: "auto" }, input, ` ${words[lang] || words.en}`));
}

function renderLog() {
  const box = $("log");
  const newest = new Set(fresh.map((e) => e.n));
  const list = h("ol", { class: "entries", start: 1, tabindex: 0, "aria-label": t("log") },
    logEntries.map((e) => h("li", { "data-kind": e.event.kind, class: newest.has(e.n) ? "fresh" : undefined }, e.text)));
  box.hidden = fatal && !logEntries.length;  // (a table that cannot be opened has no log)
  box.replaceChildren(h("h2", {}, t("log")), list);
  list.scrollTop = list.scrollHeight;
}

// whether the summary is on screen whole, clear of the bar of choices (kept so across a render)
function summaryClear() {
  const box = $("summary-box");
  if (box.hidden) return false;
  const r = box.getBoundingClientRect();
  const bar = $("actions").getBoundingClientRect();
  const bottom = bar.height > 0 ? Math.min(bar.top, window.innerHeight) : window.innerHeight;
  return r.top >= 0 && r.bottom <= bottom + 1;
}

function render() {
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.key : null;
  const summaryWasClear = summaryClear();
  const myTurnNow = view && view.seat !== null && view.to_act.includes(view.seat) && !view.finished;
  document.title = `${myTurnNow ? `● ${t("your_turn")} · ` : ""}${table ? table.title : ""} · Koloda`;
  $("seats").setAttribute("aria-label", t("seats"));
  $("actions").setAttribute("aria-label", t("actions"));
  $("recent").setAttribute("aria-label", t("just_now"));
  $("title").textContent = table ? `· ${table.title}` : "";
  if (backTo) {
    const back = $("back") || h("a", { id: "back", class: "back", href: backTo });
    back.textContent = lang === "ru" ? "← Моя страница игры" : "← My event page";
    if (!back.isConnected) $("lang").before(back);
  }
  $("lang").replaceChildren(langSwitch(lang, (l) => {
    lang = l;
    setLang(l);
    send({ type: "lang", lang: l });
  }));
  // facts for tests and assistive tools
  const ds = document.body.dataset;
  ds.version = view ? String(view.version) : "";
  ds.pending = pending ? "1" : "";
  ds.finished = view && view.finished ? "1" : "";
  const obs = (view && view.observation) || {};
  ds.phase = view ? String(obs.phase || obs.stage || (obs.exchange ? "exchange" : "")
    || (view.finished ? "over" : "")) : "";
  ds.myTurn = view && view.seat !== null && view.to_act.includes(view.seat) ? "1" : "";
  $("status").textContent = statusText || t(statusKey);
  renderSeats();
  renderTurn();
  renderResult();
  if (view && table) {
    const ctx = { view, table, lang, t, h, act, pending, seatName, rerender: render };
    let out;
    try {
      out = renderer.render(ctx);
    } catch (err) {
      console.error(err);
      out = generic.render(ctx);
    }
    $("board").replaceChildren(out.board || "");
    const actions = [];
    if (out.actions && out.actions.childNodes.length) actions.push(out.actions);
    if (generic.debugOn() && (view.legal.length || view.seat !== null)) {
      actions.push(generic.actionList(ctx, { open: false }));
    }
    $("actions").replaceChildren(...actions);
    if (view.bot_error) {
      showError(lang === "en" ? `${t("bot_failed")}: ${view.bot_error}` : t("bot_failed"),
        "bot_failed");
    }
    if (table.read_only) showError(table.read_only, "read_only");  // stored under other rules
  }
  const summaryToShow = renderSummary();
  renderRecent();
  renderAuto();
  if (table && !$("howto").dataset.game) {
    $("howto").dataset.game = table.game;
    $("howto").dataset.lang = lang;
    $("howto").replaceChildren(howtoPanel(h, table.game, lang, t) || "");
  } else if (table && $("howto").dataset.lang !== lang) {
    $("howto").dataset.lang = lang;
    $("howto").replaceChildren(howtoPanel(h, table.game, lang, t) || "");
  }
  renderLog();
  if (focused) {
    const again = document.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
  if ((summaryToShow || (summaryWasClear && !summaryClear())) && $("summary-box").scrollIntoView) {
    $("summary-box").scrollIntoView({ block: "nearest" });
  }
}

document.addEventListener("keydown", (ev) => {
  const tag = (ev.target && ev.target.tagName) || "";
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (/^[1-9]$/.test(ev.key)) {
    const buttons = document.querySelectorAll("#actions [data-shortcut]");
    const b = [...buttons].find((x) => x.dataset.shortcut === ev.key);
    if (b && !b.disabled) {
      ev.preventDefault();
      b.click();
    }
  }
});

setLang(lang);
render();
connect();
