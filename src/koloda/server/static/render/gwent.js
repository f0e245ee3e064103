// Gwent at the table («настольный гвинт»): cards drawn from the printed catalogue (value, suits,
// perk icons, names, trump), the exchange's stacks, points and damage, your hand; tap a card to
// see what you can do with it, every choice as a button in words.

import { num, plural } from "/static/i18n.js";

const SUITS = {
  close: { en: "Close", ru: "Мечи", icon: "⚔" },
  ranged: { en: "Ranged", ru: "Луки", icon: "➶" },
  siege: { en: "Siege", ru: "Осада", icon: "⚙" },
};
const PERKS = {
  bond: { en: "Tight bond", ru: "Братишки", icon: "⚭" },
  muster: { en: "Muster", ru: "Тупые братишки", icon: "⚑" },
  medic: { en: "Medic", ru: "Медик", icon: "✚" },
  spy: { en: "Spy", ru: "Шпион", icon: "◉" },
  specialist: { en: "Morale boost", ru: "Специалист", icon: "✜" },
  bard: { en: "Bard (horn)", ru: "Бард", icon: "♪" },
  ultima: { en: "Ultima (scorch)", ru: "Ультима", icon: "☠" },
  decoy: { en: "Decoy", ru: "Чучело", icon: "☃" },
  scorch: { en: "Scorch", ru: "Казнь", icon: "☄" },
};
const W = {
  en: {
    round: "Round", points_forms: { one: "point", other: "points" }, points: "Round points", damage: "Damage this round", deck: "deck", hand: "in hand",
    exchange: "Exchange", attacker: "attacker", defender: "defender", ap: "action points",
    stacks: "On the table", new: "new attack", stack: "stack", open: "open card", presses: "presses on",
    your_hand: "Your hand", neutrals: "Your neutral cards", discards: "Discards", trump: "trump",
    pick: "Tap a card to see what you can do with it, or choose below", play: "Play", on: "on",
    cover: "cover stack", with_decoy: "with Decoy", end: "End the action", pass: "Pass",
    name: "Name the suit", medic: "Medic: revive", spy: "Spy", scorch: "Scorch", throw: "Throw in",
    choose_deck: "Choose deck", att: "attacker's side", def: "defender's side", throw_in: "Throw-in",
    winners: "Winners", value: "value", named: "named suit", picked: "picked",
    throw_help: "Throw-in: tap the cards you throw in, then choose the side; or pass.",
    attack_help: "You attack: lay a card as a new attack (its whole value presses on the defender), cover a stack that presses on you, or end the action.",
    defend_help: "You defend: cover the open cards that press on you (the damage is the difference of values), or pass; the defender has the last word.",
    deck_help: "Choose your deck for this match.",
  },
  ru: {
    round: "Раунд", points_forms: { one: "очко", few: "очка", many: "очков" }, points: "Очки раундов", damage: "Урон в раунде", deck: "колода", hand: "в руке",
    exchange: "Гейм", attacker: "атакует", defender: "защищается", ap: "очки действий",
    stacks: "На столе", new: "новая атака", stack: "стопка", open: "открытая карта", presses: "давит на",
    your_hand: "Ваша рука", neutrals: "Ваши нейтральные карты", discards: "Сброс", trump: "козырь",
    pick: "Нажмите карту, чтобы увидеть ходы с ней, или выберите ниже", play: "Сыграть", on: "на",
    cover: "покрыть стопку", with_decoy: "с Чучелом", end: "Закончить действие", pass: "Пас",
    name: "Назначить масть", medic: "Медик: вернуть", spy: "Шпион", scorch: "Казнь", throw: "Подбросить",
    choose_deck: "Выбрать колоду", att: "сторона атакующего", def: "сторона защитника", throw_in: "Подбрасывание",
    winners: "Победители", value: "сила", named: "назначенная масть", picked: "выбрано",
    throw_help: "Подбрасывание: нажмите карты, которые подбрасываете, затем выберите сторону; или пас.",
    attack_help: "Вы атакуете: выложите карту новой атакой (всё её значение давит на защитника), покройте стопку, которая давит на вас, или закончите действие.",
    defend_help: "Вы защищаетесь: покройте открытые карты, которые давят на вас (урон — разница значений), или пас; последнее слово за защитником.",
    deck_help: "Выберите колоду на эту партию.",
  },
};

