"""The embedded editor bridge's settings, served to the frontend extension at GET /cinegraph/bridge-config.

CINEGRAPH_ALLOWED_ORIGINS (comma-separated, e.g. `https://studio.example.com`) limits which parent pages
may drive the editor through postMessage. Unset, the bridge answers the parent origin the page was opened
with (`cinegraph_origin` or the referrer): fine on a private worker, set it on any shared one.
"""

import os
from typing import List, Optional
from urllib.parse import urlsplit

ROUTE = "/cinegraph/bridge-config"


def allowed_origins(raw: Optional[str] = None) -> List[str]:
    """The configured origins, normalised to scheme://host[:port]; entries that are not http(s) are dropped."""
    text = os.environ.get("CINEGRAPH_ALLOWED_ORIGINS", "") if raw is None else raw
    origins = []
    for entry in text.split(","):
        parts = urlsplit(entry.strip())
        if parts.scheme in ("http", "https") and parts.netloc:
            origins.append(f"{parts.scheme}://{parts.netloc.lower()}")
    return origins


def register_routes() -> bool:
    """Adds the route to ComfyUI's server; False (and nothing done) outside ComfyUI."""
    try:
        from aiohttp import web
        from server import PromptServer
    except ImportError:
        return False
    instance = getattr(PromptServer, "instance", None)
    if instance is None:
        return False

    @instance.routes.get(ROUTE)
    async def bridge_config(_request):
        return web.json_response({"allowed_origins": allowed_origins()})

    return True
