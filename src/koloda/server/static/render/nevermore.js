// Nevermore («Невермор»): suits as coloured cards, the players' health, victory points and
// form, the face-down table, your hand and magic cards with their text; drafting by tapping the
// cards to pass; every other choice as a button in words. Everything comes from the observation.

import { plural } from "/static/i18n.js";

const SUITS = {
  attack: { en: "Attack", ru: "Атака", icon: "⚔", color: "#b3261e" },
  healing: { en: "Healing", ru: "Лечение", icon: "♥", color: "#2c7a3f" },
  radiance: { en: "Radiance", ru: "Сияние", icon: "✺", color: "#806200" },
  victory: { en: "Victory", ru: "Победа", icon: "♛", color: "#1f5fa8" },
  raven: { en: "Raven", ru: "Ворон", icon: "✒", color: "#333" },
};
// resolution steps that are not a suit
const STEPS = { skulking: { en: "Skulking ravens", ru: "Скрытые вороны" } };
const W = {
  en: {
    round: "Round", stage: "Stage", direction: "passing", left: "to the left", right: "to the right",
    pass_no: "pass", tokens: "Tokens", step: "now", health: "health", vp: "VP", form: "form",
    human: "human", raven: "raven", shield: "shield", hand: "in hand", light: "Light", shadow: "Shadow",
    table: "on the table", your_hand: "Your hand", your_magic: "Your magic", pass_n: (n) => `Choose ${plural("en", n, { one: "card", other: "cards" })} to pass`,
    pass: (n) => `Pass ${plural("en", n, { one: "card", other: "cards" })}`, passed: "You passed", received: "You received", final_hand: "Your drafted hand",
    choice: "Your hidden choice:", commit: (r) => (r ? `Commit, cancelling with ${r} raven${r > 1 ? "s" : ""}` : "Commit, no ravens"),
    with_: "with", play: "Play", on: "on", attack: "Strike", attack_all: "Strike everyone (1 damage each, 2 VP)",
    peck: "Peck", done: "Done / pass", winner: "Winner", decided: "has decided", face_down: "face down",
    stages: { pass: "draft", commit: "commit", magic: "magic", attack: "attack", peck: "peck", react: "react", over: "over" },
  },
  ru: {
    round: "Раунд", stage: "Этап", direction: "передача", left: "налево", right: "направо",
    pass_no: "передача", tokens: "Жетоны", step: "сейчас", health: "здоровье", vp: "ПО", form: "облик",
    human: "человек", raven: "ворон", shield: "щит", hand: "в руке", light: "Свет", shadow: "Тень",
    table: "на столе", your_hand: "Ваша рука", your_magic: "Ваша магия", pass_n: (n) => `Выберите для передачи ${plural("ru", n, { one: "карту", few: "карты", many: "карт", other: "карты" })}`,
    pass: (n) => `Передать ${plural("ru", n, { one: "карту", few: "карты", many: "карт", other: "карты" })}`, passed: "Вы передали", received: "Вы получили", final_hand: "Ваша рука после драфта",
    choice: "Ваш скрытый выбор:", commit: (r) => (r ? `Выложить, отменив воронами: ${r}` : "Выложить без воронов"),
    with_: "и", play: "Сыграть", on: "на", attack: "Ударить", attack_all: "Ударить всех (по 1 урону, 2 ПО)",
    peck: "Клюнуть", done: "Готово / пас", winner: "Победитель", decided: "решил(а)", face_down: "рубашкой вверх",
    stages: { pass: "драфт", commit: "выкладка", magic: "магия", attack: "атака", peck: "клевок", react: "ответ", over: "конец" },
  },
};

const LETTERS = { attack: "A", healing: "H", radiance: "S", victory: "V", raven: "R" };
const PER_SUIT = 12;

// the label the game's log uses: A1..R12
function label(card) {
  return `${LETTERS[card.suit] || "?"}${(card.id % PER_SUIT) + 1}`;
}

const ui = { key: null, picked: new Set() };

function suitCard(h, card, lang, opts = {}) {
  const s = SUITS[card.suit] || { en: card.suit, ru: card.suit, icon: "?", color: "#555" };
  const classes = ["card", "nm"];
  if (opts.selected) classes.push("selected");
  if (opts.small) classes.push("small");
  if (card.face_down) classes.push("back");
  const body = card.face_down
    ? [h("span", {}, "?")]
    : [h("span", { class: "type", style: `color:${s.color}` }, s[lang]),
      h("span", { class: "value", style: `color:${s.color}`, "aria-hidden": "true" }, s.icon),
      h("span", { class: "name" }, s[lang])];
  const aria = card.face_down ? (W[lang].face_down) : s[lang];
  const style = card.face_down ? undefined : `border-color:${s.color}`;
  if (opts.onclick) {
    return h("button", { type: "button", class: classes.join(" "), style, onclick: opts.onclick,
      disabled: opts.disabled, "aria-pressed": opts.selected ? "true" : "false", "aria-label": aria,
      "data-card": card.id, "data-key": `nm:${card.id}` }, body);
  }
  return h("div", { class: classes.join(" "), style, role: "img", "aria-label": aria, "data-card": card.id }, body);
}

