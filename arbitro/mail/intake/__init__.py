"""What comes in: the IMAP loop, the handler of one mail, its rule chain (``rules``,
``open_rules``: rules that only check and decide, over an ``Arrival`` that reads the game,
the ``Caller`` and the command once) and the commands (``commands/``: each calls one
service procedure with the mail's ``Table`` and ``Caller`` and words its ``Reply``)."""
