"""The printed documents as HTML: one self-contained page each (inline CSS, QR codes as inline
SVG, no script, no external reference), A4 sheets of fixed size in millimetres, printed from
any browser (print at 100 %, no margins, background graphics on).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from importlib import resources

from koloda.event_print import content as c
from koloda.event_print import geometry as g
from koloda.event_print import qr


def _css() -> str:
    return resources.files("koloda.event_print").joinpath("print.css").read_text("utf-8")


def _page(src: c.PrintSource, title: str, body: str, *, page: str = "size: A4; margin: 0;",
          cls: str = "") -> str:
    return (f'<!doctype html>\n<html lang="{src.lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width">'
            f"<title>{escape(title)}</title><style>@page {{ {page} }}\n{_css()}</style>"
            f'</head><body class="{cls}">\n{body}</body></html>\n')


def _qr(data: str, x: float, y: float, size: float, cls: str = "qr") -> str:
    return (f'<div class="{cls}" style="left:{x}mm;top:{y}mm;width:{size}mm;height:{size}mm">'
            f"{qr.svg(data)}</div>")


def _cut_marks(lines: Iterable[g.Line]) -> str:
    out = []
    for ln in lines:
        w = max(ln.x2 - ln.x1, g.HAIR)
        h = max(ln.y2 - ln.y1, g.HAIR)
        out.append(f'<div class="cut" style="left:{ln.x1}mm;top:{ln.y1}mm;width:{w}mm;'
                   f'height:{h}mm"></div>')
    return "".join(out)


def _sheet(inner: str, cls: str = "") -> str:
    return f'<section class="sheet {cls}">{inner}</section>\n'


# --- cards -----------------------------------------------------------------------------------


def _face(face: c.CardFace, x: float, y: float) -> str:
    parts = [f'<div class="name">{escape(face.name)}</div>',
             f'<div class="kind{"" if face.strength else " item"}">{escape(face.kind)}</div>']
    if face.strength:
        parts.append(f'<div class="strength">{escape(face.strength)}</div>')
    if face.requires:
        parts.append(f'<div class="req">{escape(face.requires)}</div>')
    if face.deadly:
        parts.append(f'<div class="deadly">{escape(face.deadly)}</div>')
    parts.append(f'<div class="serial">{escape(face.serial)}</div>')
    parts.append(f'<div class="qr">{qr.svg(face.qr)}</div>')
    return f'<div class="card face" style="left:{x}mm;top:{y}mm">{"".join(parts)}</div>'


def _back_svg(title: str) -> str:
    """The one back every card has: a frame, a lattice and the event's title."""
    lattice = "".join(
        f'<line x1="{-88 + 8 * i}" y1="0" x2="{8 * i}" y2="88"/>'
        f'<line x1="{8 * i}" y1="0" x2="{-88 + 8 * i}" y2="88"/>' for i in range(20))
    return (f'<svg viewBox="0 0 63 88"><rect x="4" y="4" width="55" height="80" fill="none" '
            f'stroke="#333" stroke-width="0.5"/><svg x="4" y="4" width="55" height="80" '
            f'viewBox="0 0 55 80"><g stroke="#999" stroke-width="0.3">{lattice}</g></svg>'
            f'<rect x="9" y="38" width="45" height="12" fill="#fff" stroke="#333" '
            f'stroke-width="0.3"/><text x="31.5" y="45.6" font-size="4.2" text-anchor="middle" '
            f'font-family="DejaVu Serif, serif">{escape(title[:28])}</text></svg>')


def cards(src: c.PrintSource) -> str:
    sheets = c.card_sheets(src)
    back = _back_svg(c.card_back_text(src))
    marks = _cut_marks(g.card_cut_marks())
    body = []
    for sheet in sheets:
        inner = [f'<div class="margin-label">{escape(sheet.label)}</div>', marks]
        for i, face in enumerate(sheet.faces):
            x, y = g.card_origin(i)
            inner.append(_face(face, x, y))
        body.append(_sheet("".join(inner), "faces"))
        backs = [marks]
        for i in range(c.CARDS_PER_SHEET):  # every position, so every back page is the same
            x, y = g.card_origin(i, back=True)
            backs.append(f'<div class="card back" style="left:{x}mm;top:{y}mm">{back}</div>')
        body.append(_sheet("".join(backs), "backs"))
    return _page(src, f"{src.title}: карты" if src.lang == "ru" else f"{src.title}: cards",
                 "".join(body), cls="doc-cards")


