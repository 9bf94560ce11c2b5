"""The rules core is pure: it imports only the standard library and itself."""

import ast
import sys
from pathlib import Path

import arbitro.game

GAME = Path(arbitro.game.__file__).parent
FORBIDDEN_CALLS = {"open", "print", "input"}


def _imports(path: Path):
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module, node.lineno


def test_game_imports_only_stdlib_and_itself():
    stdlib = sys.stdlib_module_names
    bad = []
    for path in GAME.rglob("*.py"):
        for module, line in _imports(path):
            top = module.split(".")[0]
            if top not in stdlib:
                bad.append(f"{path.relative_to(GAME)}:{line} imports {module}")
            if top in {"os", "io", "socket", "time", "datetime", "sqlite3", "subprocess"}:
                bad.append(f"{path.relative_to(GAME)}:{line} imports {module} (I/O or clock)")
    assert not bad, "\n".join(bad)


def test_game_does_no_io():
    bad = []
    for path in GAME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in FORBIDDEN_CALLS):
                bad.append(f"{path.relative_to(GAME)}:{node.lineno} calls {node.func.id}()")
    assert not bad, "\n".join(bad)
