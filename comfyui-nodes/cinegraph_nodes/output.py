"""Cinegraph's output node: what it saves becomes the workflow node's output handle in Cinegraph."""

from .inputs import name_widget
from .saving import save_audio, save_images, save_video, workflow_metadata

DEFAULT_PREFIX = "cinegraph/output"


class CinegraphOutput:
    """Saves whatever is connected (images, a video, audio) into ComfyUI's output folder and lists the
    files in the node's result, where ComfyUI's history shows them and Cinegraph collects them."""

    DESCRIPTION = (
        "The output of the Cinegraph workflow node (every workflow needs one). Saves the connected images "
        "(PNG), video (MP4) and audio (FLAC) into ComfyUI's output folder; Cinegraph collects them as takes."
    )
    CATEGORY = "cinegraph/outputs"
    FUNCTION = "save"
    RETURN_TYPES = ()
    OUTPUT_NODE = True

    @classmethod
    def INPUT_TYPES(cls):
        return {
            "required": {"name": name_widget("output")},
            "optional": {
                "images": ("IMAGE", {"tooltip": "Images to save as PNG."}),
                "video": ("VIDEO", {"tooltip": "A video to save as MP4 (make one from frames with Create Video)."}),
                "audio": ("AUDIO", {"tooltip": "Audio to save as FLAC."}),
                "filename_prefix": ("STRING", {"default": DEFAULT_PREFIX, "multiline": False}),
            },
            "hidden": {"prompt": "PROMPT", "extra_pnginfo": "EXTRA_PNGINFO"},
        }

    def save(self, name, images=None, video=None, audio=None, filename_prefix=DEFAULT_PREFIX, **hidden):
        if images is None and video is None and audio is None:
            raise ValueError(f"Cinegraph Output '{name}': connect images, a video or audio to save")
        prefix = (filename_prefix or "").strip() or DEFAULT_PREFIX
        metadata = workflow_metadata(hidden.get("prompt"), hidden.get("extra_pnginfo"))
        ui = {}
        if images is not None:
            ui["images"] = save_images(images, prefix, metadata)
        if video is not None:
            ui["gifs"] = [save_video(video, prefix, metadata)]
        if audio is not None:
            ui["audio"] = save_audio(audio, prefix, metadata)
        return {"ui": ui}
