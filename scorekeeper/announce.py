"""What `segnapunti run` prints first: the address the phones should open, with a QR code."""
from __future__ import annotations

import os
import sys

import qrcode

from .network import lan_address


def address() -> str:
    public = os.environ.get("PUBLIC_URL", "").rstrip("/")
    if public:
        return public
    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "5000")
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