# --- envelopes -------------------------------------------------------------------------------


def _abs(cls: str, inner: str) -> str:
    return f'<div class="abs {cls}">{inner}</div>'


def _envelope(src: c.PrintSource, e: c.Envelope) -> str:
    who = " · ".join(x for x in (e.role, e.team) if x)
    parts = [
        _abs("title", escape(f"{src.title} — {src.w('envelope')}")),
        _abs("name", escape(e.name)),
        _abs("who", escape(who)),
        _abs("badge-code", f"{escape(src.w('badge_title'))}: <b>{escape(e.badge)}</b><br>"
                           f'<span class="cap">{escape(src.w("badge_caption"))}</span>'),
        _qr(e.badge_qr, *g.ENV_BADGE_QR),
    ]
    if e.wifi_qr:
        x, y, s = g.ENV_WIFI_QR
        parts.append(_qr(e.wifi_qr, x, y, s))
        parts.append(f'<div class="abs cap" style="left:{x + s + 3}mm;top:{y + 4}mm;width:50mm">'
                     f"<b>{escape(src.w('wifi_caption'))}</b><br>{escape(e.wifi_line)}</div>")
    x, y, s = g.ENV_SITE_QR
    parts.append(_qr(e.site_qr, x, y, s))
    parts.append(f'<div class="abs cap" style="left:{x + s + 3}mm;top:{y + 4}mm;width:50mm">'
                 f"<b>{escape(src.w('site_caption'))}</b><br>{escape(e.site_qr)}</div>")
    rules = "".join(f"<li>{escape(r)}</li>" for r in e.rules)
    parts.append(_abs("rules", f"<h2>{escape(src.w('rules'))}</h2><ul>{rules}</ul>"))
    if e.cards:
        items = "".join(f"<li><b>{escape(s)}</b> {escape(n)} — {escape(d)}</li>"
                        for s, n, d in e.cards)
        listing = f"<ol>{items}</ol>"
    else:
        listing = f"<p>{escape(src.w('no_cards'))}</p>"
    parts.append(_abs("cards", f"<h2>{escape(src.w('your_cards', n=len(e.cards)))}</h2>"
                               f"{listing}"))
    parts.append(_abs("fold-text", "✂ " + escape(src.w("fold"))))
    parts.append(_abs("fold", ""))
    parts.append(_qr(e.login_qr, *g.ENV_LOGIN_QR))
    parts.append(_abs("login", f"<h2>{escape(src.w('login'))}</h2>"
                               f"<p>{escape(src.w('login_note'))}</p>"))
    return _sheet("".join(parts), "env")


def envelopes(src: c.PrintSource) -> str:
    body = "".join(_envelope(src, e) for e in c.envelopes(src))
    return _page(src, f"{src.title}: {src.w('envelope')}", body, cls="doc-envelopes")


# --- badges ----------------------------------------------------------------------------------


def badges(src: c.PrintSource) -> str:
    marks = _cut_marks(g.badge_cut_marks())
    body = []
    for chunk in c.chunked(c.badges(src), c.BADGES_PER_SHEET):
        inner = [marks]
        for i, b in enumerate(chunk):
            x, y = g.badge_origin(i)
            who = " · ".join(v for v in (b.role, b.team) if v)
            inner.append(
                f'<div class="badge" style="left:{x}mm;top:{y}mm">'
                f'<div class="event">{escape(src.title)}</div>'
                f'<div class="name">{escape(b.name)}</div><div class="who">{escape(who)}</div>'
                f'<div class="code">{escape(b.code)}</div>'
                f'<div class="qr">{qr.svg(b.qr)}</div></div>')
        body.append(_sheet("".join(inner), "badges"))
    return _page(src, f"{src.title}: {src.w('badge_title')}", "".join(body), cls="doc-badges")


