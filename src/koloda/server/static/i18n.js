// Words the pages show, in English and Russian. The chosen language is kept in localStorage.

const WORDS = {
  en: {
    lobby: "Lobby",
    tagline: "Card games with friends: Gwent at the table, LARP duels, Nevermore.",
    game: "Game",
    players: "Players",
    options: "Options",
    seats: "Seats",
    seat: "Seat",
    person: "Person",
    bot: "Bot",
    bot_custom: "Own parameters…",
    bot_kind: "Kind of bot",
    name: "Name",
    create: "Create the table",
    created: "The table is ready. Send each person their own link; keep yours.",
    invitation: "Invitation link",
    open_seat: "Open this seat",
    copy: "Copy",
    copied: "Copied",
    spectator_link: "Spectator link (public information only)",
    my_tables: "Tables created on this device",
    connecting: "Connecting…",
    reconnecting: "Connection lost; reconnecting…",
    connected: "Connected",
    spectator: "You are watching",
    you_are: "You are",
    to_act: "to act",
    decided: "has decided",
    waiting: "Waiting for",
    your_turn: "Your move",
    not_your_turn: "Waiting for the others",
    actions: "Your choices",
    all_actions: "All legal actions",
    action_text: "Action as text",
    send: "Send",
    filter: "Filter",
    more: "more — use the filter",
    log: "Log",
    board: "Table",
    observation: "What you see",
    game_over: "Game over",
    winner: "Winner",
    winners: "Winners",
    draw: "Draw",
    score: "Score",
    rank: "Place",
    player: "Player",
    totals: "Total over matches",
    play_again: "Play again",
    how_to_play: "How to play",
    legend: "Symbols",
    just_now: "Just now",
    got_it: "Got it",
    also_choosing: "also choosing",
    quick_start: "Play now",
    your_name: "Your name",
    play_bots: "Play against bots",
    advanced: "More",
    advanced_hint: "a table for friends, rule variants, seats and bots",
    own_data: "Your own cards (JSON data, for designers)",
    again_agreed: "Asked to play again",
    again_everyone: "A new match starts when everyone at the table has asked for it.",
    you: "you",
    online: "online",
    offline: "offline",
    rename: "Rename",
    error: "Error",
    empty: "nothing",
    host_links: "Invitation links",
    language: "Language",
    new_table: "New table",
    version: "version",
    match: "match",
    bot_failed: "A bot failed",
    hand: "Hand",
    deck: "Deck",
    discard: "Discard",
    items: "Shown items",
    round: "Round",
    rounds: "Rounds",
    wins: "Wins",
    opponent: "Opponent",
    cards: "cards",
    selected: "Selected",
    choose_hand: "Choose your duel hand",
    confirm: "Confirm",
    kill: "declare a kill",
    show_item: "show item",
    no_card: "no card",
    offer_end: "Offer to end in a draw",
    phase: "Phase",
    strength: "strength",
    needs: "needs",
    deadly: "deadly",
  },
  ru: {
    lobby: "Лобби",
    tagline: "Карточные игры с друзьями: настольный гвинт, дуэли на игре, Невермор.",
    game: "Игра",
    players: "Игроки",
    options: "Настройки",
    seats: "Места",
    seat: "Место",
    person: "Человек",
    bot: "Бот",
    bot_custom: "Свои параметры…",
    bot_kind: "Вид бота",
    name: "Имя",
    create: "Создать стол",
    created: "Стол готов. Отправьте каждому его собственную ссылку; свою сохраните.",
    invitation: "Ссылка-приглашение",
    open_seat: "Открыть это место",
    copy: "Копировать",
    copied: "Скопировано",
    spectator_link: "Ссылка для зрителей (только открытая информация)",
    my_tables: "Столы, созданные на этом устройстве",
    connecting: "Подключение…",
    reconnecting: "Связь потеряна; переподключаемся…",
    connected: "Подключено",
    spectator: "Вы зритель",
    you_are: "Вы —",
    to_act: "ходит",
    decided: "решил(а)",
    waiting: "Ждём",
    your_turn: "Ваш ход",
    not_your_turn: "Ждём остальных",
    actions: "Ваш выбор",
    all_actions: "Все допустимые действия",
    action_text: "Действие текстом",
    send: "Отправить",
    filter: "Фильтр",
    more: "ещё — воспользуйтесь фильтром",
    log: "Журнал",
    board: "Стол",
    observation: "Что вы видите",
    game_over: "Игра окончена",
    winner: "Победитель",
    winners: "Победители",
    draw: "Ничья",
    score: "Очки",
    rank: "Место",
    player: "Игрок",
    totals: "Итого за партии",
    play_again: "Сыграть ещё",
    how_to_play: "Как играть",
    legend: "Обозначения",
    just_now: "Только что",
    got_it: "Понятно",
    also_choosing: "одновременно выбирают",
    quick_start: "Сыграть сейчас",
    your_name: "Ваше имя",
    play_bots: "Играть с ботами",
    advanced: "Дополнительно",
    advanced_hint: "стол для друзей, варианты правил, места и боты",
    own_data: "Свои карты (данные JSON, для авторов правил)",
    again_agreed: "Хотят сыграть ещё",
    again_everyone: "Новая партия начнётся, когда её попросят все игроки за столом.",
    you: "вы",
    online: "в сети",
    offline: "не в сети",
    rename: "Переименовать",
    error: "Ошибка",
    empty: "ничего",
    host_links: "Ссылки-приглашения",
    language: "Язык",
    new_table: "Новый стол",
    version: "версия",
    match: "партия",
    bot_failed: "Бот сломался; стол ждёт",
    err_malformed: "Сервер не понял сообщение",
    err_too_large: "Сообщение слишком большое",
    err_too_many: "Слишком много сообщений подряд; помедленнее",
    err_unknown_table: "Такого стола нет (или его нельзя восстановить)",
    err_unknown_game: "Такой игры нет",
    err_invalid_option: "Неверные параметры стола",
    err_bad_token: "Эта ссылка не открывает место за этим столом",
    err_spectator: "Зрители смотрят, но не ходят",
    err_stale_version: "Стол уже изменился; посмотрите ещё раз и выберите снова",
    err_illegal_action: "Такой ход сейчас недопустим",
    err_syntax: "Такого действия в этой игре нет",
    err_not_finished: "Игра ещё не окончена",
    err_storage: "Не удалось сохранить; попробуйте ещё раз",
    err_internal: "Сервер не смог обработать сообщение",
    err_not_found: "Такого адреса нет",
    err_method_not_allowed: "Этот адрес так не вызывают",
    err_broken_table: "Этот стол нельзя открыть",
    err_read_only: "Эту партию можно только посмотреть",
    hand: "Рука",
    deck: "Колода",
    discard: "Сброс",
    items: "Показанные предметы",
    round: "Раунд",
    rounds: "Раунды",
    wins: "Побед",
    opponent: "Соперник",
    cards: "карт",
    selected: "Выбрано",
    choose_hand: "Выберите руку на дуэль",
    confirm: "Подтвердить",
    kill: "заявить убийство",
    show_item: "показать предмет",
    no_card: "нет карты",
    offer_end: "Предложить ничью",
    phase: "Фаза",
    strength: "сила",
    needs: "нужно",
    deadly: "тяжёлые раны",
  },
};