function magicCard(h, m, lang) {
  return h("div", { class: `card magic ${m.deck}`, role: "group", "aria-label": lang === "ru" ? m.name_ru : m.name_en,
    "data-card": m.id },
  h("span", { class: "type" }, m.deck === "light" ? W[lang].light : W[lang].shadow),
  h("span", { class: "name" }, h("strong", {}, lang === "ru" ? m.name_ru : m.name_en)),
  h("span", { class: "perks" }, lang === "ru" ? m.text_ru : m.text_en));
}

// What to do now, in a line (from the seed and the project's decisions, docs/rules/nevermore.md)
const HELP = {
  en: {
    pass: (n) => `Draft: pick ${plural("en", n, { one: "card", other: "cards" })} to pass on; you keep the rest and receive as many from your neighbour.`,
    commit: "Reveal: everyone lays out every card of the suit named, at once. Each raven left in your hand must cancel a card of another suit while any remain.",
    magic: "Magic window: play a magic card now, or go on.",
    attack: "You lead in Attack: strike one player (or everyone, with 4 or more).",
    peck: "As a raven leading this suit you may peck the players in second place (or no one).",
    react: "A blow is coming: answer with an any-time magic card, or go on.",
  },
  ru: {
    pass: (n) => `Драфт: выберите для передачи соседу ${plural("ru", n, { one: "карту", few: "карты", many: "карт", other: "карты" })}; остальные остаются у вас, столько же придёт от другого соседа.`,
    commit: "Раскрытие: все одновременно выкладывают все карты названной масти. Каждый ворон в руке должен отменить карту другой масти, пока такие есть.",
    magic: "Окно магии: сыграйте карту магии сейчас или продолжайте.",
    attack: "Вы лидер Атаки: ударьте одного игрока (или всех, если карт атаки 4 и больше).",
    peck: "Вы ворон-лидер этой масти: можно клюнуть игроков на втором месте (или никого).",
    react: "По вам идёт удар: ответьте картой магии «в любое время» или продолжайте.",
  },
};

function stepHelp(obs, lang, passing) {
  const words = HELP[lang] || HELP.en;
  if (passing) return words.pass(obs.pass_size);
  const line = words[obs.stage];
  return typeof line === "function" ? line(obs.pass_size) : line || "";
}

// the seat's own setting: every magic window passed for it by the server (whatever it holds,
// so the pass tells nobody what is in the hand); replies to a blow stay the player's choice
export const autoPass = {
  ru: "Пропускать окна магии автоматически (ответ на удар — всегда ваш выбор)",
  en: "Pass magic windows automatically (a reply to a blow is always your choice)",
};

// the end-of-step summary (table.js): a step from the token turned over to the reveal and
// what followed from it (damage, victory points, the round's end)
export const steps = {
  open: ["NmTokenFlipped"],
  next: ["NmRoundStarted"],
  close: ["NmRevealed", "NmRoundEnded"],
  title: (entry, lang) => {
    if (entry.event.kind === "NmRoundEnded") {
      return lang === "ru" ? `Раунд ${entry.event.round} окончен` : `Round ${entry.event.round} is over`;
    }
    const suit = SUITS[entry.event.suit];
    const name = suit ? `${suit.icon} ${suit[lang] || suit.en}` : "";
    return lang === "ru" ? `Итоги шага: ${name}` : `Step: ${name}, the result`;
  },
  // each player's health and victory points as they stand now
  scores: (view, lang, seatName) => {
    const obs = view.observation || {};
    const w = W[lang] || W.en;
    return (obs.players_info || []).map((p, i) =>
      `${seatName(i)}: ♥ ${p.health}/${obs.max_health}, ★ ${p.vp} ${w.vp}`).join(" · ");
  },
};