let catalogue = null;
let loading = null;
const ui = { key: null, card: null, picked: new Set() };

// The page says it is still loading (data-loading on <body>, for tests and assistive tools)
// until the catalogue has come; meanwhile cards show an ellipsis, not their ids.
function ensureCatalogue(ctx) {
  if (catalogue || loading) return;
  document.body.dataset.loading = "1";
  const done = (data) => {
    catalogue = data;
    delete document.body.dataset.loading;
    ctx.rerender();
  };
  loading = fetch("/api/games/gwent/cards").then((r) => r.json()).then(done)
    .catch(() => done({}));
}

function face(instance) {
  const id = String(instance).split("#")[0];
  return catalogue ? catalogue[id] : null;
}

function nameOf(instance, lang) {
  const f = face(instance);
  if (f) return lang === "ru" ? f.name_ru : f.name_en;
  return catalogue ? instance : "…";
}

function cardEl(h, instance, lang, opts = {}) {
  const f = face(instance);
  const classes = ["card", "gw"];
  if (opts.selected) classes.push("selected");
  if (opts.small) classes.push("small");
  let body;
  if (!f) {
    body = [h("span", { class: "name" }, catalogue ? instance : "…")];
  } else {
    if (f.trump) classes.push("trump");
    body = [
      h("span", { class: "type" }, f.suits.map((s) => (SUITS[s] ? `${SUITS[s].icon} ${SUITS[s][lang]}` : s)).join(" / ")
        || (lang === "ru" ? "Особая" : "Special")),
      h("span", { class: "value", title: W[lang].value }, f.suits.length ? f.value : "★", f.trump ? h("small", { title: W[lang].trump }, " ♔") : null),
      h("span", { class: "name" }, lang === "ru" ? f.name_ru : f.name_en),
      h("span", { class: "perks" }, f.perks.map((p) => h("span", { title: PERKS[p] ? PERKS[p][lang] : p },
        `${PERKS[p] ? PERKS[p].icon : ""} ${PERKS[p] ? PERKS[p][lang] : p} `))),
    ];
  }
  const label = f ? `${lang === "ru" ? f.name_ru : f.name_en}${f.suits.length ? `, ${f.value}` : ""}` : instance;
  if (opts.onclick) {
    return h("button", { type: "button", class: classes.join(" "), onclick: opts.onclick, disabled: opts.disabled,
      "aria-pressed": opts.selected ? "true" : "false", "aria-label": label, "data-card": instance,
      "data-key": `gw:${instance}` }, body);
  }
  return h("div", { class: classes.join(" "), role: "img", "aria-label": label, "data-card": instance }, body);
}

const FACTIONS = {
  northern_realms: { en: "Northern Realms", ru: "Королевства Севера" },
  nilfgaard: { en: "Nilfgaard", ru: "Нильфгаард" },
  scoiatael: { en: "Scoia'tael", ru: "Скоя'таэли" },
  monsters: { en: "Monsters", ru: "Чудовища" },
  custom: { en: "custom", ru: "своя" },
};

function factionName(deck, lang) {
  return FACTIONS[deck] ? FACTIONS[deck][lang] : deck;
}

// the damage a play leaves on its stack (the server's preview, worked out on a copy)
function previewEl(h, a, lang) {
  const p = a.fields && a.fields.preview;
  if (!p) return null;
  if (p.now) return sidesEl(h, p, lang);
  const n = num(lang, p.damage);
  const words = lang === "ru"
    ? (p.damage ? (p.against === "you" ? `урон ${n} вам` : `урон ${n} сопернику`) : "в ноль")
    : (p.damage ? (p.against === "you" ? `${n} damage to you` : `${n} damage to them`) : "to zero");
  return h("small", { class: `preview ${p.against}`, "data-preview": String(p.damage) }, ` · ✖ ${words}`);
}

