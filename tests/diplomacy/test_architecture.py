"""The house's floors: the rules core is pure, and every other package points downward.

The import graph is read from the source (every ``import``, also inside functions and under
``TYPE_CHECKING``: a lazy import is still a dependency). Two things fail it: a loop
between packages, and an arrow from a lower floor to a higher one.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import arbitro

PACKAGE = Path(arbitro.__file__).parent
# The pure packages: the rules of each game and the foundations below them.
PURE = ("diplomacy", "axis_allies", "fairness", "spelling")


def _pure_files() -> Iterator[tuple[str, Path]]:
    for name in PURE:
        for path in (PACKAGE / name).rglob("*.py"):
            yield f"{name}/{path.relative_to(PACKAGE / name)}", path

FORBIDDEN_CALLS = {"open", "print", "input"}

# The floors, ground first. A unit may import its own floor and the floors below, never one
# above. Same-floor imports are allowed but may not loop (checked separately).
LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    # What every game's rules use, pure and named for what it is: chance anyone can check
    # (the nation draw, later the dice) and the folding and spelling behind every reader.
    ("foundations", frozenset({"arbitro.fairness", "arbitro.spelling"})),
    # The rules: values in, values out. Everyone uses them; they use nothing of ours.
    ("rules", frozenset({"arbitro.diplomacy", "arbitro.axis_allies"})),
    # Files derived from arbitro's own sources and kept between runs (compiled catalogs,
    # parsed maps), for the floors that read those sources.
    ("derived files", frozenset({"arbitro.cache_files"})),
    # The catalogs: the rules' codes and values in the reader's words (gettext through
    # Babel), for every floor above that talks to people.
    ("words", frozenset({"arbitro.words"})),
    # Game data from files: variant files (and the importers of other programs' formats)
    # and the command-line JSON contract only turn text into rule values and back.
    ("data", frozenset({"arbitro.variant_import", "arbitro.variants", "arbitro.contract",
                        "arbitro.aae_contract"})),
    # Storage: tables and repositories. Knows no rule; below config, which keeps password
    # hashes the store's way.
    ("store", frozenset({"arbitro.store"})),
    # The TOML configuration, read once into frozen values (variants to check game names).
    ("config", frozenset({"arbitro.config"})),
    # Words and pictures for players, made from rule values: no mail, no database.
    ("views", frozenset({"arbitro.render", "arbitro.reports"})),
    # The press relay's rules (who may write to whom, modes, anonymity, the clean-up),
    # over values: a letter the mail layer read, the seats the service read.
    ("press", frozenset({"arbitro.press"})),
    # The referee's procedures: store + config + views + the press rules, one unit of work
    # at a time. It decides what is sent; it never reaches up to the mail adapter.
    ("service", frozenset({"arbitro.service"})),
    # The static web archive: reads the store in the service's words (the press archive's
    # one publication rule) and writes files; the daemon, dev and cli drive it.
    ("site", frozenset({"arbitro.site"})),
    # The mail adapter: IMAP in, SMTP out, commands and the handler over the service.
    ("mail", frozenset({"arbitro.mail"})),
    # Programs that wire the floors together.
    ("daemon", frozenset({"arbitro.daemon"})),
    ("dev", frozenset({"arbitro.dev"})),
    ("cli", frozenset({"arbitro.cli"})),
    ("main", frozenset({"arbitro.__main__"})),
)

# Nothing in the rules core parses or writes mail, HTML or SQL.
GAME_FORBIDDEN = {"email", "html", "sqlalchemy", "smtplib", "imaplib", "socket", "asyncio"}
# Known, owned elsewhere. The list only shrinks: the test fails when an entry is no longer
# true, so it is struck then. (Empty: HTML is read in mail/mime/html_text.py.)
GAME_FORBIDDEN_PENDING: set[tuple[str, str]] = set()
# Mail text is the mail layer's: HTML to text, and what a reply carries besides new text
# (quotes, reply headers, signatures). The order reader gets lines already classified.
MAIL_TEXT_HELPERS = {"arbitro.mail.mime.history", "arbitro.mail.mime.html_text", "arbitro.mail.mime.visible_html",
                     "arbitro.mail.mime.text"}
MAIL_TEXT_ROUTINES = {"line_kinds", "mail_lines", "new_text", "html_to_text", "visible_text"}


# -- the graph ---------------------------------------------------------------------------


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported(path: Path) -> Iterator[tuple[str, int]]:
    """Every module ``path`` imports (absolute names), with its line."""
    text = path.read_text(encoding="utf-8")
    return imports_in(text, _module_name(path), is_package=path.name == "__init__.py")


def imports_in(text: str, module: str, *, is_package: bool = False) -> Iterator[tuple[str, int]]:
    here = module.split(".")
    package = here if is_package else here[:-1]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                yield node.module or "", node.lineno
                continue
            base = package[: len(package) - node.level + 1]
            if node.module:
                yield ".".join([*base, node.module]), node.lineno
            else:  # from . import a, b: each a module (or a name of the package)
                for alias in node.names:
                    yield ".".join([*base, alias.name]), node.lineno


def unit_of(module: str) -> str:
    """The package (or top-level module) a module belongs to: arbitro.mail.intake.auth -> arbitro.mail."""
    return ".".join(module.split(".")[:2])


def package_graph() -> dict[str, dict[str, list[str]]]:
    """unit -> imported unit -> where ("mail/intake/handler.py:24")."""
    graph: dict[str, dict[str, list[str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = unit_of(_module_name(path))
        if source == "arbitro":
            continue  # the package's own __init__: a version string
        arrows = graph.setdefault(source, {})
        for module, line in _imported(path):
            if module != "arbitro" and not module.startswith("arbitro."):
                continue
            target = unit_of(module)
            if target not in (source, "arbitro"):
                arrows.setdefault(target, []).append(f"{path.relative_to(PACKAGE)}:{line}")
    return graph


def module_graph() -> dict[str, set[str]]:
    """module -> the modules of ours it imports (a name imported from a package counts as
    the package, unless it is a module of it)."""
    modules = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = graph.setdefault(name, set())
        for module, _ in _imported(path):
            while module and module not in modules:
                module = module.rpartition(".")[0]  # arbitro.store.UnitOfWork -> arbitro.store
            if module and module != name:
                targets.add(module)
    return graph


# -- the checks --------------------------------------------------------------------------


def cycles(graph: Mapping[str, Mapping[str, object]]) -> list[list[str]]:
    """The strongly connected parts with more than one unit (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, {}):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def upward(
    graph: Mapping[str, Mapping[str, Sequence[str]]],
    layers: Sequence[tuple[str, frozenset[str]]],
) -> list[str]:
    """Every arrow from a lower floor to a higher one, and every unit on no floor."""
    floor = {unit: n for n, (_, units) in enumerate(layers) for unit in units}
    name = [layer for layer, _ in layers]
    bad = []
    for source in sorted(graph):
        if source not in floor:
            bad.append(f"{source} stands on no floor: add it to LAYERS")
            continue
        for target, where in sorted(graph[source].items()):
            if target not in floor:
                bad.append(f"{target} stands on no floor: add it to LAYERS")
            elif floor[target] > floor[source]:
                bad.append(f"{source} ({name[floor[source]]}) imports {target} "
                           f"({name[floor[target]]}) at {', '.join(where)}")
    return bad


