"""The printed documents as PDF (fpdf2), with the same content and positions as the HTML.

The text is set in DejaVu Sans (Cyrillic): Debian's ``fonts-dejavu-core``
(``scripts/system-deps.sh``), else the copy matplotlib ships, else the directory named by
``KOLODA_FONT_DIR``. Nothing is downloaded. QR codes are PNG images from segno (one embedded
copy per distinct code).
"""

from __future__ import annotations

import datetime as _dt
import io
import os
from pathlib import Path
from typing import Any

from koloda.event_print import content as c
from koloda.event_print import geometry as g
from koloda.event_print import qr

FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu",
             "/usr/local/share/fonts/dejavu")
FONTS = {("Sans", ""): "DejaVuSans.ttf", ("Sans", "B"): "DejaVuSans-Bold.ttf",
         ("Mono", ""): "DejaVuSansMono.ttf", ("Mono", "B"): "DejaVuSansMono-Bold.ttf",
         ("Serif", ""): "DejaVuSerif.ttf"}


class FontMissing(RuntimeError):
    """No DejaVu fonts were found (the message says how to install them)."""


def font_dir() -> Path:
    """The directory holding the DejaVu fonts."""
    candidates = [os.environ.get("KOLODA_FONT_DIR", ""), *FONT_DIRS]
    try:
        import matplotlib

        candidates.append(str(Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf"))
    except ImportError:
        pass
    for d in candidates:
        if d and all((Path(d) / name).is_file() for name in FONTS.values()):
            return Path(d)
    raise FontMissing("the PDFs need the DejaVu fonts: apt-get install fonts-dejavu-core "
                      "(or set KOLODA_FONT_DIR to a directory holding DejaVuSans.ttf, "
                      "DejaVuSans-Bold.ttf, DejaVuSansMono.ttf and DejaVuSerif.ttf)")


def _pdf(src: c.PrintSource, title: str, *, landscape: bool = False) -> Any:
    from koloda.extras import require

    require("fpdf", extra="print", what="printing to PDF")
    from fpdf import FPDF

    pdf = FPDF(orientation="L" if landscape else "P", unit="mm", format="A4")
    d = font_dir()
    for (family, style), name in FONTS.items():
        pdf.add_font(family, style, str(d / name))
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.set_title(title)
    pdf.set_lang(src.lang)
    pdf.set_creator("Koloda")
    pdf.set_creation_date(_dt.datetime.fromtimestamp(0, _dt.UTC))
    return pdf


def _font(pdf: Any, size: float, style: str = "", family: str = "Sans") -> None:
    pdf.set_font(family, style, size)


def _text(pdf: Any, x: float, y: float, w: float, text: str, size: float, *,
          style: str = "", family: str = "Sans", align: str = "L",
          line: float | None = None) -> float:
    """``text`` wrapped in a box ``w`` wide at (x, y); returns the y below it."""
    _font(pdf, size, style, family)
    pdf.set_xy(x, y)
    pdf.multi_cell(w, line or size * 0.45, text, align=align, new_x="LEFT", new_y="NEXT")
    return float(pdf.get_y())


def _qr(pdf: Any, data: str, x: float, y: float, size: float) -> None:
    pdf.image(io.BytesIO(qr.png(data)), x=x, y=y, w=size, h=size)


def _marks(pdf: Any, lines: list[g.Line]) -> None:
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(g.HAIR)
    for ln in lines:
        pdf.line(ln.x1, ln.y1, ln.x2, ln.y2)


def _reset(pdf: Any) -> None:
    pdf.set_draw_color(0, 0, 0)
    pdf.set_fill_color(255, 255, 255)
    pdf.set_text_color(0, 0, 0)
    pdf.set_line_width(g.HAIR)
    pdf.set_dash_pattern()
    _font(pdf, 10)


def _out(pdf: Any) -> bytes:
    return bytes(pdf.output())


# --- cards -----------------------------------------------------------------------------------


def _face(pdf: Any, face: c.CardFace, x: float, y: float) -> None:
    w = g.CARD_W - 8
    yy = _text(pdf, x + 4, y + 4, w, face.name, 12, style="B", line=5)
    yy = max(yy, y + 15) + 6
    yy = _text(pdf, x + 4, yy, w, face.kind, 16 if face.strength else 11, style="B", line=7)
    if face.strength:
        yy = _text(pdf, x + 4, yy + 1, w, face.strength, 13, line=6)
    if face.requires:
        yy = _text(pdf, x + 4, yy + 3, w, face.requires, 9, line=4)
    if face.deadly:
        pdf.set_text_color(170, 0, 0)
        pdf.set_draw_color(170, 0, 0)
        pdf.set_line_width(0.4)
        _font(pdf, 9, "B")
        tw = pdf.get_string_width(face.deadly) + 3
        pdf.rect(x + 4, yy + 3, min(tw, w), 6)
        _text(pdf, x + 5.5, yy + 4.2, w - 3, face.deadly, 9, style="B", line=4)
        pdf.set_text_color(0, 0, 0)
    _text(pdf, x + 4, y + g.CARD_H - 9, 36, face.serial, 10, family="Mono", line=4)
    _qr(pdf, face.qr, x + g.CARD_W - 18, y + g.CARD_H - 18, 15)


def _back(pdf: Any, title: str, x: float, y: float) -> None:
    pdf.set_draw_color(51, 51, 51)
    pdf.set_line_width(0.5)
    pdf.rect(x + 4, y + 4, 55, 80)
    pdf.set_draw_color(153, 153, 153)
    pdf.set_line_width(0.3)
    with pdf.rect_clip(x + 4, y + 4, 55, 80):
        for i in range(20):
            pdf.line(x + 4 - 88 + 8 * i, y + 4, x + 4 + 8 * i, y + 92)
            pdf.line(x + 4 + 8 * i, y + 4, x + 4 - 88 + 8 * i, y + 92)
    pdf.set_fill_color(255, 255, 255)
    pdf.set_draw_color(51, 51, 51)
    pdf.rect(x + 9, y + 38, 45, 12, style="DF")
    _text(pdf, x + 9, y + 41.5, 45, title[:28], 10, family="Serif", align="C", line=5)


def cards(src: c.PrintSource) -> bytes:
    pdf = _pdf(src, f"{src.title}: карты" if src.lang == "ru" else f"{src.title}: cards")
    back = c.card_back_text(src)
    for sheet in c.card_sheets(src):
        pdf.add_page()
        pdf.set_text_color(68, 68, 68)
        _font(pdf, 7)
        pdf.set_xy(10.5, 5)
        label = sheet.label
        while pdf.get_string_width(label) > 189 and len(label) > 4:
            label = label[:-2] + "…"
        pdf.cell(189, 4, label)
        pdf.set_text_color(0, 0, 0)
        _marks(pdf, g.card_cut_marks())
        for i, face in enumerate(sheet.faces):
            _face(pdf, face, *g.card_origin(i))
        _reset(pdf)  # the same drawing state at the start of every back page
        pdf.add_page()
        _marks(pdf, g.card_cut_marks())
        for i in range(c.CARDS_PER_SHEET):
            _back(pdf, back, *g.card_origin(i, back=True))
    return _out(pdf)


# --- envelopes -------------------------------------------------------------------------------


def _envelope(pdf: Any, src: c.PrintSource, e: c.Envelope) -> None:
    pdf.add_page()
    pdf.set_text_color(51, 51, 51)
    _text(pdf, 12, 8, 186, f"{src.title} — {src.w('envelope')}", 10)
    pdf.set_text_color(0, 0, 0)
    _text(pdf, 12, 16, 140, e.name, 22, style="B", line=9)
    _text(pdf, 12, 30, 140, " · ".join(x for x in (e.role, e.team) if x), 11)
    _font(pdf, 11)
    pdf.set_xy(12, 42)
    label = f"{src.w('badge_title')}: "
    pdf.cell(pdf.get_string_width(label) + 1, 10, label)
    _font(pdf, 26, "B", "Mono")
    pdf.cell(pdf.get_string_width(e.badge) + 2, 10, e.badge)
    _text(pdf, 12, 53, 140, src.w("badge_caption"), 8)
    _qr(pdf, e.badge_qr, *g.ENV_BADGE_QR)
    if e.wifi_qr:
        x, y, s = g.ENV_WIFI_QR
        _qr(pdf, e.wifi_qr, x, y, s)
        yy = _text(pdf, x + s + 3, y + 4, 50, src.w("wifi_caption"), 8, style="B")
        _text(pdf, x + s + 3, yy, 50, e.wifi_line, 8)
    x, y, s = g.ENV_SITE_QR
    _qr(pdf, e.site_qr, x, y, s)
    yy = _text(pdf, x + s + 3, y + 4, 50, src.w("site_caption"), 8, style="B")
    _text(pdf, x + s + 3, yy, 50, e.site_qr, 8)
    yy = _text(pdf, 12, 108, 186, src.w("rules"), 10, style="B", line=5)
    for r in e.rules:
        yy = _text(pdf, 12, yy + 0.3, 186, f"•  {r}", 8, line=3.6)
    yy = _text(pdf, 12, 160, 186, src.w("your_cards", n=len(e.cards)), 10, style="B", line=5)
    if not e.cards:
        _text(pdf, 12, yy + 1, 186, src.w("no_cards"), 8)
    half = (len(e.cards) + 1) // 2
    ys = [yy + 1, yy + 1]
    for i, (serial, name, detail) in enumerate(e.cards):
        col = 0 if i < half else 1
        ys[col] = _text(pdf, 12 + col * 95, ys[col], 92,
                        f"{i + 1}. {serial} {name} — {detail}", 7.5, line=3.4) + 0.4
    pdf.set_text_color(51, 51, 51)
    _text(pdf, 12, 221, 186, "✂ " + src.w("fold"), 7.5, line=3.4)
    pdf.set_text_color(0, 0, 0)
    pdf.set_line_width(0.3)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_dash_pattern(dash=2, gap=1.5)
    pdf.line(0, g.ENV_FOLD_Y, g.PAGE_W, g.ENV_FOLD_Y)
    pdf.set_dash_pattern()
    _qr(pdf, e.login_qr, *g.ENV_LOGIN_QR)
    yy = _text(pdf, 62, 238, 136, src.w("login"), 10, style="B", line=5)
    _text(pdf, 62, yy + 2, 136, src.w("login_note"), 9, line=4.2)


def envelopes(src: c.PrintSource) -> bytes:
    pdf = _pdf(src, f"{src.title}: {src.w('envelope')}")
    for e in c.envelopes(src):
        _envelope(pdf, src, e)
    return _out(pdf)


# --- badges ----------------------------------------------------------------------------------


def badges(src: c.PrintSource) -> bytes:
    pdf = _pdf(src, f"{src.title}: {src.w('badge_title')}")
    for chunk in c.chunked(c.badges(src), c.BADGES_PER_SHEET):
        pdf.add_page()
        _marks(pdf, g.badge_cut_marks())
        for i, b in enumerate(chunk):
            x, y = g.badge_origin(i)
            pdf.set_text_color(68, 68, 68)
            yy = _text(pdf, x + 4, y + 4, 48, src.title, 7, line=3)
            pdf.set_text_color(0, 0, 0)
            yy = _text(pdf, x + 4, yy + 2, 48, b.name, 12, style="B", line=5)
            _text(pdf, x + 4, yy + 1, 48, " · ".join(v for v in (b.role, b.team) if v), 8)
            _text(pdf, x + 4, y + g.BADGE_H - 13, 48, b.code, 22, style="B", family="Mono",
                  line=9)
            _qr(pdf, b.qr, x + g.BADGE_W - 33, y + 10, 30)
    return _out(pdf)


# --- posters ---------------------------------------------------------------------------------


def _poster(pdf: Any, p: c.Poster) -> None:
    pdf.add_page()
    _text(pdf, 15, 18, 180, p.title, 40, style="B", align="C", line=16)
    _text(pdf, 15, 42, 180, p.subtitle, 20, align="C", line=9)
    yy = 62.0
    for line in p.lines:
        yy = _text(pdf, 20, yy, 170, line, 14, line=6.6) + 3
    for (caption, data), (x, y, s) in zip(p.qrs, g.poster_qrs(len(p.qrs)), strict=True):
        _qr(pdf, data, x, y, s)
        _text(pdf, x - 10, y + s + 1, s + 20, caption, 10, align="C", line=4.5)
    if p.small:
        _text(pdf, 15, 280, 180, p.small, 8, family="Mono", align="C", line=3.6)


def posters(src: c.PrintSource) -> bytes:
    pdf = _pdf(src, f"{src.title}: {src.w('room')}, {src.w('hospital')}")
    for p in c.posters(src):
        _poster(pdf, p)
    return _out(pdf)


def join(src: c.PrintSource) -> bytes:
    pdf = _pdf(src, f"{src.title}: {src.w('join')}")
    _poster(pdf, c.join_poster(src))
    return _out(pdf)


# --- the roster ------------------------------------------------------------------------------


def roster(src: c.PrintSource) -> bytes:
    r = c.roster(src)
    pdf = _pdf(src, f"{src.title}: {src.w('roster')}", landscape=True)
    pdf.set_margins(10, 10, 10)
    pdf.set_auto_page_break(True, margin=10)
    pdf.add_page()
    _font(pdf, 14, "B")
    pdf.multi_cell(0, 7, f"{src.w('roster')}: {r.title}", new_x="LMARGIN", new_y="NEXT")
    _font(pdf, 9)
    pdf.multi_cell(0, 5, f"{r.at}. {r.note}", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    _font(pdf, 8)
    widths = (45, 30, 15, 28, 14, 75, 70)
    with pdf.table(col_widths=widths, line_height=3.8, first_row_as_headings=True,
                   repeat_headings=1) as table:
        table.row(r.headers)
        for x in r.rows:
            table.row((f"{x.name}\n{x.role}", x.team, x.badge, x.state, x.limit, x.deck,
                       x.discard))
    if r.others:
        pdf.ln(4)
        _font(pdf, 12, "B")
        pdf.multi_cell(0, 6, src.w("other_cards"), new_x="LMARGIN", new_y="NEXT")
        _font(pdf, 8)
        with pdf.table(col_widths=(30, 70, 80, 60), line_height=3.8,
                       first_row_as_headings=True, repeat_headings=1) as table:
            table.row(r.other_headers)
            for row in r.others:
                table.row(row)
    return _out(pdf)


def _heading(pdf: Any, text: str, size: float = 12) -> None:
    pdf.ln(3)
    _font(pdf, size, "B")
    pdf.multi_cell(0, size * 0.5, text, new_x="LMARGIN", new_y="NEXT")
    _font(pdf, 8)


def _rows(pdf: Any, widths: tuple[int, ...], headers: tuple[str, ...],
          rows: tuple[tuple[str, ...], ...]) -> None:
    with pdf.table(col_widths=widths, line_height=3.8, first_row_as_headings=True,
                   repeat_headings=1) as table:
        table.row(headers)
        for row in rows:
            table.row(row)


def report(src: c.PrintSource) -> bytes:
    r = c.report(src)
    pdf = _pdf(src, f"{src.title}: {src.w('report')}", landscape=True)
    pdf.set_margins(10, 10, 10)
    pdf.set_auto_page_break(True, margin=10)
    pdf.add_page()
    _heading(pdf, f"{src.w('report')}: {r.title}", 14)
    _font(pdf, 9)
    pdf.multi_cell(0, 4.5, f"{r.at}. {r.summary}", new_x="LMARGIN", new_y="NEXT")
    _heading(pdf, src.w("duels"))
    if r.duels:
        _rows(pdf, (22, 45, 25, 70, 45, 45, 25), r.duel_headers, r.duels)
    else:
        pdf.multi_cell(0, 4, src.w("no_duels"), new_x="LMARGIN", new_y="NEXT")
    _heading(pdf, src.w("deaths"))
    if r.deaths:
        _rows(pdf, (90, 90, 97), r.death_headers, r.deaths)
    else:
        pdf.multi_cell(0, 4, src.w("no_deaths"), new_x="LMARGIN", new_y="NEXT")
    if r.others:
        _heading(pdf, src.w("other_cards"))
        _rows(pdf, (30, 70, 80, 60), r.other_headers, r.others)
    return _out(pdf)


RENDER = {"cards": cards, "envelopes": envelopes, "badges": badges, "posters": posters,
          "join": join, "roster": roster, "report": report}


def render(document: str, src: c.PrintSource) -> bytes:
    """The PDF of ``document`` (one of :data:`~.content.DOCUMENTS`)."""
    return RENDER[document](src)
