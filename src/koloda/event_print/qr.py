"""QR codes by ``segno``: as inline SVG for the HTML pages, as PNG for the PDFs.

Error correction M (15 %): enough for a code printed on paper that gets handled, small enough
that a login link stays a low version. ``segno`` may raise it when that costs no size.

>>> svg("Б-0137").startswith("<svg")
True
>>> png("Б-0137")[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import segno

#: Quiet zone around each code, in modules (the standard asks for 4; 2 reads fine on paper
#: with white around it, and the layouts leave white around every code).
BORDER = 2


def make(data: str) -> segno.QRCode:
    """The code of ``data`` (:class:`koloda.extras.MissingExtra`, the ``print`` extra, when
    ``segno`` is not installed)."""
    from koloda.extras import require

    qr: segno.QRCode = require("segno", extra="print", what="making QR codes").make(
        data, error="m", micro=False)
    return qr


@lru_cache(maxsize=4096)
def svg(data: str) -> str:
    """The code as an inline ``<svg>`` with a viewBox and no size (the CSS sizes it)."""
    out: str = make(data).svg_inline(scale=1, border=BORDER, omitsize=True, dark="#000",
                                     light="#fff")
    return out


@lru_cache(maxsize=4096)
def png(data: str) -> bytes:
    """The code as a PNG, 8 pixels a module (sharp at any printed size: the PDF scales it)."""
    buf = io.BytesIO()
    make(data).save(buf, kind="png", scale=8, border=BORDER)
    return buf.getvalue()
