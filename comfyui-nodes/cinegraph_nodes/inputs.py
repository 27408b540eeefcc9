"""Cinegraph's input nodes: each becomes an input handle of the workflow node in Cinegraph.

Widget order is a contract with `packages/comfy` (conventions.ts), which reads `widgets_values` by
position: `name, default, tooltip` (LoRA: `name, default, strength, tooltip`). Cinegraph fills the
`default` input with the handle's value when it runs the workflow.
"""

from .lora import LoraCache, apply_lora
from .media import check_media_value, file_fingerprint, load_audio, load_image, load_video, media_path
from .values import parse_lora, parse_number, parse_vector2

CATEGORY = "cinegraph/inputs"
TOOLTIP_WIDGET = (
    "STRING",
    {"default": "", "multiline": False, "tooltip": "Help text Cinegraph shows on the handle."},
)


def name_widget(fallback):
    """The `name` widget: the handle's name on the Cinegraph workflow node."""
    return ("STRING", {"default": fallback, "multiline": False, "tooltip": "The handle's name in Cinegraph."})


class CinegraphInput:
    """Shared declaration: `name` and `default` required, `tooltip` optional, in that order."""

    KIND = ""
    VALUE_WIDGET = ("STRING", {"default": "", "multiline": False})
    CATEGORY = CATEGORY
    FUNCTION = "run"

    @classmethod
    def INPUT_TYPES(cls):
        return {
            "required": {"name": name_widget(cls.KIND.lower()), "default": cls.VALUE_WIDGET},
            "optional": {"tooltip": TOOLTIP_WIDGET},
        }


class CinegraphMediaInput(CinegraphInput):
    """A media input: `default` is a http(s) URL or the name of a file in ComfyUI's input folder."""

    VALUE_WIDGET = (
        "STRING",
        {"default": "", "multiline": False, "tooltip": "A http(s) URL, or a file name in ComfyUI's input folder."},
    )

    @classmethod
    def VALIDATE_INPUTS(cls, default=None):
        return check_media_value(default, cls.KIND.lower())

    @classmethod
    def IS_CHANGED(cls, default=None, **_others):
        return file_fingerprint(default)


class CinegraphInputText(CinegraphInput):
    KIND = "Text"
    DESCRIPTION = "A text input of the Cinegraph workflow node (a prompt, a style...). Outputs the text."
    VALUE_WIDGET = ("STRING", {"default": "", "multiline": True})
    RETURN_TYPES = ("STRING",)

    def run(self, name, default, tooltip=""):
        return ("" if default is None else str(default),)


class CinegraphInputNumber(CinegraphInput):
    KIND = "Number"
    DESCRIPTION = "A number input of the Cinegraph workflow node. Outputs it as FLOAT and rounded as INT."
    VALUE_WIDGET = ("FLOAT", {"default": 0, "min": -1e15, "max": 1e15, "step": 0.01})
    RETURN_TYPES = ("FLOAT", "INT")

    def run(self, name, default, tooltip=""):
        number = parse_number(default)
        return (number, int(round(number)))


class CinegraphInputVector2(CinegraphInput):
    KIND = "Vector2"
    DESCRIPTION = (
        "A size input of the Cinegraph workflow node: [width, height], or text such as '1024x576' or "
        "'1024,576'. Outputs width and height as INT."
    )
    VALUE_WIDGET = ("STRING", {"default": "512,512", "multiline": False, "tooltip": "width,height"})
    RETURN_TYPES = ("INT", "INT")
    RETURN_NAMES = ("width", "height")

    def run(self, name, default, tooltip=""):
        return parse_vector2(default)


class CinegraphInputImage(CinegraphMediaInput):
    KIND = "Image"
    DESCRIPTION = "An image input of the Cinegraph workflow node, loaded from a URL or an uploaded file."
    RETURN_TYPES = ("IMAGE", "MASK")

    def run(self, name, default, tooltip=""):
        return load_image(media_path(default, "image"))


class CinegraphInputVideo(CinegraphMediaInput):
    KIND = "Video"
    DESCRIPTION = (
        "A video input of the Cinegraph workflow node, loaded from a URL or an uploaded file. Outputs the "
        "VIDEO (use Get Video Components for its audio and frame rate) and its frames as IMAGE."
    )
    RETURN_TYPES = ("VIDEO", "IMAGE")

    def run(self, name, default, tooltip=""):
        return load_video(media_path(default, "video"))


class CinegraphInputAudio(CinegraphMediaInput):
    KIND = "Audio"
    DESCRIPTION = "An audio input of the Cinegraph workflow node, loaded from a URL or an uploaded file."
    RETURN_TYPES = ("AUDIO",)

    def run(self, name, default, tooltip=""):
        return (load_audio(media_path(default, "audio")),)


class CinegraphInputLora(CinegraphInput):
    KIND = "Lora"
    DESCRIPTION = (
        "A LoRA input of the Cinegraph workflow node. `default` is a LoRA file name, a http(s) URL of a "
        ".safetensors file, or Cinegraph's {keyword, url, strength}. Connect a MODEL and/or CLIP to get "
        "them back with the LoRA applied (like Load LoRA); `keyword` is the LoRA's trigger word for the "
        "prompt. An empty value passes the model and CLIP through unchanged."
    )
    RETURN_TYPES = ("MODEL", "CLIP", "STRING")
    RETURN_NAMES = ("MODEL", "CLIP", "keyword")

    def __init__(self):
        self.cache = LoraCache()

    @classmethod
    def INPUT_TYPES(cls):
        return {
            "required": {
                "name": name_widget("lora"),
                "default": (
                    "STRING",
                    {"default": "", "multiline": False, "tooltip": "A LoRA file name or a http(s) URL."},
                ),
                "strength": ("FLOAT", {"default": 1.0, "min": 0.0, "max": 2.0, "step": 0.01}),
            },
            "optional": {
                "model": ("MODEL", {"tooltip": "The diffusion model the LoRA is applied to."}),
                "clip": ("CLIP", {"tooltip": "The CLIP model the LoRA is applied to."}),
                "tooltip": TOOLTIP_WIDGET,
            },
        }

    @classmethod
    def VALIDATE_INPUTS(cls, default=None):
        if default is None:
            return True
        try:
            choice = parse_lora(default)
        except ValueError as error:
            return str(error)
        return True if not choice.source else check_media_value(choice.source, "LoRA")

    def run(self, name, default, strength, tooltip="", model=None, clip=None):
        choice = parse_lora(default)
        weight = choice.strength if choice.strength is not None else parse_number(strength)
        model, clip = apply_lora(self.cache, choice.source, model, clip, weight)
        return (model, clip, choice.keyword)


INPUT_NODES = (
    CinegraphInputText,
    CinegraphInputNumber,
    CinegraphInputVector2,
    CinegraphInputImage,
    CinegraphInputVideo,
    CinegraphInputAudio,
    CinegraphInputLora,
)
