"""Import cycles among the project's own modules: every import a module makes, at its top, inside a function, or
under `if TYPE_CHECKING:`.

Usage: .venv/bin/python -m tools.import_cycles [PACKAGE_DIR...]   (from the checkout's root; default: rules render
bot tools). Prints each cycle (modules that import each other, directly or through others), then 'cycles: N';
exits 1 when there is one. Imports under `if TYPE_CHECKING:` count too: a type named that way still ties the modules
together (the registry names factions and modes by leaf interfaces, `rules.faction_hooks` and `rules.mode_rules`,
not by their base classes). A submodule importing its own package
counts like any import: the package's `__init__` runs first and may import the submodule back.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

PACKAGES = ("rules", "render", "bot", "tools")


def module_name(path: Path) -> str:
    """The dotted name of a module file under the checkout's root."""
    parts = list(path.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def run_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of a module: at its top, inside a function, or under `if TYPE_CHECKING:`."""
    return (node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom)))


def imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The project's modules a module imports (the deepest known module each import names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in run_imports(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base]) if base else ".".join(up)
            # `from pkg import sub` runs pkg.sub (pkg itself is already imported); `from pkg import name` runs pkg
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Each module of the packages and the project's modules it imports."""
    files = [p for d in packages if (root / d).is_dir() for p in sorted((root / d).rglob("*.py"))]
    names = {module_name(p.relative_to(root)): p for p in files}
    known = set(names)
    return {n: imports(p, n, known) for n, p in names.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def main(argv: list[str]) -> int:
    """Print the cycles of the packages named (default: every package of the project)."""
    found = cycles(graph(Path.cwd(), tuple(argv) or PACKAGES))
    for component in found:
        print(f"cycle of {len(component)}: {', '.join(component)}")
    print(f"cycles: {len(found)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
