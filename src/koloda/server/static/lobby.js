// The lobby: choose a game, its options and seats, create a table, hand out the links.
import { botLabel, errorText, getLang, h, langSwitch, plural, setLang, tr } from "/static/i18n.js";

let lang = getLang();
let games = [];
let created = null;

const root = document.getElementById("lobby");

function t(key) {
  return tr(lang, key);
}

function savedTables() {
  try {
    return JSON.parse(localStorage.getItem("koloda.hosted") || "[]");
  } catch {
    return [];
  }
}

function remember(table) {
  const list = savedTables().filter((x) => x.table !== table.table);
  list.unshift({ table: table.table, host_token: table.host_token, title: table.info.title,
    at: Date.now() });
  localStorage.setItem("koloda.hosted", JSON.stringify(list.slice(0, 20)));
}

async function load() {
  setLang(lang);
  const r = await fetch(`/api/games?lang=${lang}`);
  games = await r.json();
  render();
}

function optionInput(o) {
  const id = `opt-${o.name}`;
  let input;
  if (o.type === "bool") {
    input = h("input", { id, type: "checkbox", name: o.name, checked: !!o.default });
  } else if (o.choices) {
    const words = o.choice_labels || o.choices;
    input = h("select", { id, name: o.name },
      o.choices.map((c, i) => h("option", { value: c, selected: c === o.default }, words[i])));
  } else if (o.type === "int" || o.type === "float") {
    input = h("input", {
      id, type: "number", name: o.name, value: o.default,
      min: o.minimum ?? undefined, max: o.maximum ?? undefined,
      step: o.type === "int" ? 1 : "any",
    });
  } else if (o.name.endsWith("_json")) {
    input = h("textarea", { id, name: o.name, rows: 3 }, o.default ?? "");
  } else {
    input = h("input", { id, type: "text", name: o.name, value: o.default ?? "" });
  }
  input.dataset.type = o.type;
  let bounds = "";
  // a menu names each choice in words; numbers show their range
  if (!o.choices && (o.minimum !== null || o.maximum !== null)) bounds = `${o.minimum ?? ""}…${o.maximum ?? ""}`;
  return h("div", { class: "field" }, h("label", { for: id }, lang === "ru" ? o.ru : o.en), input,
    bounds ? h("small", {}, bounds) : null);
}

function seatRow(game, i) {
  const kind = h("select", { name: `kind-${i}`, "aria-label": `${t("seat")} ${i + 1}` },
    h("option", { value: "human", selected: i === 0 }, t("person")),
    h("option", { value: "bot", selected: i > 0 }, t("bot")));
  // the bots the server offers, each with its kind and named parameters (never split here)
  const choices = game.bot_choices || [];
  const plain = (c) => !Object.keys(c.params).length;
  const preferred = ["heuristic", "random"].map((k) => choices.find((c) => c.kind === k && plain(c)))
    .find(Boolean) || choices[0];
  const bot = h("select", { name: `bot-${i}`, "aria-label": `${t("bot")} ${i + 1}` },
    choices.map((c) => h("option", { value: c.spec, selected: c === preferred || undefined },
      botLabel(lang, c.kind, c.params))));
  bot.append(h("option", { value: "custom" }, t("bot_custom")));
  const custom = customBot(game, i);
  const name = h("input", { name: `name-${i}`, type: "text", maxlength: 40,
    placeholder: t("name"), "aria-label": `${t("name")} ${i + 1}` });
  const sync = () => {
    bot.hidden = kind.value !== "bot";
    name.hidden = kind.value === "bot";
    custom.hidden = kind.value !== "bot" || bot.value !== "custom";
  };
  kind.addEventListener("change", sync);
  bot.addEventListener("change", sync);
  sync();
  return h("li", { class: "seat-row" }, h("span", {}, `${t("seat")} ${i + 1}`), kind, bot, name, custom);
}

// «Свои параметры»: a bot kind and each of its parameters by name, described in words with its
// default (the server's bot_kinds; the spec is written by name, bot:KIND:NAME=VALUE)
function customBot(game, i) {
  const kinds = game.bot_kinds || [];
  const box = h("div", { class: "bot-custom", "data-seat": i });
  const kindSel = h("select", { name: `botkind-${i}`, "aria-label": `${t("bot_kind")} ${i + 1}` },
    kinds.map((k) => h("option", { value: k.kind }, botLabel(lang, k.kind, {}))));
  const fields = h("div", {});
  const draw = () => {
    const k = kinds.find((x) => x.kind === kindSel.value);
    fields.replaceChildren(...(k ? k.parameters : []).map((p) => {
      const id = `botparam-${i}-${p.name}`;
      return h("div", { class: "field" }, h("label", { for: id }, p[lang] || p.en),
        h("input", { id, name: id, type: "text", maxlength: 40, placeholder: p.default || "",
          "data-param": p.name }));
    }));
  };
  kindSel.addEventListener("change", draw);
  draw();
  box.append(h("div", { class: "field" }, h("label", { for: `botkind-${i}` }, t("bot_kind")), kindSel), fields);
  kindSel.id = `botkind-${i}`;
  return box;
}

