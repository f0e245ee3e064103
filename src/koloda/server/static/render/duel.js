// The card duel («дуэли на игре»): cards with type, strength, weapon needs and the deadly mark;
// choosing the hand by tapping cards; each round a card (and the weapon to show, the kill) face
// down; the winner's swap. Everything shown comes from the seat's observation.

const TYPES = {
  attack: { en: "Attack", ru: "Атака", icon: "⚔" },
  trick: { en: "Trick", ru: "Уловка", icon: "✦" },
  defence: { en: "Defence", ru: "Защита", icon: "◈" },
};
const WEAPONS = {
  cold: { en: "cold weapon", ru: "холодное оружие", icon: "†" },
  firearm: { en: "firearm", ru: "огнестрел", icon: "✹" },
};
const WORDS = {
  en: {
    choose: "Choose the cards you take into this duel",
    take: (lo, hi) => (lo === hi ? `take exactly ${lo}` : `take ${lo} to ${hi}`),
    take_hand: "Take this hand",
    chosen_face_down: "Your choice, face down:",
    pick_card: "Pick a card to play",
    play: "Play",
    show: "showing",
    kill: "declare a kill",
    opp_hand: "cards in hand",
    decided: "has chosen",
    thinking: "is choosing",
    you: "You",
    round: "Round",
    winner_col: "Won by",
    nobody: "nobody",
    no_card: "no card",
    items_shown: "Items shown",
    your_hand: "Your hand",
    deck_discard: "Your deck and discard",
    deck: "Deck",
    discard: "Discard",
    loser_hand: "The loser's whole hand",
    swap_title: "You won: you may take one card of the loser's hand for one of yours",
    take_this: "Take",
    give_this: "Give",
    swap: "Swap",
    no_swap: "No swap",
    offer: "Offer to end in a draw",
    accept: "Accept the draw",
    decline: "Decline",
    offered: "offers to end the duel in a draw",
    result_won: (n) => `${n} wins the duel`,
    result_draw: "The duel ends in a draw",
    reasons: { won: "", out_of_cards: "both are out of cards", agreement: "by agreement" },
    killed: (n) => `${n} is killed`,
    swapped: (take, give) => `Swap: ${take} ↔ ${give}`,
    strength: "strength",
    deadly: "deals deadly wounds",
    hand_chosen: "Your hand for this duel (face down until both have chosen)",
    wait_hand: (n) => `${n} is choosing a hand; the rounds start when both have chosen.`,
    face_down: "face down on the table",
    your_face_down: "your card, face down",
    wait_round: (n) => `${n} is choosing a card for this round.`,
    swap_wait: (n) => `${n} won the duel and sees your hand: they may take one of your cards for one of theirs. Waiting for their choice.`,
    your_duel_cards: "Your cards of this duel: pick the one you give",
    loser_duel_cards: "Your cards of this duel",
    swap_help: "Tap a card of the loser's hand and one of yours, then «Swap»; or keep your cards.",
    round_help: "Tap a card of your hand, then how to play it. Both cards are revealed together.",
    hand_help: "Tap the cards to take; the others stay in the deck. Both choose at once, face down.",
  },
  ru: {
    choose: "Выберите карты, которые берёте на эту дуэль",
    take: (lo, hi) => (lo === hi ? `ровно ${lo}` : `от ${lo} до ${hi}`),
    take_hand: "Взять эту руку",
    chosen_face_down: "Ваш выбор, рубашкой вверх:",
    pick_card: "Выберите карту",
    play: "Сыграть карту",
    show: "показав предмет",
    kill: "заявить убийство",
    opp_hand: "карт в руке",
    decided: "выбрал(а)",
    thinking: "выбирает",
    you: "Вы",
    round: "Раунд",
    winner_col: "Победил",
    nobody: "никто",
    no_card: "нет карты",
    items_shown: "Показанные предметы",
    your_hand: "Ваша рука",
    deck_discard: "Ваши колода и сброс",
    deck: "Колода",
    discard: "Сброс",
    loser_hand: "Вся рука проигравшего",
    swap_title: "Вы победили: можно забрать одну карту из руки проигравшего в обмен на свою",
    take_this: "Забрать",
    give_this: "Отдать",
    swap: "Обменять",
    no_swap: "Без обмена",
    offer: "Предложить ничью",
    accept: "Согласиться на ничью",
    decline: "Отказаться",
    offered: "предлагает закончить дуэль вничью",
    result_won: (n) => `${n} побеждает в дуэли`,
    result_draw: "Дуэль закончилась вничью",
    reasons: { won: "", out_of_cards: "у обоих кончились карты", agreement: "по обоюдному согласию" },
    killed: (n) => `${n} убит(а)`,
    swapped: (take, give) => `Обмен: ${take} ↔ ${give}`,
    strength: "сила",
    deadly: "наносит тяжёлые раны",
    hand_chosen: "Ваша рука на эту дуэль (рубашкой вверх, пока оба не выберут)",
    wait_hand: (n) => `${n} выбирает руку; раунды начнутся, когда выберут оба.`,
    face_down: "рубашкой вверх на столе",
    your_face_down: "ваша карта рубашкой вверх",
    wait_round: (n) => `${n} выбирает карту на этот раунд.`,
    swap_wait: (n) => `${n} выигрывает дуэль и видит вашу руку: может забрать одну вашу карту в обмен на свою. Ждём решения победителя.`,
    your_duel_cards: "Ваши карты этой дуэли: выберите, какую отдать",
    loser_duel_cards: "Ваши карты этой дуэли",
    swap_help: "Нажмите карту из руки проигравшего и одну свою, затем «Обменять»; или оставьте свои карты.",
    round_help: "Нажмите карту руки, затем выберите, как её сыграть. Карты обоих откроются одновременно.",
    hand_help: "Нажмите карты, которые берёте; остальные остаются в колоде. Оба выбирают одновременно, втайне.",
  },
};

