"""Mail adapters: everything that touches mail formats and mail servers.

- ``message.parse_inbound(raw, size=None) -> InboundMail``: never raises.
- ``guards.should_not_answer(mail, referee_addresses) -> reason | None``; ``RateLimiter``.
- ``addressing``: ``find_game(s)``, ``split_tag`` (the referee's address forms are
  ``service.addresses``).
- ``compose.compose(Outgoing, referee=, date=) -> bytes``.
- ``imap``: ``MailboxClient`` (blocking) and ``IntakeLoop`` calling
  ``await handle(uidvalidity, uid, raw, size) -> "processed" | "quarantine"``.
- ``smtp.SmtpSender``; ``outbox.OutboxDrainer`` over an ``OutboxPort`` (``StoreOutbox``);
  both loops stop through ``running.LoopTask``.
- ``handler.MailHandler``: one mail in one transaction, through ``rules.RULES`` (named
  checks, the first that decides ends the chain); ``letters.read_letter`` for press.
- ``dev_servers.DevMailServers``: embedded IMAP (pymap) + SMTP (aiosmtpd) for ``arbitro dev``.

Modules are imported where used (``from arbitro.mail.imap import IntakeLoop``): importing
this package loads no mail library.
"""
