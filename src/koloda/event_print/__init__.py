"""Printing for a live event (``docs/event.md``): card sheets, envelope sheets, badges, posters
and the paper roster, as print-ready HTML (CSS ``@page``) and as PDF, with QR codes by
``segno``.

- :mod:`.content` reads what each document shows from the event's state and logins, in
  Russian or English (one place decides what is printed; the two renderers only lay it out);
- :mod:`.html` lays it out as one HTML page per document (inline CSS and SVG, no script, no
  external reference: it prints the same from a file, a USB stick or the server);
- :mod:`.pdf` lays out the same content with fpdf2 and the DejaVu fonts (Cyrillic), the QR
  codes as PNG images.

What must never be printed where others see it: a card's serial and QR code are on its face
only, the backs are all the same; a login is only on its owner's envelope sheet, on the flap
that folds inwards.

Печать для живой игры: листы карт, конверты участников, значки, плакаты, бумажная ведомость.
"""

from koloda.event_print.content import DOCUMENTS, PrintSource, Wifi

__all__ = ["DOCUMENTS", "PrintSource", "Wifi"]
