"""This machine's address on the local network: what the other phones at the table can reach."""
from __future__ import annotations

import ipaddress
import socket


def lan_address() -> str | None:
    """This machine's private IPv4 address, read from its interfaces (no packet is sent)."""
    candidates = []
    try:
        import fcntl
        import struct
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _, name in socket.if_nameindex():
                try:
                    packed = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))  # SIOCGIFADDR
                except OSError:
                    continue
                candidates.append(socket.inet_ntoa(packed[20:24]))
    except (ImportError, OSError):
        pass
    try:
        candidates += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    usable = [a for a in candidates if not ipaddress.ip_address(a).is_loopback
              and not ipaddress.ip_address(a).is_link_local]
    private = [a for a in usable if ipaddress.ip_address(a).is_private]
    return (private or usable or [None])[0]
