"""Sphinx configuration of the passgo documentation site (`make docs-site`).

The pages are the Markdown files of this folder (read by MyST-Parser); the API reference is
made by autodoc from the package's docstrings and type hints. The build is strict: `-W` turns
every warning into an error and `nitpicky` makes every cross-reference that does not resolve
(a type in a signature, a `{py:class}` role, a link to a page or heading) a warning.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import sys
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import passgo  # noqa: E402
import passgo.agents  # noqa: E402
from passgo.cli.docs_pages import PAGES, cite  # noqa: E402
from passgo.core.events import EVENT_TYPES  # noqa: E402
from passgo.core.rules import option_docs  # noqa: E402
from passgo.core.version import ENGINE_VERSION  # noqa: E402

logger = logging.getLogger(__name__)

project = "passgo"
release = ENGINE_VERSION
extensions = ["myst_parser", "sphinx.ext.autodoc", "matplotlib.sphinxext.plot_directive"]
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = "passgo"
copyright = "2026 the passgo developers"  # as in LICENSE

# Strict cross-references. The types of the standard library, Matplotlib, NumPy, Gymnasium and
# PettingZoo cannot be linked without fetching those projects' inventories from the web, which
# the build must not need; every other name in a signature must resolve to a page of this site.
nitpicky = True
nitpick_ignore_regex = [
    ("py:.*", r"(collections\.abc|typing|pathlib|random|argparse|matplotlib|numpy)\..*"),
    ("py:.*", r"(gymnasium|pettingzoo)\..*"),
]
# The decisions' private base class: its `player` is in every decision's signature, its
# `to_dict` in the module's text.
nitpick_ignore = [("py:class", "passgo.core.decisions._Decision")]

# Links to headings (`bots.md#tournaments`) and from page to page are checked.
myst_heading_anchors = 3
# The docstrings write names in backticks, as Markdown does: show them as code.
default_role = "literal"

# The analysis guide's figures are drawn at build time by the code shown beside them. Each
# plot names its files (`:filename-prefix:`): in a Markdown page every plot would otherwise be
# numbered 1 and take the first one's image without running.
plot_formats = [("png", 100)]
plot_html_show_source_link = False
plot_html_show_formats = False

autodoc_member_order = "bysource"
autodoc_typehints = "signature"


def generated_pages(app: Sphinx, docname: str, source: list[str]) -> None:
    """The Rules and House rules pages are made at build time from the options' own
    metadata and the rule catalogue (`passgo.cli.docs_pages`); the committed docs/rules.md and
    docs/house-rules.md, kept equal to them by a test, are the same pages for readers of the
    repository. The Events page ends with the table of event kinds, made from the event
    classes (`EVENT_TYPES`)."""
    if f"{docname}.md" in PAGES:
        source[0] = PAGES[f"{docname}.md"]()
    elif docname == "reference/events":
        rows = [f"| `{kind}` | `{cls.__name__}` | {', '.join(cls.__match_args__)} | "
                f"{' '.join((cls.__doc__ or '').split())} |"
                for kind, cls in EVENT_TYPES.items()]
        source[0] += "\n".join(["", "| kind | class | facts | what happened |",
                                 "|---|---|---|---|", *rows, ""])


OPTION_DOCS = {name: (default, doc, source) for name, default, doc, source in option_docs()}


def option_docstring(app: Sphinx, what: str, name: str, obj: Any, options: Any,
                     lines: list[str]) -> None:
    """Each `Rules` field's reference entry is its meaning and the rule sentence it comes
    from, read from the field's metadata (the fields carry no docstrings of their own)."""
    prefix = "passgo.core.rules.Rules."
    if what == "attribute" and name.startswith(prefix) and name[len(prefix):] in OPTION_DOCS:
        default, doc, source = OPTION_DOCS[name[len(prefix):]]
        source = cite(source, lambda book, anchor: f":doc:`{book} </rule-books>`")
        lines[:] = [doc, "", f"Classic value: ``{json.dumps(default)}``. Rule sentence: {source}"]


def no_generated_docstring(app: Sphinx, what: str, name: str, obj: Any, options: Any,
                           lines: list[str]) -> None:
    """A dataclass without a docstring gets one made of its signature, which the entry shows
    already: leave the entry without text rather than say it twice."""
    if what == "class" and dataclasses.is_dataclass(obj) and lines and \
            lines[0].startswith(f"{obj.__name__}(") and obj.__doc__ and \
            obj.__doc__.startswith(f"{obj.__name__}("):
        lines.clear()


def public_bases(app: Sphinx, name: str, obj: Any, options: Any, bases: list[type]) -> None:
    """`Game` is built on the engine's private state class; the reference shows no base
    that is not part of the public model."""
    bases[:] = [b for b in bases if b.__module__ != "passgo.core.state"]


def undocumented_public_names(app: Sphinx, env: BuildEnvironment) -> None:
    """Every class and function that `passgo` and `passgo.agents` export has an entry in the
    API reference, under the module that defines it: a new decision, action or bot that no
    reference page picks up fails the build."""
    documented = env.get_domain("py").objects  # type: ignore[attr-defined]
    for package in (passgo, passgo.agents):
        for name in package.__all__:
            obj = getattr(package, name)
            if not (isinstance(obj, type) or inspect.isfunction(obj)):
                continue
            target = f"{obj.__module__}.{obj.__qualname__}"
            if target not in documented:
                logger.warning("%s.%s (%s) is not in the API reference (docs/reference/)",
                               package.__name__, name, target)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("env-check-consistency", undocumented_public_names)
    app.connect("source-read", generated_pages)
    app.connect("autodoc-process-docstring", option_docstring)
    app.connect("autodoc-process-docstring", no_generated_docstring)
    app.connect("autodoc-process-bases", public_bases)
    return {"parallel_read_safe": True}