// what another choice (a revival, a trump, an execution, a spy, a throw-in) does to the damage
// on each side: "damage to you 5 → 2" for each side it changes
function sidesEl(h, p, lang) {
  const ru = lang === "ru";
  const whom = (side) => {
    if (p.mine === side) return ru ? "вам" : "to you";
    if (p.mine === 0 || p.mine === 1) return ru ? "сопернику" : "to them";
    return side === 0 ? (ru ? "атакующему" : "to the attacker") : (ru ? "защищающемуся" : "to the defender");
  };
  const parts = [0, 1].filter((side) => p.was[side] !== p.now[side]).map((side) =>
    `${ru ? "урон" : "damage"} ${whom(side)} ${num(lang, p.was[side])} → ${num(lang, p.now[side])}`);
  const good = p.mine === null ? "" : (p.now[p.mine] <= p.was[p.mine] ? " them" : " you");
  return h("small", { class: `preview${good}`, "data-preview": p.now.join(" ") }, ` · ✖ ${parts.join(", ")}`);
}

// the end-of-exchange summary (table.js): an exchange («гейм») from its start to the damage
// recorded and what followed from it (the next attacker, the round's points)
export const steps = {
  open: ["GwentExchangeStarted"],
  next: ["GwentRoundStarted"],
  close: ["GwentExchangeEnded"],
  title: (entry, lang, entries) => {
    const started = entries.find((e) => e.event.kind === "GwentExchangeStarted");
    const n = started ? ` ${started.event.number}` : "";
    const round = entries.some((e) => e.event.kind === "GwentRoundEnded");
    if (lang === "ru") return `Итоги гейма${n}${round ? " и раунда" : ""}`;
    return `Exchange${n}${round ? " and round" : ""}: the result`;
  },
  // each player's round points and damage as they stand now
  scores: (view, lang, seatName) => {
    const obs = view.observation || {};
    const w = W[lang] || W.en;
    return Array.from({ length: obs.players || 0 }, (_, i) =>
      `${seatName(i)}: ★ ${plural(lang, obs.points[i], w.points_forms)}, ✖ ${num(lang, obs.damage[i])}`).join(" · ");
  },
};

