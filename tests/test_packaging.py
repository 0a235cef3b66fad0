"""The installed product is rules/, render/ and bot/: the wheel pyproject.toml builds holds no tooling or tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "rules", "render", "bot", "tools", "tests")
TOOLING = ("server.py", "bench.py", "loadbench.py", "pgtemp.py", "docgen.py", "docexamples.py", "scriptgen.py")


def built_wheel(tmp: Path) -> list[str]:
    """The file names in the wheel built from a copy of the checkout (so the build leaves nothing in it)."""
    source = tmp / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.db"))
        else:
            shutil.copy(ROOT / name, source / name)
    out = tmp / "wheel"
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index"]
    subprocess.run([*command, "--wheel-dir", str(out), str(source)], check=True, capture_output=True, timeout=300)
    (wheel,) = out.glob("rootbot-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def test_the_wheel_holds_the_product_and_not_the_double_benches_or_tests(tmp_path: Path) -> None:
    names = built_wheel(tmp_path)
    tops = {n.split("/")[0] for n in names if not n.startswith("rootbot-")}
    assert tops == {"rules", "render", "bot"}
    for kept in ("bot/cli.py", "bot/discord/client.py", "bot/service/__init__.py", "bot/storage/migrations/env.py"):
        assert kept in names
    assert "rules/factions/vagabond/board.py" in names and "rules/modes/frontier/table.py" in names
    for tool in TOOLING:  # the Discord double (double/server.py), benches, the throwaway PostgreSQL, generators
        assert not any(n.startswith("bot/") and n.endswith("/" + tool) for n in names), tool
    assert not any("/double/" in n or n.startswith("tests/") for n in names)