import { plural } from "/static/i18n.js";

const HAND_WORDS = {
  en: { one: "card in hand", other: "cards in hand" },
  ru: { one: "карта в руке", few: "карты в руке", many: "карт в руке", other: "карты в руке" },
};

// selection kept between renders of the same step
const ui = { key: null, hand: new Set(), card: null, take: null, give: null };

function cardName(info, lang) {
  return lang === "ru" ? info.name_ru : info.name_en;
}

export function cardEl(h, info, lang, opts = {}) {
  const classes = ["card"];
  let body;
  if (!info) {
    classes.push("back");
    body = [h("span", {}, "?")];
  } else if (info.item) {
    const w = WEAPONS[info.item] || { en: info.item, ru: info.item, icon: "⚙" };
    classes.push("item");
    body = [
      h("span", { class: "type" }, lang === "ru" ? "Предмет" : "Item"),
      h("span", { class: "value", "aria-hidden": "true" }, w.icon),
      h("span", { class: "name" }, cardName(info, lang)),
      h("span", { class: "perks" }, w[lang]),
    ];
  } else {
    const ty = TYPES[info.type] || { en: info.type, ru: info.type, icon: "" };
    classes.push(info.type);
    const perks = [];
    if (info.requires) {
      const w = WEAPONS[info.requires];
      perks.push(h("span", { title: w ? w[lang] : info.requires }, `${w ? w.icon : ""} ${w ? w[lang] : info.requires}`));
    }
    if (info.deadly) perks.push(h("span", { title: WORDS[lang].deadly }, ` ☠ ${WORDS[lang].deadly}`));
    body = [
      h("span", { class: "type" }, `${ty.icon} ${ty[lang]}`),
      h("span", { class: "value", title: WORDS[lang].strength }, info.strength),
      h("span", { class: "name" }, cardName(info, lang)),
      h("span", { class: "perks" }, perks),
    ];
  }
  if (opts.selected) classes.push("selected");
  if (opts.small) classes.push("small");
  const label = info
    ? (info.item ? cardName(info, lang)
      : `${cardName(info, lang)}, ${TYPES[info.type] ? TYPES[info.type][lang] : info.type} ${info.strength}`
        + `${info.requires ? `, ${WEAPONS[info.requires] ? WEAPONS[info.requires][lang] : info.requires}` : ""}`
        + `${info.deadly ? `, ${WORDS[lang].deadly}` : ""}`)
    : "?";
  if (opts.onclick) {
    return h("button", {
      type: "button", class: classes.join(" "), onclick: opts.onclick, disabled: opts.disabled,
      "aria-pressed": opts.selected ? "true" : "false", "aria-label": label,
      "data-card": info ? info.id : undefined, "data-key": `card:${opts.keyPrefix || ""}${info ? info.id : ""}`,
    }, body);
  }
  return h("div", { class: classes.join(" "), "aria-label": label, role: "img",
    "data-card": info ? info.id : undefined }, body);
}

