"""Wheel build hook: the rules core and the bots compiled with mypyc from the same typed source.

hatch-mypyc does the compiling; this hook decides whether to use it. `PASSGO_BUILD` chooses:

    auto      (default) compiled where a C compiler and the Python headers are found, pure
              Python elsewhere (with a warning)
    compiled  compiled, or the build fails (CI and `make test-compiled` use this)
    pure      pure Python, the same wheel as without any hook

Editable installs (`pip install -e .`, the developer's `.venv`) are always pure: they import
the source tree, which must stay free of compiled modules.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import sysconfig
from typing import Any

from hatch_mypyc.plugin import MypycBuildHook

CHOICES = ("auto", "compiled", "pure")


def _toolchain_problem() -> str | None:
    """Why no extension module can be compiled here (None: it can)."""
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")[:1]
    if not compiler or shutil.which(compiler[0]) is None:
        return f"no C compiler ({' '.join(compiler) or 'cc'}) on the PATH"
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "no Python headers (Python.h)"
    return None


class PassgoBuildHook(MypycBuildHook):
    """hatch-mypyc's hook, run only for a compiled wheel (see the module docstring)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        choice = os.environ.get("PASSGO_BUILD", "auto").strip().lower() or "auto"
        if choice not in CHOICES:
            raise ValueError(f"PASSGO_BUILD must be one of {', '.join(CHOICES)}, not {choice!r}")
        if self.target_name != "wheel" or version == "editable" or choice == "pure":
            return
        problem = _toolchain_problem()
        if problem is not None:
            if choice == "compiled":
                raise RuntimeError(f"PASSGO_BUILD=compiled, but {problem}")
            print(f"passgo: building the pure Python package ({problem})", file=sys.stderr)
            return
        super().initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """The compiled modules are in the wheel now: take them out of the source tree, so
        that code run from the tree (`PYTHONPATH=src`, editable installs) stays pure."""
        if build_data.get("pure_python") is False:
            self.clean([version])


def get_build_hook() -> type[MypycBuildHook]:
    """The hook hatchling loads (hatch-mypyc's own class is imported here too)."""
    return PassgoBuildHook
