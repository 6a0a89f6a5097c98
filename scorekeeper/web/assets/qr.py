"""QR codes as inline SVG (qrcode's SVG path factory: no Pillow, no image files)."""
from __future__ import annotations

import re

import qrcode
import qrcode.image.svg
from markupsafe import Markup, escape


def qr_svg(data: str, title: str = "") -> Markup:
    """An inline <svg> for `data`, scaled by CSS; `title` is read by screen readers."""
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    svg = image.to_string(encoding="unicode")
    svg = re.sub(r'^<svg width="[^"]*" height="[^"]*"', '<svg class="qr" role="img"', svg, count=1)
    if title:
        svg = svg.replace(">", f"><title>{escape(title)}</title>", 1)
    return Markup(svg)
