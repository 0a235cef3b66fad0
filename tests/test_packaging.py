"""The installed product is rules/, render/ and bot/: the wheel pyproject.toml builds holds no tooling or tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "rules", "render", "bot", "tools", "tests")
TOOLING = ("server.py", "pgtemp.py", "docgen.py", "docexamples.py", "scriptgen.py", "floor.py")
ENTRY_MODULES = ("bot/bench.py", "bot/loadbench.py")  # thin: they run tools.bench / tools.loadbench from a checkout
# Run a module of the unpacked wheel as `python -m` would, with the checkout (where tools/ is) off the import path.
RUN_UNPACKED = """import runpy, sys
sys.path[:] = [sys.argv[1]] + [p for p in sys.path if p and p != sys.argv[2]]
sys.argv = [sys.argv[3], *sys.argv[4:]]
runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built once for this file's tests."""
    return built_wheel(tmp_path_factory.mktemp("packaging"))


def built_wheel(tmp: Path) -> Path:
    """The wheel built from a copy of the checkout (so the build leaves nothing in it)."""
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
    return wheel


def test_the_wheel_holds_the_product_and_not_the_double_benches_or_tests(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        entries = {name: archive.read(name).decode() for name in ENTRY_MODULES}
    tops = {n.split("/")[0] for n in names if not n.startswith("rootbot-")}
    assert tops == {"rules", "render", "bot"}
    for kept in ("bot/cli.py", "bot/discord/client.py", "bot/service/__init__.py", "bot/storage/migrations/env.py"):
        assert kept in names
    assert "rules/factions/vagabond/board.py" in names and "rules/modes/frontier/table.py" in names
    for tool in TOOLING:  # the Discord double (double/server.py), benches, the throwaway PostgreSQL, generators
        assert not any(n.startswith("bot/") and n.endswith("/" + tool) for n in names), tool
    assert not any("/double/" in n or n.startswith("tests/") for n in names)
    for name, text in entries.items():  # the bench entry points only name the checkout's tool, never carry it
        imports = [line for line in text.splitlines() if line.startswith(("import ", "from "))]
        assert imports == ["from __future__ import annotations", "from bot.checkout_tools import run_checkout_tool"]
        assert "def " not in text and len(text) < 600, name


def run_unpacked(wheel: Path, tmp: Path, module: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m module args` with the unpacked wheel's packages instead of the checkout's."""
    unpacked = tmp / "unpacked"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(unpacked)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"ROOTBOT_ASSETS": str(ROOT / "assets")}
    command = [sys.executable, "-c", RUN_UNPACKED, str(unpacked), str(ROOT), module, *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=tmp, env=env, timeout=120)


@pytest.mark.parametrize("name", ["bench", "loadbench"])
def test_the_wheels_bench_commands_refuse_in_one_line_without_the_checkout(
    wheel: Path, tmp_path: Path, name: str
) -> None:
    ran = run_unpacked(wheel, tmp_path, f"bot.{name}", "--help")
    assert ran.returncode == 2 and ran.stdout == "" and "Traceback" not in ran.stderr, ran.stderr[-2000:]
    assert ran.stderr.count("\n") == 1 and f"bot.{name}: the benchmarks are not installed" in ran.stderr
    assert "from a checkout" in ran.stderr


def test_the_unpacked_wheel_runs_its_own_modules(wheel: Path, tmp_path: Path) -> None:
    ran = run_unpacked(wheel, tmp_path, "bot.cli", "--help")  # the refusal above is not a broken unpacking
    assert ran.returncode == 0 and ran.stdout.startswith("usage:"), ran.stderr[-2000:]


@pytest.mark.parametrize("name", ["bench", "loadbench"])
def test_the_bench_commands_run_the_tools_from_a_checkout(name: str) -> None:
    ran = subprocess.run(
        [sys.executable, "-m", f"bot.{name}", "--help"], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert ran.returncode == 0 and "Traceback" not in ran.stderr, ran.stderr[-2000:]
    assert ran.stdout.startswith("usage:") and "--postgres" in ran.stdout
