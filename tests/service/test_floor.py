"""The service floor's shape (issue 26): read from the source, each check fails on the
house as it stood before the Table.

- no procedure in ``service/`` takes the referee's parts and a unit of work as its own
  parameters: a procedure takes the ``Table`` (or, beside any game, the ``Office``), which
  alone holds them;
- the mail's rules and commands and the press relay's rules reach the store only through
  the table: they import nothing of ``store/`` (but the handled mail's status) and nothing
  of the service's mail parts, and never reach through the table into its unit of work;
- no rule code outside the rules packages: the ONP escalation, the winner and the count of
  centres are ``arbitro/diplomacy/``'s;
- ``service/`` files are named for what they hold, and its procedures answer a ``Reply``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import arbitro

PACKAGE = Path(arbitro.__file__).parent
SERVICE = PACKAGE / "service"
PURE = ("diplomacy", "fairness", "spelling", "axis_allies")


def _files(*parts: str) -> Iterator[Path]:
    for part in parts:
        path = PACKAGE / part
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _rel(path: Path) -> str:
    return str(path.relative_to(PACKAGE))


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> Iterator[tuple[str, str, int]]:
    """(module, name, line) for every name imported ("" for ``import x``)."""
    here = _module(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, "", node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, node.module] if node.module else base)
            for alias in node.names:
                yield module, alias.name, node.lineno


# -- 1. procedures take the table --------------------------------------------------------

# The unit of work's holders: the only functions of service/ given the parts and the
# unit of work themselves.
HOLDERS = {("service/table.py", "__init__", "Office"), ("service/mailer.py", "__init__", "Outbox")}
PARTS = {"svc", "services", "uow"}


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """(enclosing class or "", function) for every function of a module."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield "", node
        elif isinstance(node, ast.ClassDef):
            for item in ast.walk(node):
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield node.name, item


def _own_parts(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The referee's parts and units of work among a function's parameters, by name or by
    annotation."""
    found = set()
    for arg in [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]:
        text = ast.unparse(arg.annotation) if arg.annotation is not None else ""
        if arg.arg in PARTS or "UnitOfWork" in text or "Services" in text:
            found.add(arg.arg)
    return found


def test_no_procedure_of_the_service_takes_the_parts_and_a_unit_of_work_of_its_own():
    bad = []
    for path in _files("service"):
        for owner, fn in _functions(_tree(path)):
            parts = _own_parts(fn)
            if parts and (_rel(path), fn.name, owner) not in HOLDERS:
                bad.append(f"{_rel(path)}:{fn.lineno} {owner + '.' if owner else ''}{fn.name}"
                           f"({', '.join(sorted(parts))})")
    assert not bad, "procedures take the Table (or the Office):\n" + "\n".join(bad)


# -- 2. the mail rules, the commands and press/ reach the store through the table ----------

# Every file that reads a mail's meaning or judges press: all of the intake but the
# handler (which claims the mail's own row) and the IMAP loop, the letters' MIME reading,
# and the press relay's rules.
THROUGH_THE_TABLE = [p for p in [*_files("mail/intake"), PACKAGE / "mail/mime/letters.py",
                                 *_files("press")]
                     if p.name not in ("handler.py", "imap.py")]
# What of the store such a file may name: the status of the mail it decides about.
STORE_VALUES = {("arbitro.store", "InboundStatus")}
# The service's own parts behind the table: its mail, its store helpers.
BEHIND_THE_TABLE = {"arbitro.service.mailer", "arbitro.service.deadlines", "arbitro.service.answers"}
# Reaching through the table or the office into what they hold.
THROUGH = {"uow", "session", "outbox", "mailer", "services", "svc"}


def test_the_mail_rules_commands_and_press_reach_the_store_only_through_the_table():
    bad = []
    for path in THROUGH_THE_TABLE:
        for module, name, line in _imports(path):
            if (module == "arbitro.store" or module.startswith("arbitro.store.")) \
                    and (module, name) not in STORE_VALUES:
                bad.append(f"{_rel(path)}:{line} imports {module}{'.' + name if name else ''}")
            if module in BEHIND_THE_TABLE or f"{module}.{name}" in BEHIND_THE_TABLE:
                bad.append(f"{_rel(path)}:{line} imports {module}.{name}")
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Attribute) and node.attr in THROUGH:
                bad.append(f"{_rel(path)}:{node.lineno} reaches .{node.attr}")
    assert not bad, "\n".join(bad)


def test_the_list_of_files_held_to_the_table_is_whole():
    """The check above covers the rule chain, every command, the letters and press/; a
    file added there is covered by itself."""
    names = {_rel(p) for p in THROUGH_THE_TABLE}
    assert {"mail/intake/rules.py", "mail/intake/open_rules.py", "mail/intake/auth.py",
            "mail/intake/commands/orders.py", "mail/intake/commands/gm/command.py",
            "mail/mime/letters.py", "press/rules.py"} <= names
    assert len([n for n in names if n.startswith("mail/intake/commands/")]) >= 25


# -- 3. rule code lives in the rules packages ----------------------------------------------

# Function names that are rules of the game wherever they are defined.
RULE_NAMES = ("centre_count", "winner", "home_condition", "keeps_home", "escalat", "leaders")
# Files (of other engineers) that still count centres; struck once they call the one count.
# The list only shrinks: the test fails when an entry is no longer true.
COUNTING_PENDING = {"render/chrome.py", "render/draw.py", "site/pages.py"}


def _outside_the_rules() -> Iterator[Path]:
    for path in sorted(PACKAGE.rglob("*.py")):
        top = path.relative_to(PACKAGE).parts[0]
        if top not in PURE and top != "store":  # the store keeps the streak, as data
            yield path


def _counts_centres(node: ast.AST) -> bool:
    """``x.centres.values()`` (owners counted) or ``len(x.centres_of(p))``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        inner = node.func.value
        if node.func.attr == "values" and isinstance(inner, ast.Attribute) and inner.attr == "centres":
            return True
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"
            and bool(node.args) and isinstance(node.args[0], ast.Call)
            and isinstance(node.args[0].func, ast.Attribute) and node.args[0].func.attr == "centres_of")