def problems(
    graph: Mapping[str, Mapping[str, Sequence[str]]],
    layers: Sequence[tuple[str, frozenset[str]]],
) -> list[str]:
    loops = [f"import cycle: {' <-> '.join(part)}" for part in cycles(graph)]
    return loops + upward(graph, layers)


# -- the house ---------------------------------------------------------------------------


def test_the_checker_fails_on_a_cycle_and_on_an_upward_arrow():
    """Shown once on a made-up house, so a green run means something."""
    layers = (("low", frozenset({"p.low"})), ("high", frozenset({"p.high", "p.side"})))
    fine = {"p.high": {"p.low": ["high.py:1"], "p.side": ["high.py:2"]}, "p.low": {}}
    assert problems(fine, layers) == []
    loop = {"p.high": {"p.side": ["high.py:1"]}, "p.side": {"p.high": ["side.py:3"]}}
    assert problems(loop, layers) == ["import cycle: p.high <-> p.side"]
    up = {"p.high": {"p.low": ["high.py:1"]}, "p.low": {"p.high": ["low.py:7"]}}
    assert problems(up, layers) == [
        "import cycle: p.high <-> p.low",
        "p.low (low) imports p.high (high) at low.py:7",
    ]
    stray = {"p.new": {"p.low": ["new.py:1"]}}
    assert problems(stray, layers) == ["p.new stands on no floor: add it to LAYERS"]