// the spec of a seat's bot as the form gives it: a choice, or a kind with named parameters
function botSpec(form, i) {
  const chosen = form.elements[`bot-${i}`].value;
  if (chosen !== "custom") return chosen;
  const kind = form.elements[`botkind-${i}`].value;
  const box = form.querySelector(`.bot-custom[data-seat="${i}"]`);
  const parts = [...box.querySelectorAll("input[data-param]")]
    .filter((x) => x.value.trim()).map((x) => `:${x.dataset.param}=${x.value.trim()}`);
  return `bot:${kind}${parts.join("")}`;
}

function render() {
  root.replaceChildren();
  document.getElementById("lang").replaceChildren(langSwitch(lang, (l) => {
    lang = l;
    load();
  }));
  root.append(h("p", { class: "tagline" }, t("tagline")));
  root.append(renderQuick());
  if (created) root.append(renderCreated(created));
  root.append(h("details", { class: "panel more", id: "more", open: created ? true : undefined },
    h("summary", {}, h("strong", {}, t("advanced")), " — ", t("advanced_hint")),
    renderForm()));
  const hosted = savedTables();
  if (hosted.length) {
    root.append(h("section", { class: "panel" }, h("h2", {}, t("my_tables")),
      h("ul", { class: "hosted" }, hosted.map((x) => h("li", {},
        h("button", { type: "button", class: "link", onclick: () => showHosted(x) },
          `${x.title} · ${x.table}`))))));
  }
}

// Quick start: each game against bots with its usual settings, the person's seat opened at once
const QUICK = {
  duel: { players: 2, icon: "⚔" },
  nevermore: { players: 4, icon: "✒" },
  gwent: { players: 2, icon: "♔" },
};

function renderQuick() {
  const box = h("section", { class: "quick", id: "quick", "aria-label": t("quick_start") });
  box.append(h("h2", {}, t("quick_start")));
  const name = h("input", { id: "my-name", type: "text", maxlength: 40, autocomplete: "nickname",
    value: localStorage.getItem("koloda.name") || "", placeholder: t("your_name") });
  name.addEventListener("change", () => localStorage.setItem("koloda.name", name.value.trim()));
  box.append(h("div", { class: "field" }, h("label", { for: "my-name" }, t("your_name")), name));
  const error = h("p", { class: "error", role: "alert" });
  const list = h("div", { class: "quick-games" });
  for (const g of games) {
    const q = QUICK[g.name];
    if (!q) continue;
    const n = Math.min(g.max_players, Math.max(g.min_players, q.players));
    const bots = n - 1;
    list.append(h("article", { class: "panel quick-game", "data-game": g.name },
      h("h3", {}, h("span", { "aria-hidden": "true" }, `${q.icon} `), g.title),
      h("p", { class: "summary" }, g.summary),
      h("button", { type: "button", class: "primary", "data-quick": g.name, onclick: async (ev) => {
        ev.target.disabled = true;
        const seats = [{ kind: "human", name: name.value.trim() || null },
          ...Array.from({ length: bots }, () => ({ kind: "bot", bot: "bot:heuristic" }))];
        const r = await fetch("/api/tables", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ game: g.name, players: n, options: {}, seats, lang }),
        });
        const data = await r.json();
        ev.target.disabled = false;
        if (!r.ok) {
          error.textContent = data.code ? errorText(lang, data) : r.statusText;
          return;
        }
        remember(data);
        location.href = data.seats[0].link;
      } }, `${t("play_bots")} · ${botsWord(bots)}`)));
  }
  box.append(list, error);
  return box;
}

function botsWord(n) {
  const forms = lang === "ru"
    ? { one: "бот", few: "бота", many: "ботов", other: "бота" }
    : { one: "bot", other: "bots" };
  return plural(lang, n, forms);
}

