"""End-to-end tests: the daemon against a real Dovecot (IMAP, LMTP delivery) and an
aiosmtpd sink, with the fixtures of tests/mail."""

from mail.conftest import dovecot, imap_account, smtp_sink  # noqa: F401
