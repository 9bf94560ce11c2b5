"""Mail adapters: everything that touches mail formats and mail servers.

- ``message.parse_inbound(raw, size=None) -> InboundMail``: never raises.
- ``guards.should_not_answer(mail, referee_addresses) -> reason | None``; ``RateLimiter``.
- ``addressing``: ``find_game(s)``, ``game_address``, ``relay_address``, ``split_tag``.
- ``compose.compose(Outgoing, referee=, date=) -> bytes``.
- ``imap``: ``MailboxClient`` (blocking) and ``IntakeLoop`` calling
  ``await handle(uidvalidity, uid, raw, size) -> "processed" | "quarantine"``.
- ``smtp.SmtpSender``; ``outbox.OutboxDrainer`` over an ``OutboxPort`` (``StoreOutbox``).
- ``dev_servers.DevMailServers``: embedded IMAP (pymap) + SMTP (aiosmtpd) for ``arbitro dev``.

Modules are imported where used (``from arbitro.mail.imap import IntakeLoop``): importing
this package loads no mail library.
"""