def _decides_on_streak(node: ast.AST) -> bool:
    """Arithmetic, a comparison or a test on a power's ONP streak (R-ONP's rule)."""
    def streak(n: ast.AST) -> bool:
        return isinstance(n, ast.Attribute) and n.attr == "onp_streak"
    if isinstance(node, ast.BinOp):
        return streak(node.left) or streak(node.right)
    if isinstance(node, ast.Compare):
        return streak(node.left) or any(streak(c) for c in node.comparators)
    if isinstance(node, ast.If | ast.IfExp | ast.While):
        return streak(node.test)
    return False


def test_no_rule_code_outside_the_rules_packages():
    bad, counting = [], set()
    for path in _outside_the_rules():
        rel = _rel(path)
        tree = _tree(path)
        for _owner, fn in _functions(tree):
            if any(word in fn.name for word in RULE_NAMES):
                bad.append(f"{rel}:{fn.lineno} defines {fn.name} (a rule of the game)")
        for node in ast.walk(tree):
            if _counts_centres(node):
                counting.add(rel)
                if rel not in COUNTING_PENDING:
                    bad.append(f"{rel}:{getattr(node, 'lineno', 0)} counts centres "
                               "(diplomacy/victory.py: centre_counts)")
            if _decides_on_streak(node):
                bad.append(f"{rel}:{getattr(node, 'lineno', 0)} decides on an ONP streak "
                           "(diplomacy/defaults/escalation.py)")
    assert not bad, "\n".join(bad)
    assert counting >= COUNTING_PENDING, f"struck from the list: {sorted(COUNTING_PENDING - counting)}"


# -- 4. files named for what they hold; procedures answer a Reply --------------------------

GRAB_BAGS = {"common", "state", "values", "utils", "helpers", "misc", "desk"}


def test_service_files_are_named_for_what_they_hold():
    bad = [_rel(p) for p in _files("service") if p.stem in GRAB_BAGS]
    assert not bad, bad


def test_every_procedure_answers_a_reply():
    """A public function of service/ that takes a table and a caller is a procedure: it
    answers a ``Reply`` (one type, worded at the edge)."""
    bad, found = [], []
    for path in _files("service"):
        for owner, fn in _functions(_tree(path)):
            args = [a.arg for a in fn.args.posonlyargs + fn.args.args]
            if owner or fn.name.startswith("_") or args[:2] not in (["table", "caller"], ["office", "caller"]):
                continue
            found.append(fn.name)
            returns = ast.unparse(fn.returns) if fn.returns is not None else ""
            if returns != "Reply":
                bad.append(f"{_rel(path)}:{fn.lineno} {fn.name} -> {returns or '?'}")
    assert not bad, bad
    # every procedure a player, an observer or the GM can ask for (the GM's among them)
    assert {"submit_orders", "submit_ballot", "set_wait", "status_reply", "trial", "cast_vote",
            "set_timezone", "announce_absence", "observe", "summary", "games_list", "phase_map",
            "history", "change_password", "relay_press", "preview", "pause", "rollback"} <= set(found)