function cardsRow(h, ids, obs, lang, opts = {}) {
  if (!ids.length) return h("p", { class: "muted" }, "—");
  return h("div", { class: "cards" }, ids.map((id) => cardEl(h, obs.cards[id], lang, {
    small: opts.small,
    selected: opts.selected ? opts.selected(id) : false,
    onclick: opts.onclick ? () => opts.onclick(id) : undefined,
    disabled: opts.disabled ? opts.disabled(id) : false,
    keyPrefix: opts.keyPrefix,
  })));
}

// the end-of-round summary (table.js): a round from the first card put face down to the reveal
// and what followed from it (a win, the swap)
export const steps = {
  open: ["DuelCardCommitted"],
  close: ["DuelRoundRevealed"],
  title: (entry, lang) => (lang === "ru" ? `Итоги раунда ${entry.event.round}`
    : `Round ${entry.event.round}: the result`),
  // the rounds won so far
  scores: (view, lang, seatName) => {
    const wins = (view.observation || {}).wins || [0, 0];
    const words = { one: "победа", few: "победы", many: "побед" };
    const en = { one: "win", other: "wins" };
    return [0, 1].map((i) => `${seatName(i)}: ${plural(lang, wins[i], lang === "ru" ? words : en)}`)
      .join(" · ");
  },
};

