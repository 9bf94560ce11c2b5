"""The vote options of a [[game]] section (issue 17): flat ``votes*`` keys, all optional."""

from __future__ import annotations

from .model import VoteOptions
from .reader import Table


def read_vote_options(t: Table) -> VoteOptions:
    default = VoteOptions()
    return VoteOptions(
        enabled=t.boolean("votes", default.enabled),
        named_draws=t.boolean("votes_named_draws", default.named_draws),
    )