export function render(ctx) {
  const { h, view, lang, act, pending, seatName } = ctx;
  const w = W[lang] || W.en;
  const obs = view.observation;
  const me = view.seat;
  const key = `${view.match}:${obs.round}:${obs.stage}:${obs.pass_no}`;
  if (ui.key !== key) { ui.key = key; ui.picked = new Set(); }
  const board = h("section", { class: "panel nevermore" });
  board.append(h("div", { class: "score-line" },
    h("span", {}, `${w.round} ${obs.round}`),
    h("span", {}, `${w.stage}: ${w.stages[obs.stage] || obs.stage}`),
    obs.pass_no ? h("span", {}, `${w.pass_no} ${obs.pass_no} · ${w.direction} ${w[obs.direction] || obs.direction}`) : null,
    obs.step ? h("span", {}, `${w.step}: ${(SUITS[obs.step] || STEPS[obs.step] || { [lang]: obs.step })[lang]}`) : null));
  board.append(h("div", { class: "tokens" }, h("span", {}, `${w.tokens}:`), obs.tokens.map((tk, i) => h("span", { class: "chip" },
    `${i + 1}. ${tk ? `${SUITS[tk].icon} ${SUITS[tk][lang]}` : "?"}`))));

  board.append(h("div", { class: "players" }, obs.players_info.map((p, i) => h("div", {
    class: `player${i === me ? " mine" : ""}${obs.to_act.includes(i) ? " acting" : ""}`, "data-seat": i,
  },
  h("strong", {}, seatName(i)), obs.decided.includes(i) ? h("span", { title: w.decided }, " ✓") : null,
  h("div", { class: "stats" },
    h("span", { title: w.health }, `♥ ${p.health}/${obs.max_health}`),
    h("span", { title: w.vp }, `★ ${p.vp} ${w.vp}`),
    h("span", { title: w.form }, p.form === "raven" ? `✒ ${w.raven}` : w.human),
    p.shield ? h("span", { title: w.shield }, `◇ ${p.shield}`) : null,
    h("span", { title: w.hand }, `🂠 ${p.hand}`),
    h("span", {}, `${w.light} ${p.light} · ${w.shadow} ${p.shadow}`)),
  p.table.length ? h("div", { class: "cards" }, p.table.map((c) => suitCard(h, c, lang, { small: true }))) : null))));

  let controls = null;
  const you = obs.you;
  if (you) {
    const acts = view.actions || [];
    const passing = obs.stage === "pass" && acts.some((a) => a.kind === "pass");
    board.append(h("div", { class: "zone", "data-zone": "mine" },
      h("h3", {}, passing ? `${w.pass_n(obs.pass_size)} · ${ui.picked.size}` : w.your_hand),
      h("div", { class: "cards" }, you.hand.map((c) => suitCard(h, c, lang, {
        selected: ui.picked.has(c.id),
        onclick: passing ? () => {
          if (ui.picked.has(c.id)) ui.picked.delete(c.id); else ui.picked.add(c.id);
          ctx.rerender();
        } : undefined,
        disabled: pending,
      })))));
    if (you.magic.length) {
      board.append(h("div", { class: "zone" }, h("h3", {}, w.your_magic),
        h("div", { class: "cards" }, you.magic.map((m) => magicCard(h, m, lang)))));
    }
    if (view.choice) board.append(h("p", { "data-choice": "1" }, `${w.choice} ${view.choice.label}`));
    const help = stepHelp(obs, lang, passing);
    if (help && view.legal.length) board.append(h("p", { class: "help", "data-help": obs.stage }, help));
    const buttons = [];
    if (passing) {
      const chosen = acts.find((a) => a.kind === "pass" && a.fields.cards.length === ui.picked.size
        && a.fields.cards.every((c) => ui.picked.has(c)));
      buttons.push(h("button", { type: "button", class: "primary", id: "nm-pass", "data-key": "nm-pass",
        "data-size": obs.pass_size,
        disabled: pending || !chosen, onclick: () => act(chosen.text) },
      chosen ? chosen.label : w.pass(obs.pass_size)));
    } else {
      acts.forEach((a, i) => buttons.push(h("button", {
        type: "button", class: "action", "data-action": a.text, "data-kind": a.kind, "data-key": `nm:${a.text}`,
        "data-shortcut": i < 9 ? String(i + 1) : undefined, disabled: pending, onclick: () => act(a.text),
      }, i < 9 ? h("kbd", {}, String(i + 1)) : null, a.label)));
    }
    if (buttons.length) controls = h("div", { class: "controls" }, buttons);
  }
  if (obs.winner !== null && obs.winner !== undefined && !view.finished) {
    board.append(h("p", { class: "verdict" }, `${w.winner}: ${seatName(obs.winner)}`));
  }
  return { board, actions: controls || (you ? h("div", {}) : null) };
}
