"""Mail formats: inbound parsing, HTML to text, quoted history, charsets, relayed letters."""