export function render(ctx) {
  const { h, view, lang, act, pending, seatName } = ctx;
  ensureCatalogue(ctx);
  const w = W[lang] || W.en;
  const obs = view.observation;
  const me = view.seat;
  const key = `${view.version}`;
  if (ui.key !== key) { ui.key = key; ui.card = null; ui.picked = new Set(); }
  const board = h("section", { class: "panel gwent" });
  board.append(h("div", { class: "score-line" }, h("span", {}, `${w.round} ${obs.round}`),
    obs.exchange ? h("span", {}, `${w.exchange} ${obs.exchange.number}`) : null));
  board.append(h("div", { class: "players" }, Array.from({ length: obs.players }, (_, i) => h("div", {
    class: `player${i === me ? " mine" : ""}${obs.to_act.includes(i) ? " acting" : ""}`, "data-seat": i,
  },
  h("strong", {}, seatName(i)),
  h("div", { class: "stats" },
    h("span", {}, `${w.deck}: ${obs.decks[i] ? factionName(obs.decks[i], lang) : "…"}`),
    h("span", { title: w.points }, `★ ${obs.points[i]}`),
    h("span", { title: w.damage }, `✖ ${num(lang, obs.damage[i])}`),
    h("span", { title: w.hand }, `🂠 ${obs.hand_counts[i]}`),
    obs.exchange && obs.exchange.attacker === i ? h("span", {}, `⚔ ${w.attacker} · ${w.ap} ${obs.exchange.ap[0]}`) : null,
    obs.exchange && obs.exchange.defender === i ? h("span", {}, `◈ ${w.defender} · ${w.ap} ${obs.exchange.ap[1]}`) : null),
  obs.discards[i] && obs.discards[i].length ? h("details", {}, h("summary", {}, `${w.discards} (${obs.discards[i].length})`),
    h("div", { class: "cards" }, obs.discards[i].map((c) => cardEl(h, c, lang, { small: true })))) : null))));

  const ex = obs.exchange;
  if (ex && ex.stacks.length) {
    board.append(h("div", { class: "zone" }, h("h3", {}, w.stacks),
      h("div", { class: "stacks" }, ex.stacks.map((s) => h("div", { class: "stack", "data-stack": s.id },
        h("div", {}, h("strong", {}, `${w.stack} ${s.id}`), ` · ${seatName(s.owner)}`,
          s.damage ? ` · ✖ ${num(lang, s.damage)} → ${s.presses_on === 0 ? w.attacker : w.defender}` : " · ✓"),
        h("div", { class: "cards" }, s.layers.flatMap((layer) => layer.cards.map((c) => cardEl(h, c, lang, { small: true })))))))));
  }
  if (ex && ex.named && ex.named.some(Boolean)) {
    board.append(h("p", {}, `${w.named}: ${ex.named.map((n) => (n && SUITS[n] ? SUITS[n][lang] : "—")).join(" / ")}`));
  }
  if (obs.throw_in) board.append(h("p", {}, `${w.throw_in}: ${obs.throw_in.seats.map(seatName).join(", ")}`));
  if (obs.winners && obs.winners.length && !view.finished) {
    board.append(h("p", { class: "verdict" }, `${w.winners}: ${obs.winners.map(seatName).join(", ")}`));
  }

  let controls = null;
  if (obs.hand) {
    const acts = view.actions || [];
    const throws = acts.filter((a) => a.kind === "throw");
    const throwing = throws.length > 0;
    const cardsOf = (a) => [a.fields.card, a.fields.decoy, a.fields.target,
      ...(a.fields.cards || []), ...(a.fields.targets || [])].filter(Boolean);
    const usable = new Set(acts.flatMap(cardsOf));
    board.append(h("div", { class: "zone", "data-zone": "mine" }, h("h3", {}, w.your_hand),
      h("div", { class: "cards" }, obs.hand.map((c) => cardEl(h, c, lang, {
        selected: throwing ? ui.picked.has(c) : ui.card === c,
        onclick: acts.length ? () => {
          if (throwing) {
            if (ui.picked.has(c)) ui.picked.delete(c); else ui.picked.add(c);
          } else {
            ui.card = ui.card === c ? null : c;
          }
          ctx.rerender();
        } : undefined,
        disabled: pending || !usable.has(c),
      })))));
    if (obs.my_neutrals && obs.my_neutrals.length) {
      board.append(h("details", { class: "zone" }, h("summary", {}, w.neutrals),
        h("div", { class: "cards" }, obs.my_neutrals.map((c) => cardEl(h, c, lang, { small: true })))));
    }
    const button = (a, i, primary) => h("button", {
      type: "button", class: `action${primary ? " primary" : ""}`, "data-action": a.text, "data-kind": a.kind,
      "data-key": `gwa:${a.text}`, "data-shortcut": i < 9 ? String(i + 1) : undefined,
      disabled: pending, onclick: () => act(a.text),
    }, i < 9 ? h("kbd", {}, String(i + 1)) : null, a.label, previewEl(h, a, lang));
    if (throwing) {
      // a throw-in: pick the cards, then confirm on a side (every combination is an action;
      // only those of the cards picked are shown)
      const same = throws.filter((a) => a.fields.cards.length === ui.picked.size
        && a.fields.cards.every((c) => ui.picked.has(c)));
      const others = acts.filter((a) => a.kind !== "throw");
      const shown = [...same, ...others];
      controls = h("div", { class: "controls" },
        h("span", { class: "help", "data-help": "throw" }, w.throw_help),
        h("span", { class: "muted" }, `${w.picked}: ${ui.picked.size}`),
        shown.map((a, i) => button(a, i, a.kind === "throw")));
    } else if (acts.length) {
      const shown = ui.card ? acts.filter((a) => cardsOf(a).includes(ui.card))
        : acts.filter((a) => a.kind !== "play" || acts.length <= 12);
      const role = acts.some((a) => a.kind === "deck") ? w.deck_help
        : ex && ex.attacker === me ? w.attack_help : ex && ex.defender === me ? w.defend_help : "";
      if (role) board.append(h("p", { class: "help", "data-help": "role" }, role));
      controls = h("div", { class: "controls" }, ui.card ? null : h("span", { class: "help" }, w.pick),
        shown.slice(0, 30).map((a, i) => button(a, i, false)));
    }
  }
  return { board, actions: controls || (obs.hand ? h("div", {}) : null) };
}
