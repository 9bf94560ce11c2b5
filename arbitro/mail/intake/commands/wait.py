"""ATTENDI / WAIT and NON ATTENDERE / NOWAIT: hold the current phase to its deadline even
when every order is in, or let it run early again (njudge's SET WAIT / SET NOWAIT). The
request lasts for the current phase only (service/waiting.py says why)."""

from __future__ import annotations

from dataclasses import dataclass

from ....service.waiting import set_wait
from .base import Request
from .replies import refuse_text


@dataclass(frozen=True)
class Wait:
    name: str
    words: frozenset[str]
    wait: bool
    gm_only: bool = False

    def run(self, req: Request) -> str:
        reply = set_wait(req.table, req.caller, self.wait, req.mail_id)
        if not reply.ok:
            return refuse_text(req, reply)
        return reply.note


# Not "attesa": a reply to a referee mail about waiting must not wait again by its subject.
WAIT = Wait("wait", frozenset({"attendi", "aspetta", "wait", "ждать", "подождать"}), wait=True)
NOWAIT = Wait("nowait", frozenset({"non attendere", "nonattendere", "non aspettare", "nowait",
                                   "no wait", "dont wait", "не ждать", "неждать"}), wait=False)
