"""Cinegraph's node pack: the input, control and output nodes Cinegraph turns into handles."""

from .control import WORK_IN_PROGRESS, CinegraphBypass
from .inputs import INPUT_NODES
from .output import CinegraphOutput

NODES = (*INPUT_NODES, CinegraphBypass, CinegraphOutput)

NODE_CLASS_MAPPINGS = {node.__name__: node for node in NODES}

NODE_DISPLAY_NAME_MAPPINGS = {
    **{node.__name__: f"Cinegraph Input {node.KIND}" for node in INPUT_NODES},
    "CinegraphBypass": f"Cinegraph Bypass ({WORK_IN_PROGRESS})",
    "CinegraphOutput": "Cinegraph Output",
}