def test_the_reader_sees_lazy_and_type_checking_imports():
    source = """
from typing import TYPE_CHECKING
from . import sibling
from ....store import UnitOfWork
if TYPE_CHECKING:
    from ....service.table import Services
def later():
    import arbitro.render.draw
"""
    found = {m for m, _ in imports_in(source, "arbitro.mail.intake.commands.base")}
    assert found == {"typing", "arbitro.mail.intake.commands.sibling", "arbitro.store",
                     "arbitro.service.table", "arbitro.render.draw"}
    assert set(package_graph()) == {unit for _, units in LAYERS for unit in units}


def test_no_import_cycle_and_no_upward_import_in_the_package():
    bad = problems(package_graph(), LAYERS)
    assert not bad, "\n".join(bad)


def test_no_import_cycle_between_modules():
    """Inside a package too: two files that import each other are one file in two halves
    (a lazy import only hides the loop)."""
    loops = cycles(module_graph())
    assert not loops, "\n".join(" <-> ".join(part) for part in loops)


def test_sqlalchemy_only_in_the_store():
    """Queries live in store/ repositories; the other floors call them (the mail handler
    used to run its own SELECT and catch SQLAlchemy's errors)."""
    bad = [
        f"{path.relative_to(PACKAGE)}:{line} imports {module}"
        for path in PACKAGE.rglob("*.py")
        if unit_of(_module_name(path)) != "arbitro.store"
        for module, line in _imported(path)
        if module.split(".")[0] == "sqlalchemy"
    ]
    assert not bad, "\n".join(bad)


def test_game_imports_only_stdlib_and_itself():
    stdlib = sys.stdlib_module_names
    bad = []
    pending = set()
    for rel, path in _pure_files():
        for module, line in _imported(path):
            top = module.split(".")[0]
            where = f"{rel}:{line}"
            if top != "arbitro" and top not in stdlib:
                bad.append(f"{where} imports {module}")
            if top in {"os", "io", "socket", "time", "datetime", "sqlite3", "subprocess"}:
                bad.append(f"{where} imports {module} (I/O or clock)")
            if top in GAME_FORBIDDEN:
                if (rel, module) in GAME_FORBIDDEN_PENDING:
                    pending.add((rel, module))
                else:
                    bad.append(f"{where} imports {module} (mail, HTML or SQL in the rules)")
            if top == "arbitro" and module.split(".")[1] not in PURE:
                bad.append(f"{where} imports {module} (the rules use nothing of ours but the pure)")
    assert not bad, "\n".join(bad)
    assert pending == GAME_FORBIDDEN_PENDING, "struck from the list: it no longer holds"


def test_game_does_no_io():
    bad = []
    for rel, path in _pure_files():
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in FORBIDDEN_CALLS):
                bad.append(f"{rel}:{node.lineno} calls {node.func.id}()")
    assert not bad, "\n".join(bad)


def test_game_neither_imports_nor_holds_a_mail_text_helper():
    bad = []
    for where, path in _pure_files():
        if "mail" in path.stem:
            bad.append(f"{where}: a mail module in the rules")
        for module, line in _imported(path):
            if any(module == h or module.startswith(h + ".") for h in MAIL_TEXT_HELPERS):
                bad.append(f"{where}:{line} imports {module}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name in MAIL_TEXT_ROUTINES:
                bad.append(f"{where}:{node.lineno} defines {node.name} (the mail layer's)")
    assert not bad, "\n".join(bad)
