"""The GM's guide (docs/GM.md) works as written: its marked steps run in order on a fresh
folder, against the test mail servers its own commands start, and a player's orders lead
to a results mail. The English twin carries the same steps, and the guide explains every
option of config.example.toml.

A step is a fenced block right after a marker comment:
``<!-- guide-test: file NAME -->`` writes the block to NAME; ``<!-- guide-test: run -->``
runs it with bash and wants exit 0; ``<!-- guide-test: background "TEXT" -->`` starts it
and waits for TEXT in its output (it is stopped at the end). The only liberty taken: the
guide's ports 10143/10025 become free ones, so the test never meets a running dev.
"""

from __future__ import annotations

import email
import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from email import policy
from pathlib import Path
from typing import IO

import pytest
from imapclient import IMAPClient

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "GM.md"
TWIN = ROOT / "docs" / "GM.en.md"
MARKED = re.compile(
    r"<!-- guide-test: (?P<kind>file|run|background)(?: (?P<arg>[^\n]*?))? -->\s*\n"
    r"```(?P<lang>\w*)\n(?P<body>.*?)\n```", re.S)
GUIDE_PORTS = ("10143", "10025")


@dataclass(frozen=True)
class Step:
    kind: str
    arg: str
    lang: str
    body: str


def steps(doc: Path) -> list[Step]:
    text = doc.read_text(encoding="utf-8")
    return [Step(m["kind"], (m["arg"] or "").strip().strip('"'), m["lang"], m["body"])
            for m in MARKED.finditer(text)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def shim(bin_dir: Path) -> None:
    """`arbitro` on PATH: this checkout, run by the Python running the tests."""
    bin_dir.mkdir()
    script = bin_dir / "arbitro"
    script.write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m arbitro "$@"\n')
    script.chmod(0o755)


def wait_for(path: Path, text: str, proc: subprocess.Popen[bytes], seconds: float) -> None:
    end = time.monotonic() + seconds
    while text not in path.read_text(errors="replace"):
        assert proc.poll() is None, f"stopped early:\n{path.read_text(errors='replace')}"
        assert time.monotonic() < end, f"no {text!r} in:\n{path.read_text(errors='replace')}"
        time.sleep(0.1)


def subjects(port: int, address: str) -> list[str]:
    with IMAPClient("127.0.0.1", port=port, ssl=False, timeout=10) as client:
        client.login(address, "dev")
        client.select_folder("INBOX", readonly=True)
        fetched = client.fetch(client.search(["ALL"]), ["BODY.PEEK[]"])
        return [str(email.message_from_bytes(d[b"BODY[]"], policy=policy.default)["Subject"])
                for _, d in sorted(fetched.items())]


def test_the_guide_reaches_a_results_mail(tmp_path: Path) -> None:
    home = tmp_path / "home"
    work = home / "arbitro-prova"
    work.mkdir(parents=True)
    shim(tmp_path / "bin")
    ports = {p: str(free_port()) for p in GUIDE_PORTS}
    env = {**os.environ, "HOME": str(home), "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"}
    env.pop("PYTHONPATH", None)

    def local(text: str) -> str:
        for old, new in ports.items():
            text = text.replace(old, new)
        return text

    plan = steps(GUIDE)
    assert [s.kind for s in plan].count("run") >= 3 and any(s.kind == "background" for s in plan)
    background: list[subprocess.Popen[bytes]] = []
    logs: list[IO[bytes]] = []
    outputs: list[str] = []
    try:
        for n, step in enumerate(plan):
            body = local(step.body)
            if step.kind == "file":
                (work / step.arg).write_text(body + "\n", encoding="utf-8")
            elif step.kind == "background":
                log_path = tmp_path / f"step{n}.log"
                log = log_path.open("wb")
                logs.append(log)
                proc = subprocess.Popen(["bash", "-c", body], cwd=work, env=env, stdout=log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
                background.append(proc)
                wait_for(log_path, step.arg, proc, 30)
            else:
                done = subprocess.run(["bash", "-e", "-c", body], cwd=work, env=env,
                                      capture_output=True, text=True, timeout=60)
                assert done.returncode == 0, (body, done.stdout, done.stderr)
                outputs.append(done.stdout)
        config = tomllib.loads((work / "arbitro.toml").read_text())
        player = config["game"][0]["players"][0]["address"]
        gm = config["game"][0]["gm_address"]
        imap_port = int(config["server"]["imap"]["port"])
        end = time.monotonic() + 30
        got, gm_got = subjects(imap_port, player), subjects(imap_port, gm)
        while not (any("Risultati" in s for s in got) and any("ELABORA" in s for s in gm_got)):
            assert time.monotonic() < end, (got, gm_got)
            time.sleep(0.3)
            got, gm_got = subjects(imap_port, player), subjects(imap_port, gm)
    finally:
        for proc in background:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in background:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
        for log in logs:
            log.close()

    assert "OK" in outputs[0]  # check-config
    assert any("Ordini ricevuti" in s for s in got)  # the player's orders were taken
    assert any("Risultati Primavera 1901" in s for s in got)  # forced by the GM's PROCESSA
    assert any("ELABORA: fatto" in s for s in gm_got), gm_got


def test_the_english_twin_has_the_same_steps() -> None:
    ours, theirs = steps(GUIDE), steps(TWIN)
    assert [(s.kind, s.arg) for s in ours] == [(s.kind, s.arg) for s in theirs]
    for mine, twin in zip(ours, theirs, strict=True):
        if mine.lang == "toml":
            assert tomllib.loads(mine.body) == tomllib.loads(twin.body)  # comments may differ
        else:
            assert mine.body == twin.body


def _option_names(table: object) -> set[str]:
    """The leaf keys (options, not section names) of a TOML document."""
    out: set[str] = set()
    items = table if isinstance(table, list) else [table]
    for item in items:
        if isinstance(item, dict):
            for key, value in item.items():
                sections = isinstance(value, dict) or (
                    isinstance(value, list) and value and isinstance(value[0], dict))
                out |= _option_names(value) if sections else {key}
    return out


@pytest.mark.parametrize("doc", [GUIDE, TWIN], ids=["it", "en"])
def test_the_guide_explains_every_option_of_the_example(doc: Path) -> None:
    example = (ROOT / "config.example.toml").read_text(encoding="utf-8")
    names = _option_names(tomllib.loads(example))
    assert {"database_url", "give_up_after", "map_palette", "weekdays"} <= names
    names |= set(re.findall(r"^# *([a-z_]+) = ", example, re.M))  # options shown commented
    names |= set(re.findall(r"\bor ([a-z_]+) = ", example))  # password_env, gm_password_hash
    text = doc.read_text(encoding="utf-8")
    missing = sorted(n for n in names if f"`{n}`" not in text and f"`{n} =" not in text)
    assert missing == []


def test_the_readme_links_the_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/GM.md)" in readme and "(docs/GM.en.md)" in readme
    # the demo's own helpers, for a newcomer who reads only the README (finding 5)
    assert "arbitro dev process" in readme and "arbitro dev reset" in readme