export function render(ctx) {
  const { h, view, lang, act, pending, seatName } = ctx;
  const W = WORDS[lang] || WORDS.en;
  const obs = view.observation;
  const me = view.seat;
  const opp = me === null ? null : 1 - me;
  const key = `${view.match}:${obs.phase}:${obs.round}`;
  if (ui.key !== key) {
    ui.key = key;
    ui.hand = new Set();
    ui.card = null;
    ui.take = null;
    ui.give = null;
  }
  const legal = view.legal;
  const mine = obs.me;
  const name = (s) => (s === me ? `${W.you} (${seatName(s)})` : seatName(s));
  const board = h("section", { class: "panel duel" });

  // the score line
  board.append(h("div", { class: "score-line" },
    obs.rounds.length || obs.phase === "rounds" ? h("span", {}, `${W.round} ${obs.round}`) : null,
    h("span", {}, `${seatName(0)}: ${obs.wins[0]}`),
    h("span", {}, `${seatName(1)}: ${obs.wins[1]}`)));

  // the duellists seen from here: the opponent first (or both for a witness)
  const others = me === null ? [0, 1] : [opp];
  for (const s of others) {
    const d = obs.duellists[s];
    const acting = obs.to_act.includes(s);
    const committed = obs.committed.includes(s);
    // a card chosen for this round lies face down on the table: no longer in the hand
    const down = committed && obs.phase === "rounds" ? 1 : 0;
    const inHand = d.hand_size === null ? null : Math.max(0, d.hand_size - down);
    board.append(h("div", { class: "zone", "data-zone": `seat-${s}` },
      h("h3", { "data-hand-size": inHand === null ? "" : String(inHand) },
        `${name(s)} · ${inHand === null ? "…" : plural(lang, inHand, HAND_WORDS[lang] || HAND_WORDS.en)}`
        + (committed ? ` · ✓ ${W.decided}` : acting ? ` · ${W.thinking}…` : "")
        + (d.kill_declared ? " · ☠" : "")),
      inHand || down ? h("div", { class: "cards" },
        Array.from({ length: inHand || 0 }, () => cardEl(h, null, lang, { small: true })),
        down ? h("div", { class: "face-down", "data-face-down": "1" },
          cardEl(h, null, lang, { small: true }), h("small", {}, W.face_down)) : null) : null,
      d.shown.length ? [h("h3", {}, W.items_shown), cardsRow(h, d.shown, obs, lang, { small: true })] : null));
  }
  if (obs.offer && obs.offer.by !== me) {
    board.append(h("p", { class: "turn mine" }, `${seatName(obs.offer.by)} ${W.offered}`));
  }

  // the rounds so far
  if (obs.rounds.length) {
    board.append(h("table", { class: "rounds" },
      h("thead", {}, h("tr", {}, h("th", {}, W.round), h("th", {}, seatName(0)), h("th", {}, seatName(1)),
        h("th", {}, W.winner_col))),
      h("tbody", {}, obs.rounds.map((r) => h("tr", {},
        h("td", {}, r.round),
        [0, 1].map((s) => h("td", {}, r.cards[s]
          ? cardEl(h, obs.cards[r.cards[s]], lang, { small: true }) : W.no_card,
        r.shown[s] ? h("div", { class: "muted" }, `+ ${cardName(obs.cards[r.shown[s]], lang)}`) : null,
        r.kills[s] ? h("div", {}, `☠ ${W.kill}`) : null)),
        h("td", {}, r.winner === null ? W.nobody : seatName(r.winner)))))));
  }

  // the result (once the duel is over the page's end screen says it: one wording)
  if (obs.result) {
    const r = obs.result;
    const reason = W.reasons[r.reason] || "";
    if (!view.finished) {
      board.append(h("p", { class: "verdict" },
        r.winner === null ? W.result_draw : W.result_won(seatName(r.winner)),
        reason ? ` (${reason})` : ""));
    }
    if (r.killed !== null && r.killed !== undefined) board.append(h("p", {}, `☠ ${W.killed(seatName(r.killed))}`));
    if (r.swap) {
      const tk = obs.cards[r.swap.take];
      const gv = obs.cards[r.swap.give];
      board.append(h("p", {}, W.swapped(tk ? cardName(tk, lang) : r.swap.take, gv ? cardName(gv, lang) : r.swap.give)));
    }
  }
  if (obs.loser_hand) {
    board.append(h("div", { class: "zone" }, h("h3", {}, `${W.loser_hand} (${seatName(obs.loser_hand.seat)})`),
      cardsRow(h, obs.loser_hand.cards, obs, lang, {
        selected: (id) => ui.take === id,
        onclick: legal.length ? (id) => { ui.take = id; ctx.rerender(); } : undefined,
        keyPrefix: "take:",
      })));
  }

  // my own cards
  let controls = null;
  if (mine) {
    const myTurn = legal.length > 0;
    if (obs.phase === "choose_hand" && myTurn) {
      const [lo, hi] = mine.hand_limits || [0, 5];
      const picked = [...ui.hand].sort();
      const hands = (view.actions || []).filter((a) => a.kind === "hand");
      const chosen = hands.find((a) => a.fields.cards.length === picked.length
        && a.fields.cards.every((c) => ui.hand.has(c)));
      const usable = new Set(hands.flatMap((a) => a.fields.cards));
      board.append(h("div", { class: "zone" },
        h("h3", {}, `${W.choose} (${W.take(lo, hi)}) · ${picked.length}`),
        cardsRow(h, mine.deck, obs, lang, {
          selected: (id) => ui.hand.has(id),
          disabled: (id) => !usable.has(id) || pending,
          onclick: (id) => {
            if (ui.hand.has(id)) ui.hand.delete(id);
            else ui.hand.add(id);
            ctx.rerender();
          },
          keyPrefix: "deck:",
        })));
      controls = h("div", { class: "controls" },
        h("button", { type: "button", class: "primary", id: "duel-confirm", "data-key": "duel-confirm",
          disabled: pending || !chosen, onclick: () => act(chosen.text) }, `${W.take_hand} (${picked.length})`),
        h("p", { class: "help" }, W.hand_help));
    } else if (obs.phase === "choose_hand") {
      // chosen, face down, waiting for the other: the hand taken, not a round's play
      const taken = view.choice ? view.choice.fields.cards || [] : [];
      board.append(h("div", { class: "zone", "data-zone": "mine" },
        h("h3", {}, `${W.hand_chosen} · ✓ ${W.decided}`),
        cardsRow(h, taken, obs, lang, { small: true })));
      if (opp !== null && obs.to_act.includes(opp)) {
        board.append(h("p", { class: "help", "data-help": "wait" }, W.wait_hand(seatName(opp))));
      }
    } else if (obs.phase === "swap" || (obs.phase === "over" && !mine.hand.length)) {
      // the swap is between the hands chosen for this duel
      const winner = obs.result ? obs.result.winner : null;
      board.append(h("div", { class: "zone", "data-zone": "mine" },
        h("h3", {}, myTurn ? W.your_duel_cards : W.loser_duel_cards),
        cardsRow(h, mine.chosen, obs, lang, {
          selected: (id) => ui.give === id,
          onclick: myTurn ? (id) => { ui.give = id; ctx.rerender(); } : undefined,
          keyPrefix: "give:",
        })));
      if (obs.phase === "swap" && !myTurn && winner !== null && winner !== me) {
        board.append(h("p", { class: "help turn mine", "data-help": "swap-wait" },
          W.swap_wait(seatName(winner))));
      }
    } else {
      const downCard = view.choice && obs.phase === "rounds" ? view.choice.fields.card : null;
      const inHand = mine.hand.filter((c) => c !== downCard);
      board.append(h("div", { class: "zone", "data-zone": "mine" },
        h("h3", {}, `${W.your_hand} · ${name(me)}`
          + (obs.committed.includes(me) ? ` · ✓ ${W.decided}` : "")
          + (mine.shown.length ? ` · ${W.items_shown}: ${mine.shown.map((i) => cardName(obs.cards[i], lang)).join(", ")}` : "")),
        cardsRow(h, inHand, obs, lang, {
          selected: (id) => ui.card === id,
          onclick: myTurn ? (id) => { ui.card = id; ctx.rerender(); } : undefined,
          keyPrefix: "hand:",
        }),
        downCard ? h("div", { class: "cards", "data-face-down": "mine" },
          cardEl(h, obs.cards[downCard], lang, { small: true }), h("small", {}, W.your_face_down)) : null));
      if (view.choice) board.append(h("p", { "data-choice": "1" }, `${W.chosen_face_down} ${view.choice.label}`));
      if (obs.phase === "rounds" && !myTurn && opp !== null && obs.to_act.includes(opp)) {
        board.append(h("p", { class: "help", "data-help": "wait" }, W.wait_round(seatName(opp))));
      }
    }
    {
      const buttons = [];
      if (obs.phase === "rounds" && myTurn) {
        const plays = (view.actions || []).filter((a) => a.kind === "play");
        if (plays.length) {
          const forCard = ui.card ? plays.filter((a) => a.fields.card === ui.card) : [];
          if (!forCard.length) buttons.push(h("span", { class: "help" }, W.round_help));
          forCard.forEach((a, i) => buttons.push(h("button", {
            type: "button", class: "primary", "data-action": a.text, "data-key": `play:${a.text}`,
            "data-shortcut": String(i + 1), disabled: pending, onclick: () => act(a.text),
          }, h("kbd", {}, String(i + 1)), a.label)));
        }
      }
      if (obs.phase === "swap" && myTurn) {
        const swap = (view.actions || []).find((a) => a.kind === "swap"
          && a.fields.take === ui.take && a.fields.give === ui.give);
        buttons.push(h("span", {}, W.swap_title));
        buttons.push(h("span", { class: "help" }, W.swap_help));
        buttons.push(h("button", { type: "button", class: "primary", "data-key": "swap",
          disabled: !swap || pending, onclick: () => act(swap.text) },
        `${W.swap}${ui.take ? `: ${W.take_this} ${cardName(obs.cards[ui.take], lang)}` : ""}`
          + `${ui.give ? `, ${W.give_this} ${cardName(obs.cards[ui.give], lang)}` : ""}`));
      }
      const others = ["no-swap", "accept-end", "decline-end", "offer-end"];
      for (const a of (view.actions || []).filter((x) => others.includes(x.kind))) {
        buttons.push(h("button", { type: "button", "data-action": a.text, "data-key": a.text,
          disabled: pending, onclick: () => act(a.text) }, a.label));
      }
      if (buttons.length) controls = h("div", { class: "controls" }, buttons);
    }
    board.append(h("details", { class: "zone" }, h("summary", {}, W.deck_discard),
      h("h3", {}, W.deck), cardsRow(h, mine.deck, obs, lang, { small: true }),
      h("h3", {}, W.discard), cardsRow(h, mine.discard, obs, lang, { small: true })));
  }
  return { board, actions: controls || (mine ? h("div", {}) : null) };
}
