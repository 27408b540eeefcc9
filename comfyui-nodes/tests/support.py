"""Loads the node pack the way ComfyUI does: its folder imported as a package, without ComfyUI."""

import importlib.util
import sys
from pathlib import Path

PACK_ROOT = Path(__file__).resolve().parents[1]
REPO_ROOT = PACK_ROOT.parent
PACKAGE = "cinegraph_pack_under_test"


def load_pack():
    """The pack's top-level module (its `__init__.py`), as ComfyUI imports it from custom_nodes/."""
    if PACKAGE in sys.modules:
        return sys.modules[PACKAGE]
    spec = importlib.util.spec_from_file_location(
        PACKAGE, PACK_ROOT / "__init__.py", submodule_search_locations=[str(PACK_ROOT)]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = module
    spec.loader.exec_module(module)
    return module


def pack_module(name: str):
    """A module of the pack, e.g. `pack_module("cinegraph_nodes.values")`."""
    load_pack()
    return importlib.import_module(f"{PACKAGE}.{name}")
