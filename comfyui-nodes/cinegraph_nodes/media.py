"""Finding and loading the media behind an input node's value: a URL or a file in ComfyUI's folders.

ComfyUI's modules (folder_paths, torch, numpy, PIL, av, comfy_api) are imported inside the functions
that need them, so this module imports without ComfyUI (the declarations stay testable).
"""

import os
from typing import Any, Dict, Tuple

from .fetch import FetchError, fetch_cached, looks_like_url, validate_url

EXTENSIONS = {"image": ".png", "video": ".mp4", "audio": ".wav", "lora": ".safetensors"}


def is_inside(path: str, root: str) -> bool:
    """True when `path` (symbolic links resolved) is `root` or lies under it."""
    real_path, real_root = os.path.realpath(path), os.path.realpath(root)
    try:
        return os.path.commonpath([real_path, real_root]) == real_root
    except ValueError:
        return False


def check_media_value(value: Any, kind: str) -> Any:
    """What VALIDATE_INPUTS answers for a media `default`: True, or a message naming what is wrong.
    None means the widget is linked to another node, so there is nothing to check yet."""
    if value is None:
        return True
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        return f"No {kind} given: set a http(s) URL or the name of a file in ComfyUI's input folder"
    if looks_like_url(text):
        try:
            validate_url(text)
        except FetchError as error:
            return str(error)
    return True


def downloads_directory() -> str:
    import folder_paths

    return os.path.join(folder_paths.get_temp_directory(), "cinegraph-downloads")


def input_file(name: str, kind: str) -> str:
    """The path of a file in ComfyUI's input folder ('name', 'sub/name' or 'name [output]' as ComfyUI
    annotates); refuses a path that leaves ComfyUI's input, output and temp folders."""
    import folder_paths

    path = folder_paths.get_annotated_filepath(name)
    roots = (
        folder_paths.get_input_directory(),
        folder_paths.get_output_directory(),
        folder_paths.get_temp_directory(),
    )
    if not any(is_inside(path, root) for root in roots):
        raise ValueError(f"The {kind} file {name!r} is outside ComfyUI's input, output and temp folders")
    if not os.path.isfile(path):
        raise FileNotFoundError(f"No {kind} file {name!r} in ComfyUI's input folder")
    return path


def media_path(value: Any, kind: str) -> str:
    """A local file for a media value: a downloaded copy of a http(s) URL, or a file in the input folder."""
    verdict = check_media_value(value if value is not None else "", kind)
    if verdict is not True:
        raise ValueError(verdict)
    text = value.strip()
    if looks_like_url(text):
        return fetch_cached(text, downloads_directory(), kind, EXTENSIONS[kind])
    return input_file(text, kind)


def file_fingerprint(value: Any) -> str:
    """For IS_CHANGED: a local file's size and modification time (so a replaced upload runs again); a URL
    or an unknown file gives its own text (one URL is fetched once)."""
    text = value.strip() if isinstance(value, str) else repr(value)
    if not text or looks_like_url(text):
        return text
    try:
        import folder_paths

        stat = os.stat(folder_paths.get_annotated_filepath(text))
        return f"{text}:{stat.st_size}:{stat.st_mtime_ns}"
    except (ImportError, OSError, ValueError):
        return text


def load_image(path: str) -> Tuple[Any, Any]:
    """IMAGE [frames, H, W, 3] and MASK [frames, H, W] from an image file, as ComfyUI's LoadImage reads it
    (EXIF rotation, 16-bit images, every frame of a same-size animation, the mask from transparency)."""
    import numpy as np
    import torch
    from PIL import Image, ImageOps, ImageSequence

    images, masks = [], []
    size = None
    with Image.open(path) as picture:
        for frame in ImageSequence.Iterator(picture):
            frame = ImageOps.exif_transpose(frame)
            if frame.mode == "I":
                frame = frame.point(lambda value: value * (1 / 255))
            rgb = frame.convert("RGB")
            if size is None:
                size = rgb.size
            if rgb.size != size:
                continue
            images.append(torch.from_numpy(np.array(rgb).astype(np.float32) / 255.0)[None,])
            if "A" in frame.getbands():
                alpha = np.array(frame.getchannel("A")).astype(np.float32) / 255.0
                mask = 1.0 - torch.from_numpy(alpha)
            elif frame.mode == "P" and "transparency" in frame.info:
                alpha = np.array(frame.convert("RGBA").getchannel("A")).astype(np.float32) / 255.0
                mask = 1.0 - torch.from_numpy(alpha)
            else:
                mask = torch.zeros((size[1], size[0]), dtype=torch.float32, device="cpu")
            masks.append(mask.unsqueeze(0))
            if picture.format == "MPO":
                break
    if not images:
        raise ValueError(f"No image could be read from {os.path.basename(path)}")
    return torch.cat(images, dim=0), torch.cat(masks, dim=0)


def load_video(path: str) -> Tuple[Any, Any]:
    """VIDEO (ComfyUI's video object, with its audio and frame rate) and its IMAGE frames."""
    try:
        from comfy_api.latest import InputImpl

        video = InputImpl.VideoFromFile(path)
    except ImportError:
        from comfy_api.input_impl import VideoFromFile

        video = VideoFromFile(path)
    return video, video.get_components().images


def load_audio(path: str) -> Dict[str, Any]:
    """AUDIO `{"waveform": [1, channels, samples], "sample_rate": n}` from any file PyAV decodes."""
    import av
    import torch

    with av.open(path) as container:
        if not container.streams.audio:
            raise ValueError(f"No audio stream in {os.path.basename(path)}")
        stream = container.streams.audio[0]
        channels = getattr(stream, "channels", None) or stream.codec_context.channels
        chunks = []
        for frame in container.decode(streams=stream.index):
            samples = torch.from_numpy(frame.to_ndarray())
            if samples.shape[0] != channels:
                samples = samples.view(-1, channels).t()
            chunks.append(samples)
        if not chunks:
            raise ValueError(f"No audio could be decoded from {os.path.basename(path)}")
        waveform = torch.cat(chunks, dim=1)
        if not waveform.dtype.is_floating_point:
            waveform = waveform.float() / float(torch.iinfo(waveform.dtype).max)
        return {"waveform": waveform.unsqueeze(0), "sample_rate": stream.codec_context.sample_rate}
