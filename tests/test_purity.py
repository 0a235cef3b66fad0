"""rules/ is a pure library: it never imports Discord, SQL, imaging, asyncio, bot/ or render/."""

import ast
from pathlib import Path

FORBIDDEN = {"discord", "sqlmodel", "sqlalchemy", "aiosqlite", "PIL", "asyncio", "bot", "render", "random"}
RULES = Path(__file__).resolve().parents[1] / "rules"


def imported_roots(path: Path) -> set[str]:
    """Top-level module names a file imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_rules_imports_nothing_forbidden() -> None:
    offenders = {}
    for path in RULES.rglob("*.py"):
        if path.name == "playout.py":
            continue  # the playout harness chooses moves with its own random.Random; the engine never does
        bad = imported_roots(path) & FORBIDDEN
        if bad:
            offenders[str(path.relative_to(RULES))] = sorted(bad)
    assert offenders == {}


def test_the_check_would_catch_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "x.py"
    sample.write_text("import discord\nfrom PIL import Image\nfrom rules import state\n")
    assert imported_roots(sample) & FORBIDDEN == {"discord", "PIL"}


def test_playout_harness_random_is_its_own_instance() -> None:
    text = (RULES / "playout.py").read_text(encoding="utf-8")
    assert "random.Random(" in text
    assert "random.choice(" not in text and "random.randint(" not in text