async function showHosted(x) {
  const r = await fetch(`/api/tables/${x.table}/links`, { headers: { "X-Host-Token": x.host_token } });
  if (!r.ok) return;
  const links = await r.json();
  // the table's public info names its bots (kind and named parameters)
  const about = await fetch(`/api/tables/${x.table}?lang=${lang}`);
  const info = about.ok ? await about.json() : {};
  created = { ...links, info: { ...info, title: x.title } };
  render();
}

function renderForm() {
  const form = h("form", { class: "panel", id: "create" });
  const gameSel = h("select", { id: "game", name: "game" },
    games.map((g) => h("option", { value: g.name }, g.title)));
  const body = h("div", {});
  const players = h("input", { id: "players", type: "number", name: "players" });
  const redraw = () => {
    const g = games.find((x) => x.name === gameSel.value);
    if (!g) return;
    players.min = g.min_players;
    players.max = g.max_players;
    if (!players.value || +players.value < g.min_players || +players.value > g.max_players) {
      players.value = g.default_players;
    }
    const n = +players.value;
    body.replaceChildren(...[
      h("p", { class: "summary" }, g.summary),
      g.options.length ? h("fieldset", {}, h("legend", {}, t("options")),
        g.options.filter((o) => !o.name.endsWith("_json")).map(optionInput),
        g.options.some((o) => o.name.endsWith("_json"))
          ? h("details", { class: "own-data" }, h("summary", {}, t("own_data")),
            g.options.filter((o) => o.name.endsWith("_json")).map(optionInput))
          : null)
        : null,
      h("fieldset", {}, h("legend", {}, t("seats")),
        h("ol", { class: "seats-form" }, Array.from({ length: n }, (_, i) => seatRow(g, i)))),
    ].filter(Boolean));
  };
  gameSel.addEventListener("change", () => { players.value = ""; redraw(); });
  players.addEventListener("change", redraw);
  const error = h("p", { class: "error", role: "alert" });
  form.append(
    h("h2", {}, t("new_table")),
    h("div", { class: "field" }, h("label", { for: "game" }, t("game")), gameSel),
    h("div", { class: "field" }, h("label", { for: "players" }, t("players")), players),
    body,
    error,
    h("button", { type: "submit", class: "primary", id: "create-btn" }, t("create")),
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const g = games.find((x) => x.name === gameSel.value);
    const options = {};
    for (const o of g.options) {
      const el = form.elements[o.name];
      if (o.type === "bool") options[o.name] = el.checked;
      else if (o.type === "int") options[o.name] = parseInt(el.value, 10);
      else if (o.type === "float") options[o.name] = parseFloat(el.value);
      else options[o.name] = el.value;
    }
    const n = +players.value;
    const seats = Array.from({ length: n }, (_, i) => {
      const kind = form.elements[`kind-${i}`].value;
      return kind === "bot"
        ? { kind, bot: botSpec(form, i) }
        : { kind, name: form.elements[`name-${i}`].value || null };
    });
    const r = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: g.name, players: n, options, seats, lang }),
    });
    const data = await r.json();
    if (!r.ok) {
      error.textContent = data.code ? errorText(lang, data) : r.statusText;
      error.title = data.message || "";
      return;
    }
    remember(data);
    created = data;
    render();
    document.getElementById("created").scrollIntoView();
  });
  redraw();
  return form;
}

function copyButton(text) {
  const b = h("button", { type: "button" }, t("copy"));
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = t("copied");
    } catch {
      /* clipboard refused: the link is selectable */
    }
  });
  return b;
}

// a bot seat of a table just created, in words (the table's info names its kind and parameters)
function seatBot(data, s) {
  const info = (data.info && data.info.seats && data.info.seats[s.seat]) || {};
  return info.bot_kind ? botLabel(lang, info.bot_kind, info.bot_params) : "";
}

function renderCreated(data) {
  const abs = (p) => new URL(p, location.origin).href;
  return h("section", { class: "panel created", id: "created" },
    h("h2", {}, `${data.info.title} · ${data.table}`),
    h("p", {}, t("created")),
    h("ul", { class: "links" }, data.seats.map((s) => h("li", { class: "link-row" },
      h("strong", {}, `${t("seat")} ${s.seat + 1}: ${s.name}`),
      s.link
        ? [h("input", { type: "text", readonly: true, value: abs(s.link), "aria-label": t("invitation") }),
          copyButton(abs(s.link)),
          h("a", { href: s.link, class: "button", "data-seat": s.seat }, t("open_seat"))]
        : h("span", { class: "muted" }, `${t("bot")}: ${seatBot(data, s)}`)))),
    h("p", {}, t("spectator_link"), " ",
      h("a", { href: data.spectator, id: "spectator-link" }, abs(data.spectator))),
  );
}

load();
