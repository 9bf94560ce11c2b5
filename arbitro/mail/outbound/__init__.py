"""What goes out: the stored outbox drained over SMTP, composing, OAuth2 tokens."""
