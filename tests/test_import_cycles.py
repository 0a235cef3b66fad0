"""No import cycles among the project's modules (tools/import_cycles.py), those for type checking only counted, and
the check finds one when there is."""

from __future__ import annotations

from pathlib import Path

from tools.import_cycles import PACKAGES, cycles, graph

ROOT = Path(__file__).resolve().parents[1]


def test_no_module_of_the_project_imports_itself_back() -> None:
    found = cycles(graph(ROOT, PACKAGES))
    assert found == [], "import cycles: " + "; ".join(", ".join(c) for c in found)


def test_the_graph_sees_the_imports_the_project_makes() -> None:
    edges = graph(ROOT, PACKAGES)
    assert "rules.registry" in edges["rules.factions.base"] or "rules.registry" in edges["rules.map_pieces"]
    assert "bot.discord.buttons" in edges["bot.discord.client"]
    assert "rules.factions.base" not in edges["rules.registry"]  # the registry imports no base class, even for types
    assert "rules.modes.base" not in edges["rules.registry"]
    assert "rules.faction_hooks" in edges["rules.registry"]  # an import under `if TYPE_CHECKING:` is an edge


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg import b\n",
            "pkg/b.py": "def f():\n    from pkg.c import x\n    return x\n",
            "pkg/c.py": "import pkg.a\nx = 1\n",
            "pkg/d.py": "from pkg import a\n",
        },
    )
    assert cycles(graph(tmp_path, ("pkg",))) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_a_package_importing_a_name_from_its_own_submodule_that_imports_it_back_is_a_cycle(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.plugin import Plugin\nID = 'x'\n",
            "pkg/plugin.py": "from pkg import ID\nclass Plugin: ...\n",
        },
    )
    assert cycles(graph(tmp_path, ("pkg",))) == [["pkg", "pkg.plugin"]]


def test_a_cycle_through_an_import_for_type_checking_only_is_found(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import B\n",
            "pkg/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import A\nclass B: ...\n",
        },
    )
    assert cycles(graph(tmp_path, ("pkg",))) == [["pkg.a", "pkg.b"]]
