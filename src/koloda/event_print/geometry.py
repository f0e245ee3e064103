"""Where things go on an A4 sheet (210 × 297 mm), in millimetres, for both renderers.

Cards are poker size, 63 × 88 mm, 3 × 3 abutting (one cut separates two cards), centred;
cut marks are short lines in the margins along every cut. Backs are placed mirrored for
printing on both sides with a long-edge flip (all backs are the same, so a misfed sheet shows
nothing either). Badges are 85 × 54 mm (a bank card), 2 × 5.

>>> card_origin(0), card_origin(8), card_origin(0, back=True)
((10.5, 16.5), (136.5, 192.5), (136.5, 16.5))
"""

from __future__ import annotations

from dataclasses import dataclass

PAGE_W, PAGE_H = 210.0, 297.0
CARD_W, CARD_H = 63.0, 88.0
BADGE_W, BADGE_H = 85.0, 54.0
#: The thickness of a printed cut line.
HAIR = 0.2
#: A cut mark's length and its gap from the card's corner.
MARK, GAP = 6.0, 1.5


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float


def _grid_origin(cols: int, rows: int, w: float, h: float) -> tuple[float, float]:
    return (PAGE_W - cols * w) / 2, (PAGE_H - rows * h) / 2


def card_origin(i: int, *, back: bool = False) -> tuple[float, float]:
    """The top-left corner of the ``i``-th card of a sheet (row by row)."""
    x0, y0 = _grid_origin(3, 3, CARD_W, CARD_H)
    row, col = divmod(i, 3)
    if back:
        col = 2 - col
    return x0 + col * CARD_W, y0 + row * CARD_H


def badge_origin(i: int) -> tuple[float, float]:
    x0, y0 = _grid_origin(2, 5, BADGE_W, BADGE_H)
    row, col = divmod(i, 2)
    return x0 + col * BADGE_W, y0 + row * BADGE_H


def _marks(cols: int, rows: int, w: float, h: float) -> list[Line]:
    x0, y0 = _grid_origin(cols, rows, w, h)
    x1, y1 = x0 + cols * w, y0 + rows * h
    out = []
    for i in range(cols + 1):
        x = round(x0 + i * w, 3)
        out.append(Line(x, y0 - GAP - MARK, x, y0 - GAP))
        out.append(Line(x, y1 + GAP, x, y1 + GAP + MARK))
    for j in range(rows + 1):
        y = round(y0 + j * h, 3)
        out.append(Line(x0 - GAP - MARK, y, x0 - GAP, y))
        out.append(Line(x1 + GAP, y, x1 + GAP + MARK, y))
    return out


def card_cut_marks() -> list[Line]:
    return _marks(3, 3, CARD_W, CARD_H)


def badge_cut_marks() -> list[Line]:
    return _marks(2, 5, BADGE_W, BADGE_H)


# The envelope sheet: (x, y, size) of each QR code. The strip below FOLD_Y folds up, face to
# the sheet, over the strip above it: the cards' list and the login end up inside.
ENV_BADGE_QR = (160.0, 14.0, 38.0)
ENV_WIFI_QR = (12.0, 62.0, 36.0)
ENV_SITE_QR = (110.0, 62.0, 36.0)
ENV_LOGIN_QR = (12.0, 236.0, 45.0)
ENV_FOLD_Y = 227.0


def poster_qrs(n: int) -> list[tuple[float, float, float]]:
    """Where a poster's ``n`` QR codes go (one centred, or two side by side)."""
    if n == 1:
        return [(65.0, 170.0, 80.0)]
    return [(22.0, 180.0, 70.0), (118.0, 180.0, 70.0)][:n]