export function getLang() {
  const saved = localStorage.getItem("koloda.lang");
  if (saved === "en" || saved === "ru") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en";
}

export function setLang(lang) {
  localStorage.setItem("koloda.lang", lang);
  document.documentElement.lang = lang;
}

// The words of an error from the server: its own message in English (it says exactly what was
// refused), the code's words in another language (the server's details are English only).
export function errorText(lang, error) {
  const key = `err_${error.code}`;
  // the server's own words in Russian, when it gives them (a broken table's reason)
  if (lang === "ru" && error.message_ru) return error.message_ru;
  // a refusal is said by the server in the socket's language (koloda.action_words.refusal_text):
  // shown as sent, after the general words; a text with English words in it (a game whose
  // reasons are not all translated yet) is left out rather than shown half in English
  if (error.code === "illegal_action" && error.message && WORDS[lang] && WORDS[lang][key]
      && (lang === "en" || !/[A-Za-z]{2,}/.test(error.message))) {
    return `${WORDS[lang][key]}: ${error.message}`;
  }
  if (lang !== "en" && WORDS[lang] && WORDS[lang][key]) return WORDS[lang][key];
  return error.message || error.code;
}

// A bot in words from its kind and named parameters as the server sends them (koloda.bots'
// named_bot; the page never splits a spec): {kind: "ismcts", params: {budget: "1s"}} →
// "search, 1 s per move" («поиск, 1 с на ход»); with opponents=heuristic "search modelling the
// others, …"; another parameter by its name and value.
const BOT_KINDS = {
  random: { en: "random", ru: "случайный" },
  heuristic: { en: "heuristic", ru: "эвристика" },
  ismcts: { en: "search", ru: "поиск" },
  solver: { en: "solver", ru: "решатель" },
};
const BOT_VALUES = {
  peaceful: { en: "peaceful", ru: "миролюбивая" },
};

export function botLabel(lang, kind, params = {}) {
  const ru = lang === "ru";
  const words = BOT_KINDS[kind];
  let out = words ? words[lang] || words.en : kind;
  const p = params || {};
  if (p.opponents === "heuristic") out += ru ? " с моделью соперников" : " modelling the others";
  const budget = p.budget || "";
  if (budget.endsWith("s")) {
    const secs = Number(budget.slice(0, -1));
    out += ru ? `, ${num(lang, secs)} с на ход` : `, ${num(lang, secs)} s per move`;
  } else if (budget) {
    out += ru ? `, ${plural(lang, Number(budget), { one: "итерация", few: "итерации", many: "итераций" })} на ход`
      : `, ${plural(lang, Number(budget), { one: "iteration", other: "iterations" })} per move`;
  }
  if (p.style && BOT_VALUES[p.style]) out += `, ${BOT_VALUES[p.style][lang] || BOT_VALUES[p.style].en}`;
  return out;
}

// A count with its noun in the right plural form: plural("ru", 3, {one: "карта", few: "карты",
// many: "карт"}) → "3 карты" (Intl.PluralRules; a form missing falls back to "other"/"many").
export function plural(lang, n, forms) {
  const cat = new Intl.PluralRules(lang === "ru" ? "ru-RU" : "en-US").select(n);
  const word = forms[cat] || forms.other || forms.many || forms.one;
  return `${num(lang, n)} ${word}`;
}

// A number in the page's language: a decimal comma in Russian.
export function num(lang, x, digits = 2) {
  return new Intl.NumberFormat(lang === "ru" ? "ru-RU" : "en-US",
    { maximumFractionDigits: digits }).format(x);
}

export function tr(lang, key) {
  return (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
}

// A tiny element builder: h("div", {class: "x", onclick: f}, child, "text", …).
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function langSwitch(lang, onChange) {
  const box = h("div", { class: "lang", role: "group", "aria-label": tr(lang, "language") });
  for (const l of ["en", "ru"]) {
    box.append(
      h("button", {
        type: "button",
        class: l === lang ? "on" : "",
        "aria-pressed": l === lang ? "true" : "false",
        onclick: () => onChange(l),
      }, l.toUpperCase()),
    );
  }
  return box;
}
