// «Как играть»: each game's phases in a line each (from the seeds and the project's decisions,
// docs/rules/*.md) and a legend for every symbol the table page shows.

export const HOWTO = {
  duel: {
    ru: {
      phases: [
        "Выбор руки: оба одновременно и втайне берут из колоды до 5 боевых карт; предметы (оружие) остаются в колоде.",
        "Раунд: каждый кладёт одну карту рубашкой вверх, затем обе открываются одновременно.",
        "Кто бьёт кого: атака бьёт уловку, уловка — защиту, защита — атаку, независимо от силы; при одном типе побеждает большая сила, равные — ничья; карта против пустоты побеждает.",
        "Оружие: карте с † или ✹ нужен предмет этого вида — его показывают из колоды вместе с картой.",
        "Убийство ☠: картой «наносит тяжёлые раны» можно заявить убийство; если победитель дуэли его заявлял, проигравший убит.",
        "Ничья: до своего выбора в раунде можно предложить закончить дуэль вничью.",
        "Конец: побеждает первый, кто выиграл нужное число раундов (обычно 2); он видит всю руку проигравшего и может обменять одну его карту на одну свою.",
      ],
      legend: [
        ["⚔", "атака"], ["✦", "уловка"], ["◈", "защита"], ["1–5", "сила карты"],
        ["†", "холодное оружие"], ["✹", "огнестрельное оружие"], ["☠", "тяжёлые раны, заявленное убийство"],
        ["?", "карта рубашкой вверх"], ["✓", "уже выбрал(а)"],
      ],
    },
    en: {
      phases: [
        "Choosing hands: both at once and in secret take up to 5 battle cards of the deck; items (weapons) stay in the deck.",
        "A round: each lays one card face down, then both are turned over together.",
        "What beats what: attack beats trick, trick beats defence, defence beats attack whatever the strength; within a type the higher strength wins, equal is nobody's; a card against no card wins.",
        "Weapons: a card marked † or ✹ needs an item of that kind, shown from the deck with the card.",
        "Kill ☠: with a card that deals deadly wounds you may declare a kill; if the duel's winner declared one, the loser is killed.",
        "Draw: before choosing in a round you may offer to end the duel in a draw.",
        "The end: the first to win the rounds needed (usually 2) wins, sees the loser's whole hand and may swap one of its cards for one of theirs.",
      ],
      legend: [
        ["⚔", "attack"], ["✦", "trick"], ["◈", "defence"], ["1–5", "strength"],
        ["†", "cold weapon"], ["✹", "firearm"], ["☠", "deadly wounds, a kill declared"],
        ["?", "a card face down"], ["✓", "has chosen"],
      ],
    },
  },
  nevermore: {
    ru: {
      phases: [
        "Раздача: каждому 5 карт основной колоды.",
        "Драфт: три передачи соседу — 3, потом 2, потом 1 карта; все передают одновременно.",
        "Раскрытие: сначала проверка стаи воронов (5 воронов), затем масти по порядку жетонов; в каждой все одновременно выкладывают все свои карты этой масти.",
        "Вороны: каждый ворон в руке должен отменить одну карту другой масти, пока такие есть.",
        "Лидер масти (больше всех карт): Атака — удар по игроку, Лечение — здоровье, Сияние — карты Магии Света, Победа — победные очки.",
        "Скрытые вороны в конце раунда: у кого больше всех воронов — берёт карты Магии Тени.",
        "Здоровье 0 — игрок становится вороном: не может победить, но может клевать; возвращается, собрав 5 карт одной масти или по карте каждой масти.",
        "Магия играется в окна магии между шагами; карта «в любое время» — и в ответ на удар.",
        "Победа: 6 победных очков в обличии человека или последний оставшийся человек.",
      ],
      legend: [
        ["⚔", "Атака"], ["♥", "Лечение; здоровье"], ["✺", "Сияние"], ["♛", "Победа"], ["✒", "Ворон"],
        ["★ ПО", "победные очки"], ["🂠", "карт в руке"], ["◇", "щит от повреждений"],
        ["Свет · Тень", "карты Магии Света и Тени на руке"], ["✓", "уже выбрал(а)"],
      ],
    },
    en: {
      phases: [
        "Deal: 5 cards of the main deck each.",
        "Draft: three passes to a neighbour — 3, then 2, then 1 card; everyone passes at once.",
        "Reveal: first the Conspiracy of ravens (5 ravens), then the suits in the order of the tokens; in each, everyone lays out every card of that suit at once.",
        "Ravens: each raven in your hand must cancel a card of another suit while any remain.",
        "The suit's leader (most cards): Attack strikes a player, Healing heals, Radiance draws Light magic, Victory gains victory points.",
        "Skulking ravens at the round's end: the most ravens draw Shadow magic.",
        "Health 0 turns a player into a raven: it cannot win but may peck; it returns with 5 cards of a suit or one of each suit.",
        "Magic is played in the magic windows between steps; an any-time card also answers a blow.",
        "Victory: 6 victory points in human form, or the last human left.",
      ],
      legend: [
        ["⚔", "Attack"], ["♥", "Healing; health"], ["✺", "Radiance"], ["♛", "Victory"], ["✒", "Raven"],
        ["★ VP", "victory points"], ["🂠", "cards in hand"], ["◇", "shield against damage"],
        ["Light · Shadow", "Light and Shadow magic cards in hand"], ["✓", "has decided"],
      ],
    },
  },
  gwent: {
    ru: {
      phases: [
        "Колоды: кубик задаёт порядок, колоды распределяются случайно; нейтральные карты раздаются поровну и подмешиваются.",
        "Раунд: каждый берёт 10 карт, добора нет; раундов 4 (пятый — если победитель не определён).",
        "Гейм: атакующий против защитника, у каждого 2 очка действия; первым тратит атакующий, последнее слово за защитником.",
        "Урон — разница значений: вашу 3 покрыли 5 — вам 2 урона. Своя масть 1 к 1, чужая масть — за полцены.",
        "Подбрасывание: наблюдатели могут подбросить карты того же значения, что открытая карта на столе.",
        "Козырь ♔: козырной урон закрывается только козырем.",
        "Следующий гейм атакует тот, кто нанёс урон; при игре «в ноль» — кубик.",
        "Раунд выигрывает тот, у кого меньше всех урона (★ за раунд); партию — у кого больше выигранных раундов.",
      ],
      legend: [
        ["⚔", "мечи; атакует в гейме"], ["➶", "луки"], ["⚙", "осада"], ["♔", "козырь"],
        ["★", "выигранные раунды"], ["✖", "урон в этом раунде"], ["🂠", "карт в руке"],
        ["◈", "защищается в гейме"],
        ["⚭", "Братишки"], ["⚑", "Тупые братишки"], ["✚", "Медик"], ["◉", "Шпион"], ["✜", "Специалист"],
        ["♪", "Бард"], ["☠", "Ультима"], ["☃", "Чучело"], ["☄", "Казнь"], ["Σ", "сумма за все партии"],
      ],
    },
    en: {
      phases: [
        "Decks: the dice give the order, decks are dealt at random; the neutral cards are shared out and shuffled in.",
        "A round: everyone takes 10 cards, no drawing; 4 rounds (a fifth if no winner).",
        "An exchange: attacker against defender, 2 action points each; the attacker spends first, the defender has the last word.",
        "Damage is the difference of values: your 3 covered by a 5 gives you 2 damage. Same suit 1 to 1, another suit at half value.",
        "Throw-ins: watching players may throw in cards of the same value as an open card on the table.",
        "Trump ♔: trump damage is closed by a trump only.",
        "Whoever dealt damage attacks next; after a zero exchange, the dice.",
        "The least damage wins the round (★ a round); the most rounds won wins the match.",
      ],
      legend: [
        ["⚔", "close combat; attacks in the exchange"], ["➶", "ranged"], ["⚙", "siege"],
        ["♔", "trump"], ["★", "rounds won"], ["✖", "damage this round"], ["🂠", "cards in hand"],
        ["◈", "defends in the exchange"],
        ["⚭", "Tight bond"], ["⚑", "Muster"], ["✚", "Medic"], ["◉", "Spy"], ["✜", "Morale boost"],
        ["♪", "Bard"], ["☠", "Ultima"], ["☃", "Decoy"], ["☄", "Scorch"], ["Σ", "total over the matches"],
      ],
    },
  },
};

