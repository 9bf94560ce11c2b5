"""Mail adapters: everything that touches mail formats and mail servers, in three rooms.

- ``intake/``: what comes in. ``loop.IntakeLoop`` (asyncio) over a ``mailbox.Mailbox``
  (``imap.MailboxClient``, a real server, blocking; or ``memory.MemoryMailbox``),
  ``handler.MailHandler`` (one mail in one transaction through the rule chain of
  ``rules``/``open_rules``, which reach the service only through the mail's ``Office`` and
  its game's ``Table``), the password a mail carries (``auth``; who the sender is, the
  ``Caller``, is the service's ``access``), which game it names
  (``addressing``), mails never answered and rate limits (``guards``), delivery reports
  (``bounces``), and the commands a mail can carry (``commands/``, one file each, each
  calling one procedure and wording its ``Reply`` in the caller's language).
- ``outbound/``: what goes out. ``outbox.OutboxDrainer`` over an ``OutboxPort``,
  ``smtp.SmtpSender``, ``compose.compose(Outgoing, referee=, date=) -> bytes``, and OAuth2
  tokens for both servers (``oauth/``).
- ``mime/``: the formats. ``message.parse_inbound(raw, size=None) -> InboundMail`` (never
  raises), HTML to text, the quoted history of a reply, charsets, and the press relay's
  MIME work (``letters``, ``relayable``, ``visible_html``).

``running.LoopTask`` is the stop routine of both loops. Modules are imported where used
(``from arbitro.mail.intake.loop import IntakeLoop``): importing this package loads no mail
library.
"""
