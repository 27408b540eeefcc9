"""Finding a LoRA file and applying it to a model and CLIP, as ComfyUI's LoraLoader does."""

import hashlib
import os
from typing import Any, Optional, Tuple

from .fetch import MAX_BYTES, download, looks_like_url, validate_url
from .media import input_file


def downloaded_lora_name(url: str) -> str:
    """A downloaded LoRA is always stored as `.safetensors`, so it is read with the safetensors parser and
    never unpickled, whatever the URL claims."""
    return f"{hashlib.sha256(url.encode('utf-8')).hexdigest()[:24]}.safetensors"


def lora_path(source: str) -> str:
    """The local file of a LoRA: a http(s) URL is downloaded once into `models/loras/cinegraph/`; a name is
    looked up in ComfyUI's LoRA folders, then in its input folder (where uploads land)."""
    import folder_paths

    if looks_like_url(source):
        url = validate_url(source)
        directory = os.path.join(folder_paths.get_folder_paths("loras")[0], "cinegraph")
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, downloaded_lora_name(url))
        return path if os.path.isfile(path) else download(url, path, MAX_BYTES["lora"])
    found = folder_paths.get_full_path("loras", source)
    return found if found else input_file(source, "LoRA")


class LoraCache:
    """Keeps the last LoRA file read, as LoraLoader does, so a re-run with another strength is quick."""

    def __init__(self) -> None:
        self.loaded: Optional[Tuple[str, Any]] = None

    def read(self, path: str) -> Any:
        if self.loaded is not None and self.loaded[0] == path:
            return self.loaded[1]
        import comfy.utils

        lora = comfy.utils.load_torch_file(path, safe_load=True)
        self.loaded = (path, lora)
        return lora


def apply_lora(cache: LoraCache, source: str, model: Any, clip: Any, strength: float) -> Tuple[Any, Any]:
    """The model and CLIP with the LoRA applied at `strength` (either may be None); unchanged when there is
    nothing to apply."""
    if not source or strength == 0 or (model is None and clip is None):
        return model, clip
    import comfy.sd

    lora = cache.read(lora_path(source))
    return comfy.sd.load_lora_for_models(model, clip, lora, strength, strength)
