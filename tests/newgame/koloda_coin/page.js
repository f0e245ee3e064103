// Coin's own page renderer (GameSpec.page = "koloda_coin:page.js"): the table page imports it
// from /games/coin/page.js and calls render(ctx) with the seat's view.

const WORDS = {
  en: { heads: "Heads", tails: "Tails", won: "Rounds won", laid: "Your coin", none: "not laid yet" },
  ru: { heads: "Орёл", tails: "Решка", won: "Выиграно раундов", laid: "Ваша монета", none: "ещё не положена" },
};

export function render(ctx) {
  const { h, view, lang, act, pending, seatName } = ctx;
  const w = WORDS[lang] || WORDS.en;
  const obs = view.observation;
  const board = h("section", { class: "panel coin-board" }, [
    h("h2", {}, w.won),
    h("ul", {}, obs.won.map((n, s) => h("li", { "data-seat": String(s) }, `${seatName(s)}: ${n}`))),
    view.seat === null ? null
      : h("p", { class: "coin-mine" }, `${w.laid}: ${obs.mine ? w[obs.mine] : w.none}`),
  ]);
  const actions = h("div", { class: "buttons choices" }, (view.legal || []).map((text) => {
    const side = text.split(" ")[1];
    return h("button", {
      type: "button", class: "action coin", disabled: pending, "data-side": side,
      onclick: () => act(text),
    }, w[side] || side);
  }));
  return { board, actions };
}
