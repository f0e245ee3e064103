// The generic renderer: any registered game, playable to the end. The observation is shown as a
// tidy tree, the legal actions as buttons (with a filter when there are many, and a text field
// for any action), the log in words by the page itself.

const SHOWN = 40;

function scalar(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? "✓" : "✗";
  return String(v);
}

function label(key) {
  return String(key).replace(/_/g, " ");
}

// A JSON value as nested lists; "log" keys are left to the page's log.
export function tree(h, value, depth = 0) {
  if (value === null || typeof value !== "object") return h("span", { class: "leaf" }, scalar(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "muted" }, "∅");
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("span", { class: "leaf" }, value.map(scalar).join(", "));
    }
    return h("ol", { class: "tree", start: 0 }, value.map((v) => h("li", {}, tree(h, v, depth + 1))));
  }
  const entries = Object.entries(value).filter(([k]) => !(depth === 0 && k === "log"));
  if (entries.length === 0) return h("span", { class: "muted" }, "∅");
  return h("dl", { class: "tree" }, entries.map(([k, v]) => [
    h("dt", {}, label(k)),
    h("dd", {}, tree(h, v, depth + 1)),
  ]));
}

export function render(ctx) {
  const { h, view, t } = ctx;
  return {
    board: h("section", { class: "panel" }, h("h2", {}, t("observation")), tree(h, view.observation)),
    actions: actionButtons(ctx, view.actions || []),
  };
}

// The debug switch: the raw legal list and the text field only with #debug in the address
// (remembered on this device) — a person reads the actions' words, never their syntax.
export function debugOn() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("debug")) localStorage.setItem("koloda.debug", params.get("debug") === "0" ? "" : "1");
  return localStorage.getItem("koloda.debug") === "1";
}

// Actions (the server's words for them: {text, label, kind, fields}) as buttons; the first
// nine answer the keys 1-9 (shortcut numbers from ``from``).
export function actionButtons(ctx, actions, { primary = false, from = 1 } = {}) {
  const { h, act, pending } = ctx;
  if (!actions.length) return null;
  return h("div", { class: "buttons choices" }, actions.map((a, i) => {
    const n = from + i;
    return h("button", {
      type: "button", class: `action${primary && i === 0 ? " primary" : ""}`, disabled: pending,
      "data-action": a.text, "data-kind": a.kind, "data-key": `act:${a.text}`,
      "data-shortcut": n <= 9 ? String(n) : undefined, onclick: () => act(a.text),
    }, n <= 9 ? h("kbd", {}, String(n)) : null, a.label);
  }));
}

// Every legal action as a button; the first nine answer the keys 1-9.
export function actionList(ctx, { open }) {
  const { h, view, t, act, pending } = ctx;
  const legal = view.legal;
  const box = h("details", { class: "panel all-actions", open: open ? true : undefined });
  box.append(h("summary", {}, `${t("all_actions")} (${legal.length})`));
  const list = h("div", { class: "buttons" });
  const filter = h("input", { type: "search", placeholder: t("filter"), "aria-label": t("filter"),
    "data-key": "filter" });
  const draw = () => {
    const q = filter.value.trim().toLowerCase();
    const shown = legal.filter((a) => !q || a.toLowerCase().includes(q));
    list.replaceChildren(...shown.slice(0, SHOWN).map((a, i) => h("button", {
      type: "button",
      class: "action raw",
      disabled: pending,
      "data-action": a,
      "data-key": `action:${a}`,
      onclick: () => act(a),
    }, a)));
    if (shown.length > SHOWN) list.append(h("span", { class: "muted" }, `+${shown.length - SHOWN} ${t("more")}`));
  };
  filter.addEventListener("input", draw);
  draw();
  if (legal.length > 12) box.append(filter);
  box.append(list);
  if (view.seat !== null) {
    const text = h("input", { type: "text", name: "action", "aria-label": t("action_text"),
      placeholder: t("action_text"), "data-key": "action-text" });
    const form = h("form", { class: "action-text" }, text,
      h("button", { type: "submit", disabled: pending }, t("send")));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (text.value.trim()) act(text.value.trim());
    });
    box.append(form);
  }
  return box;
}
