"""Cinegraph's ComfyUI node pack: input, control and output nodes, and the embedded editor bridge (web/)."""

from .cinegraph_nodes import NODE_CLASS_MAPPINGS, NODE_DISPLAY_NAME_MAPPINGS
from .cinegraph_nodes.bridge_config import register_routes

WEB_DIRECTORY = "./web"

register_routes()

__all__ = ["NODE_CLASS_MAPPINGS", "NODE_DISPLAY_NAME_MAPPINGS", "WEB_DIRECTORY"]
