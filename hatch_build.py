"""Wheel build hook: the rules core and the bots compiled with mypyc from the same typed source.

hatch-mypyc does the compiling; this hook decides whether to use it. `PASSGO_BUILD` chooses:

    auto      (default) compiled where a C compiler and the Python headers are found, pure
              Python elsewhere (with a warning)
    compiled  compiled, or the build fails (CI and `make test-compiled` use this)
    pure      pure Python, the same wheel as without any hook

Editable installs (`pip install -e .`, the developer's `.venv`) are always pure: they import
the source tree, which must stay free of compiled modules.

The compiled build is mypyc's separate compilation (`separate = true` in pyproject.toml): one
C file and one extension module per Python module, which setuptools compiles side by side,
`PASSGO_BUILD_JOBS` at once (default: every core). The intermediate files go to
`build/mypyc` in the project (fresh for every build, so that every build compiles the same
file names with the same options), and mypy's cache to `build/mypyc-cache`: with `ccache` as
the compiler (`make compiled` uses it where it is installed) a build after a change type-checks
and compiles again only the modules that changed and those whose imports changed.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
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

    @property
    def config_options(self) -> dict[str, Any]:
        """hatch-mypyc's `options` (passed on to mypycify), with each group of `separate` as
        the (files, name) tuple mypyc asks for: TOML only has lists."""
        options = dict(self.config.get("options", {}))
        groups = options.get("separate")
        if isinstance(groups, list):
            options["separate"] = [(list(files), name) for files, name in groups]
        return options

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
        self._compile(version, build_data)

    def _compile(self, version: str, build_data: dict[str, Any]) -> None:
        """hatch-mypyc's build, with setuptools compiling the extensions in parallel (through
        a configuration file named by DIST_EXTRA_CONFIG, which setuptools reads) in a build
        folder whose path does not change from one build to the next."""
        jobs = os.environ.get("PASSGO_BUILD_JOBS", "").strip() or str(os.cpu_count() or 1)
        if not jobs.isdigit() or int(jobs) < 1:
            raise ValueError(f"PASSGO_BUILD_JOBS must be a whole number of at least 1, not "
                             f"{jobs!r}")
        build_dir = Path(self.root) / "build" / "mypyc"
        shutil.rmtree(build_dir, ignore_errors=True)  # hatch-mypyc makes its folders anew
        build_dir.mkdir(parents=True)
        saved = {name: os.environ.get(name) for name in ("DIST_EXTRA_CONFIG",
                                                         "HATCH_MYPYC_BUILD_DIR")}
        with tempfile.TemporaryDirectory() as tmp:
            config = Path(tmp) / "build_ext.cfg"
            config.write_text(f"[build_ext]\nparallel = {jobs}\n", encoding="utf-8")
            os.environ["DIST_EXTRA_CONFIG"] = str(config)
            os.environ.setdefault("HATCH_MYPYC_BUILD_DIR", str(build_dir))
            try:
                super().initialize(version, build_data)
            finally:
                for name, value in saved.items():
                    if value is None:
                        os.environ.pop(name, None)
                    else:
                        os.environ[name] = value

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """The compiled modules are in the wheel now: take them out of the source tree, so
        that code run from the tree (`PYTHONPATH=src`, editable installs) stays pure."""
        if build_data.get("pure_python") is False:
            self.clean([version])


def get_build_hook() -> type[MypycBuildHook]:
    """The hook hatchling loads (hatch-mypyc's own class is imported here too)."""
    return PassgoBuildHook