# --- posters ---------------------------------------------------------------------------------


def _poster(p: c.Poster) -> str:
    parts = [_abs("title", escape(p.title)), _abs("subtitle", escape(p.subtitle)),
             _abs("lines", "".join(f"<p>{escape(x)}</p>" for x in p.lines))]
    for (caption, data), (x, y, s) in zip(p.qrs, g.poster_qrs(len(p.qrs)), strict=True):
        parts.append(_qr(data, x, y, s))
        parts.append(f'<div class="abs cap" style="left:{x - 10}mm;top:{y + s + 1}mm;'
                     f'width:{s + 20}mm">{escape(caption)}</div>')
    if p.small:
        parts.append(_abs("small", escape(p.small)))
    return _sheet("".join(parts), "poster")


def posters(src: c.PrintSource) -> str:
    return _page(src, f"{src.title}: {src.w('room')}, {src.w('hospital')}",
                 "".join(_poster(p) for p in c.posters(src)), cls="doc-posters")


def join(src: c.PrintSource) -> str:
    return _page(src, f"{src.title}: {src.w('join')}", _poster(c.join_poster(src)),
                 cls="doc-join")


# --- the roster ------------------------------------------------------------------------------


def roster(src: c.PrintSource) -> str:
    r = c.roster(src)
    head = "".join(f"<th>{escape(h)}</th>" for h in r.headers)
    rows = "".join(
        f"<tr><td>{escape(x.name)}<br><small>{escape(x.role)}</small></td>"
        f"<td>{escape(x.team)}</td><td class=mono>{escape(x.badge)}</td>"
        f"<td>{escape(x.state)}</td><td>{escape(x.limit)}</td>"
        f"<td class=mono>{escape(x.deck)}</td><td class=mono>{escape(x.discard)}</td></tr>"
        for x in r.rows)
    body = [f"<h1>{escape(src.w('roster'))}: {escape(r.title)}</h1>",
            f'<div class="at">{escape(r.at)}. {escape(r.note)}</div>',
            f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"]
    if r.others:
        ohead = "".join(f"<th>{escape(h)}</th>" for h in r.other_headers)
        orows = "".join(f"<tr><td class=mono>{escape(s)}</td><td>{escape(n)}</td>"
                        f"<td>{escape(w)}</td><td>{escape(f)}</td></tr>"
                        for s, n, w, f in r.others)
        body.append(f"<h1>{escape(src.w('other_cards'))}</h1><table><thead><tr>{ohead}</tr>"
                    f"</thead><tbody>{orows}</tbody></table>")
    return _page(src, f"{src.title}: {src.w('roster')}", "".join(body),
                 page="size: A4 landscape; margin: 10mm;", cls="roster")


def _table(headers: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(x)}</td>" for x in row) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def report(src: c.PrintSource) -> str:
    r = c.report(src)
    body = [f"<h1>{escape(src.w('report'))}: {escape(r.title)}</h1>",
            f'<div class="at">{escape(r.at)}</div><p>{escape(r.summary)}</p>',
            f"<h1>{escape(src.w('duels'))}</h1>",
            _table(r.duel_headers, r.duels) if r.duels else
            f"<p>{escape(src.w('no_duels'))}</p>",
            f"<h1>{escape(src.w('deaths'))}</h1>",
            _table(r.death_headers, r.deaths) if r.deaths else
            f"<p>{escape(src.w('no_deaths'))}</p>"]
    if r.others:
        body += [f"<h1>{escape(src.w('other_cards'))}</h1>", _table(r.other_headers, r.others)]
    return _page(src, f"{src.title}: {src.w('report')}", "".join(body),
                 page="size: A4 landscape; margin: 10mm;", cls="roster")


RENDER = {"cards": cards, "envelopes": envelopes, "badges": badges, "posters": posters,
          "join": join, "roster": roster, "report": report}


def render(document: str, src: c.PrintSource) -> str:
    """The HTML of ``document`` (one of :data:`~.content.DOCUMENTS`)."""
    return RENDER[document](src)
