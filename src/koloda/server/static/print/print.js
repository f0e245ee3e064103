// The masters' print page: /e/{id}/print. It asks the server for a document with the master's
// login in the Authorization header (never in a URL) and offers it as a PDF to save or as an
// HTML page to print from the browser. The login comes from the page's fragment (#login=…) or
// from this browser's storage, where the event's pages keep it.

const EVENT = decodeURIComponent(location.pathname.split("/")[2] || "");
const KEY = `koloda.event.${EVENT}`;

const frag = {};
for (const part of location.hash.replace(/^#/, "").split("&")) {
  const [k, v] = part.split("=");
  if (k) frag[k] = decodeURIComponent(v || "");
}
if (frag.login) localStorage.setItem(`${KEY}.login`, frag.login);
if (location.hash) history.replaceState(null, "", location.pathname + location.search);
const token = localStorage.getItem(`${KEY}.login`);

let lang = localStorage.getItem("koloda.lang") === "en" ? "en" : "ru";

const W = {
  title: { ru: "Печать", en: "Printing" },
  wifi: { ru: "Сеть Wi-Fi (для QR-кодов)", en: "Wi-Fi (for the QR codes)" },
  ssid: { ru: "Имя сети", en: "Network name" },
  password: { ru: "Пароль", en: "Password" },
  people: { ru: "Только участники (номера через запятую)", en: "Only participants (ids, comma-separated)" },
  serials: { ru: "Только карты (номера через запятую)", en: "Only cards (serials, comma-separated)" },
  rooms: { ru: "Комнаты отдыха (через запятую)", en: "Rest rooms (comma-separated)" },
  choose: { ru: "Что напечатать", en: "What to print" },
  pdf: { ru: "PDF", en: "PDF" },
  html: { ru: "Открыть для печати", en: "Open to print" },
  working: { ru: "Готовлю…", en: "Preparing…" },
  ready: { ru: "Готово: ", en: "Ready: " },
  failed: { ru: "Не получилось: ", en: "Failed: " },
  no_login: {
    ru: "Откройте эту страницу по ссылке входа мастера (…/print#login=…) или сначала мастерскую.",
    en: "Open this page with a master's login link (…/print#login=…) or the desk first.",
  },
  cards: { ru: ["Листы карт", "A4, 3 × 3 карты 63 × 88 мм, лицо и рубашка; печатать с двух сторон"],
           en: ["Card sheets", "A4, 3 × 3 cards of 63 × 88 mm, faces and backs; print double-sided"] },
  envelopes: { ru: ["Конверты участников", "лист на каждого: значок, Wi-Fi, правила, карты, личный вход под загибом"],
               en: ["Envelope sheets", "one per person: badge, Wi-Fi, rules, cards, the login under the flap"] },
  badges: { ru: ["Значки", "85 × 54 мм, номер и QR-код"], en: ["Badges", "85 × 54 mm, number and QR code"] },
  posters: { ru: ["Плакаты комнат и госпиталя", "правила отдыха и тяжёлого ранения"],
             en: ["Room and hospital posters", "the rules of rest and of grave wounds"] },
  join: { ru: ["Плакат подключения", "QR-коды Wi-Fi и сайта, отпечаток сертификата"],
          en: ["Join poster", "Wi-Fi and site QR codes, the certificate's fingerprint"] },
  roster: { ru: ["Бумажная ведомость", "все карты у всех: на случай, если ноутбук откажет"],
            en: ["Paper roster", "every holding: for when the laptop fails"] },
  report: { ru: ["Итоги игры", "дуэли, погибшие, карты у мастеров"],
            en: ["End-of-event report", "duels, deaths, the masters' cards"] },
};
const DOCS = ["cards", "envelopes", "badges", "posters", "join", "roster", "report"];
const t = (k) => W[k][lang];

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v);
  }
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

const fields = {};

function field(name, type = "text") {
  const input = h("input", { id: `f-${name}`, type, autocomplete: "off" });
  input.value = fields[name]?.value || "";
  fields[name] = input;
  return h("label", { for: `f-${name}` }, h("span", {}, t(name)), input);
}

function query(doc, format) {
  const q = new URLSearchParams({ format, lang });
  const v = (k) => fields[k].value.trim();
  if (v("ssid")) { q.set("ssid", v("ssid")); q.set("password", v("password")); }
  if (v("people")) q.set("who", v("people"));
  if (v("serials") && doc === "cards") q.set("serial", v("serials"));
  for (const r of v("rooms").split(",").map((x) => x.trim()).filter(Boolean)) q.append("room", r);
  return `/api/events/${encodeURIComponent(EVENT)}/print/${doc}?${q}`;
}

function say(text, bad = false) {
  const s = document.getElementById("status");
  s.textContent = text;
  s.className = bad ? "bad" : "";
}

async function fetchDoc(doc, format) {
  say(t("working"));
  const r = await fetch(query(doc, format), { headers: { Authorization: `Bearer ${token}` } });
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    say(t("failed") + (body.message || r.status), true);
    return null;
  }
  say(t("ready") + W[doc][lang][0]);
  return URL.createObjectURL(await r.blob());
}

async function pdf(doc) {
  const url = await fetchDoc(doc, "pdf");
  if (!url) return;
  const a = h("a", { href: url, download: `${EVENT}-${doc}.pdf`, id: `saved-${doc}` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

async function html(doc) {
  const url = await fetchDoc(doc, "html");
  if (url) window.open(url, "_blank");
}

function render() {
  document.documentElement.lang = lang;
  document.title = `${t("title")} — Koloda`;
  const app = document.getElementById("app");
  const langs = h("div", { class: "lang" });
  for (const l of ["ru", "en"]) {
    langs.append(h("button", {
      type: "button", class: l === lang ? "on" : "", "data-lang": l,
      onclick: () => { lang = l; localStorage.setItem("koloda.lang", l); render(); },
    }, l === "ru" ? "РУС" : "ENG"));
  }
  const docs = DOCS.map((d) => h("div", { class: "doc", "data-doc": d },
    h("div", { class: "what" }, h("b", {}, W[d][lang][0]), W[d][lang][1]),
    h("button", { type: "button", "data-format": "pdf", onclick: () => pdf(d) }, t("pdf")),
    h("button", { type: "button", "data-format": "html", onclick: () => html(d) }, t("html"))));
  app.replaceChildren(
    langs, h("h1", {}, t("title")),
    h("fieldset", {}, h("legend", {}, t("wifi")), field("ssid"), field("password")),
    h("fieldset", {}, field("people"), field("serials"), field("rooms")),
    h("p", { id: "status", role: "status" }),
    h("fieldset", {}, h("legend", {}, t("choose")), ...docs));
  if (!token) say(t("no_login"), true);
}

render();