// The panel: closed once the player has opened it before on this device.
export function howtoPanel(h, game, lang, t) {
  const all = HOWTO[game];
  if (!all) return null;
  const words = all[lang] || all.en;
  const key = `koloda.howto.${game}`;
  const box = h("details", { class: "panel how", id: "how", open: localStorage.getItem(key) ? undefined : true },
    h("summary", {}, h("strong", {}, t("how_to_play"))),
    h("ol", { class: "phases" }, words.phases.map((p) => h("li", {}, p))),
    h("h3", {}, t("legend")),
    h("dl", { class: "legend" }, words.legend.map(([sym, text]) => [
      h("dt", {}, sym), h("dd", {}, text)])));
  box.addEventListener("toggle", () => { if (!box.open) localStorage.setItem(key, "1"); });
  return box;
}

// What the scores of the end screen mean, per game
export const SCORING = {
  duel: {
    ru: "Очки: победитель дуэли получает 1, проигравший −1, при ничьей оба 0.",
    en: "Scores: the duel's winner gets 1, the loser −1; a draw gives both 0.",
  },
  nevermore: {
    ru: "Очки: победитель получает 1, остальные 0; если игра остановлена без победителя — все 0.",
    en: "Scores: the winner gets 1, everyone else 0; a game stopped without a winner gives all 0.",
  },
  gwent: {
    ru: "Очки: каждый победитель партии (больше всех выигранных раундов) получает 1, остальные 0.",
    en: "Scores: each winner of the match (most rounds won) gets 1, everyone else 0.",
  },
};
