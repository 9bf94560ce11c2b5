"""The command-line contracts start quickly (issue 30 Build 1): they import only what they
use, and their bytecode is written whatever the environment says.

Each test runs the real command in a process of its own, with an empty cache folder (so the
first start compiles the catalogs and keeps them) and the environment that had left an
editable install without bytecode."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PHASE = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
    "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
}

# Prints the modules a command imported (after its own output, on stderr).
PROBE = """
import sys
from arbitro.cli import main
code = main(sys.argv[1:])
sys.stderr.write("\\nMODULES " + " ".join(sorted(sys.modules)) + "\\n")
sys.exit(code)
"""


def _run(tmp_path: Path, *args: str, stdin: str = "", env: dict[str, str] | None = None):
    environ = {**os.environ, "ARBITRO_CACHE_DIR": str(tmp_path / "cache"), "PYTHONDONTWRITEBYTECODE": "1",
               **(env or {})}
    return subprocess.run([sys.executable, "-c", PROBE, *args], input=stdin, capture_output=True, text=True,
                          env=environ, timeout=120, check=False)


def _modules(done: subprocess.CompletedProcess[str]) -> set[str]:
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stderr.splitlines() if x.startswith("MODULES "))
    return {m.split(".")[0] for m in line.split()[1:]}


def test_adjudicate_imports_no_store_no_mail_no_babel(tmp_path):
    # The first start compiles the English catalog with Babel (which reads mail headers'
    # ways: email) and keeps it; every later start reads it compiled.
    first = _modules(_run(tmp_path, "adjudicate", stdin=json.dumps(PHASE)))
    assert not first & {"sqlalchemy", "alembic", "jinja2", "PIL"}, first
    done = _run(tmp_path, "adjudicate", stdin=json.dumps(PHASE))
    roots = _modules(done)
    assert not roots & {"sqlalchemy", "alembic", "email", "babel", "jinja2", "PIL", "tomllib"}, roots & {
        "sqlalchemy", "alembic", "email", "babel", "jinja2", "PIL", "tomllib"}
    out = json.loads(done.stdout[: done.stdout.rindex("}") + 1])
    assert [r["result"] for r in out["results"]] == ["succeeds", "succeeds", "fails"]


def test_parse_and_render_import_no_store(tmp_path):
    mail = "A Par - Bur\nA Mar S A Par - Bur\n"
    roots = _modules(_run(tmp_path, "parse", "--variant", "standard", "--power", "FRANCE", stdin=mail))
    assert not roots & {"sqlalchemy", "alembic", "email"}, roots
    position = tmp_path / "position.json"
    position.write_text(json.dumps({k: v for k, v in PHASE.items() if k != "orders"}), encoding="utf-8")
    svg = tmp_path / "map.svg"
    roots = _modules(_run(tmp_path, "render", str(position), "-o", str(svg)))
    assert not roots & {"sqlalchemy", "alembic"}, roots
    assert svg.read_text(encoding="utf-8").startswith("<?xml") or "<svg" in svg.read_text(encoding="utf-8")


def test_bytecode_is_written_whatever_the_environment_says(tmp_path):
    # PYTHONDONTWRITEBYTECODE=1 (set by _run): the command writes its modules' bytecode all
    # the same, here under a prefix of its own so that the test sees exactly what it wrote.
    prefix = tmp_path / "pycache"
    _modules(_run(tmp_path, "adjudicate", stdin=json.dumps(PHASE), env={"PYTHONPYCACHEPREFIX": str(prefix)}))
    written = {p.name.split(".")[0] for p in prefix.rglob("*.pyc")}
    assert {"contract", "adjudicator", "first_pass", "phases"} <= written, sorted(written)[:20]


def test_a_catalog_is_compiled_once_and_again_when_it_changes(tmp_path, monkeypatch):
    import gettext
    import io

    from arbitro.words import catalog

    po = tmp_path / "arbitro.po"
    monkeypatch.setattr(catalog, "po_path", lambda lang: po)
    monkeypatch.setenv("ARBITRO_CACHE_DIR", str(tmp_path / "cache"))
    header = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    po.write_text(header + 'msgid "reason.x"\nmsgstr "first"\n', encoding="utf-8")
    first = catalog.compiled("en")
    kept = list((tmp_path / "cache" / "catalogs").iterdir())
    assert len(kept) == 1 and kept[0].read_bytes() == first
    assert catalog.compiled("en") == first  # read back, not compiled again
    po.write_text(header + 'msgid "reason.x"\nmsgstr "second"\n', encoding="utf-8")
    second = catalog.compiled("en")
    assert gettext.GNUTranslations(io.BytesIO(second)).gettext("reason.x") == "second"
    assert len(list((tmp_path / "cache" / "catalogs").iterdir())) == 2


def test_a_kept_file_others_may_write_is_not_read(tmp_path):
    # Kept files are loaded as trusted data (marshal, compiled catalogs): a file someone
    # else could have written is ignored (and derived again), never trusted.
    from arbitro.cache_files import read_derived, store_derived

    path = tmp_path / "kept" / "code.marshal"
    store_derived(path, b"data")
    assert read_derived(path) == b"data"
    assert path.parent.stat().st_mode & 0o077 == 0  # the folder is the user's alone
    path.chmod(0o666)
    assert read_derived(path) is None
