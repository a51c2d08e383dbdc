"""``companion serve``: serve the table on the local network and show phones where to find it."""
from __future__ import annotations

import argparse
import ipaddress
import sys

import ifaddr


def lan_addresses() -> list[str]:
    """This machine's private IPv4 addresses, read from its interfaces (nothing is sent)."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue
            addr = ipaddress.ip_address(ip.ip)
            if addr.is_private and not addr.is_loopback and not addr.is_link_local:
                found.append(ip.ip)
    # home Wi-Fi ranges first: they are what phones are on
    return sorted(set(found), key=lambda a: (not a.startswith("192.168."), a))


def print_qr(url: str, out=sys.stdout) -> None:
    import qrcode

    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    qr.print_ascii(out=out, invert=True)


def serve(args) -> int:
    from waitress import serve as waitress_serve

    from . import create_app

    app = create_app()
    addresses = lan_addresses()
    if args.host in ("0.0.0.0", "::"):
        urls = [f"http://{a}:{args.port}/" for a in addresses] or [f"http://localhost:{args.port}/"]
    else:
        urls = [f"http://{args.host}:{args.port}/"]
    # a server bound to one address is reachable there only: the QR must not advertise others
    app.config["LAN_ADDRESSES"] = addresses if args.host in ("0.0.0.0", "::") else []
    print("Table Companion is serving. Open it on a phone on the same Wi-Fi:")
    for url in urls:
        print("   ", url)
    print(f"Data: {app.config['DATABASE']}")
    if not args.no_qr:
        print_qr(urls[0])
    print("Stop with Ctrl+C.", flush=True)
    waitress_serve(app, host=args.host, port=args.port, threads=args.threads, ident="table-companion")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion: a phone helper beside a physical board game. One device serves; "
        "every player opens the table on their phone by scanning its QR code.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("serve", help="serve the lobby on the local network and print its address and QR code")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: every network of this device)")
    p.add_argument("--port", type=int, default=5000, help="port to listen on (default 5000)")
    p.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    p.add_argument("--no-qr", action="store_true", help="do not print the QR code in the terminal")
    p.set_defaults(func=serve)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
