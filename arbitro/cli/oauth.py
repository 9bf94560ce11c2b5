"""``arbitro oauth login --config FILE``: sign the referee's mailbox in once with OAuth2 and
store the refresh token where ``[server.imap.oauth2]`` / ``[server.smtp.oauth2]`` say."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import webbrowser
from typing import Any

from .config_file import EXIT_BAD_CONFIG, read_config
from ..config.model import OAuth2Config, ServerConfig

EXIT_FAILED = 1


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "oauth",
        help="OAuth2 for the referee's mailbox: `oauth login` stores its refresh token",
        description="Sign the referee's mailbox in with OAuth2 (XOAUTH2, as Gmail and "
        "Microsoft 365 require) and store the refresh token; the daemon refreshes access "
        "tokens itself from then on. See docs/DEPLOY.md.",
    )
    sub = parser.add_subparsers(dest="oauth_command", metavar="ACTION", required=True)
    login = sub.add_parser(
        "login",
        help="run the provider's device or browser flow once and store the refresh token",
        description="Exit 0 when a refresh token was stored (a 0600 file) or printed (for "
        "token_env); 1 when the login failed; 2 when the config is not valid.",
    )
    login.add_argument("--config", required=True, metavar="FILE", help="the TOML config")
    login.add_argument("--mailbox", choices=("imap", "smtp", "both"), default="both",
                       help="which section's token to store (default both; a token the two "
                       "share is asked for once)")
    login.add_argument("--flow", choices=("device", "browser"),
                       help="device: enter a code on any device's browser (default where the "
                       "provider offers it: Microsoft); browser: a page on this machine "
                       "redirects back to it (Google)")
    login.add_argument("--no-browser", action="store_true",
                       help="browser flow: print the page's address, do not open it")
    login.add_argument("--port", type=int, default=0,
                       help="browser flow: the loopback port for the redirect (default: any free)")
    login.add_argument("--no-check", action="store_true",
                       help="do not log in to the IMAP and SMTP servers with the new token")
    login.add_argument("--wait", type=float, default=300.0,
                       help="browser flow: seconds to wait for the redirect (default 300)")
    return parser


def run(args: argparse.Namespace) -> int:
    config = read_config(args.config, "arbitro oauth")
    if config is None:
        return EXIT_BAD_CONFIG
    server = config.server
    wanted = ("imap", "smtp") if args.mailbox == "both" else (args.mailbox,)
    sections = [(name, getattr(server, name)) for name in wanted]
    targets: list[tuple[str, OAuth2Config]] = []
    for name, section in sections:
        if section is not None and section.oauth2 is not None:
            if all(t.token_place != section.oauth2.token_place for _, t in targets):
                targets.append((name, section.oauth2))
    if not targets:
        print(f"arbitro oauth: {args.config}: no [server.{'/'.join(wanted)}] section has "
              'auth = "oauth2"; nothing to log in', file=sys.stderr)
        return EXIT_BAD_CONFIG
    from ..mail.outbound.oauth import LoginFailed, browser_login, device_login, save_login

    for name, cfg in targets:
        flow = args.flow or ("device" if cfg.device_url else "browser")
        print(f"[server.{name}] {cfg.provider}: {flow} flow")
        try:
            if flow == "device":
                answer = device_login(cfg, print)
            else:
                opener = None if args.no_browser else webbrowser.open
                answer = browser_login(cfg, print, open_browser=opener, port=args.port,
                                       wait=args.wait)
        except LoginFailed as exc:
            print(f"arbitro oauth: [server.{name}]: {exc}", file=sys.stderr)
            return EXIT_FAILED
        shown = save_login(cfg, answer)
        if shown is None:
            print(f"[server.{name}] refresh token stored in {cfg.token_file} (mode 0600)")
        else:
            print(f"[server.{name}] set the environment variable {cfg.token_env} to this refresh "
                  "token (keep it secret: it opens the mailbox):")
            print(shown)
        if not args.no_check:
            failed = _check(server, cfg, shown)
            if failed:
                return EXIT_FAILED
    return 0


def _check(server: ServerConfig, cfg: OAuth2Config, token: str | None) -> bool:
    """Log in with the new token to every mail server that uses it, as the daemon will;
    True when one of them refused."""
    from ..mail.intake.imap import MailboxClient
    from ..mail.outbound.oauth import TokenSource
    from ..mail.outbound.smtp import SmtpSender

    environ = {**os.environ, cfg.token_env: token} if token else None
    source = TokenSource(cfg, environ=environ)
    failed = False
    for name, section in (("imap", server.imap), ("smtp", server.smtp)):
        if section is None or section.oauth2 is None or section.oauth2.token_place != cfg.token_place:
            continue
        where = f"{section.host}:{section.port}"
        error: str | None = None
        if name == "imap":
            client = MailboxClient(section, timeout=20, tokens=source)  # type: ignore[arg-type]
            try:
                client.connect()
            except Exception as exc:  # noqa: BLE001 - reported, whatever it is
                error = f"{type(exc).__name__}: {exc}"
            finally:
                client.close()
        else:
            sender = SmtpSender(section, timeout=20, tokens=source)  # type: ignore[arg-type]
            error = asyncio.run(sender.check_login())
        if error is None:
            print(f"[server.{name}] XOAUTH2 login to {where} as {section.user}: OK")
        else:
            failed = True
            print(f"arbitro oauth: [server.{name}] XOAUTH2 login to {where} as {section.user} "
                  f"failed: {error}", file=sys.stderr)
    return failed
