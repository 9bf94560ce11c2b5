"""The order reader, room by room: ``lines`` (the mail's lines and the entry points),
``words`` and ``grammar`` (one order's words to a draft), ``resolve`` (a draft on the
board), ``feedback`` (the verdict and the "did you mean"), ``dedup`` (the mail as a whole),
``reports`` (what it says about each line)."""
