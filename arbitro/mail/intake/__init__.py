"""What comes in: the IMAP loop, the handler of one mail, its rule chain and commands."""
