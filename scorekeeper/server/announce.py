"""What `segnapunti run` prints first: the address the phones should open, with a QR code."""
from __future__ import annotations

import sys

import qrcode

from ..store.settings import current
from ..web.gate.network import lan_address


def address() -> str:
    settings = current()
    if settings.public_url:
        return settings.public_url
    host, port = settings.host or "127.0.0.1", settings.port
    if host in ("0.0.0.0", "::"):
        host = lan_address() or "127.0.0.1"
    return f"http://{host}:{port}"


def announce() -> None:
    url = address()
    print(f"\n  Segnapunti: open {url} on any phone on this Wi-Fi (or scan the code)\n")
    code = qrcode.QRCode(border=1)
    code.add_data(url)
    code.print_ascii(out=sys.stdout, invert=True)
    print()
