"""Saving images, video and audio into ComfyUI's output folder, as SaveImage, SaveVideo and SaveAudio do.

Each function returns the entries ComfyUI's history lists (`filename`, `subfolder`, `type`), which
Cinegraph downloads through `/view`. ComfyUI's modules are imported inside the functions.
"""

import json
import os
from typing import Any, Dict, List, Optional


def workflow_metadata(prompt: Any, extra_pnginfo: Any) -> Optional[Dict[str, Any]]:
    """The prompt and workflow to embed in saved files, unless ComfyUI runs with --disable-metadata."""
    try:
        from comfy.cli_args import args

        if args.disable_metadata:
            return None
    except ImportError:
        pass
    metadata: Dict[str, Any] = {}
    if extra_pnginfo:
        metadata.update(extra_pnginfo)
    if prompt is not None:
        metadata["prompt"] = prompt
    return metadata or None


def _target(prefix: str, width: int = 0, height: int = 0):
    import folder_paths

    return folder_paths.get_save_image_path(prefix, folder_paths.get_output_directory(), width, height)


def save_images(images: Any, prefix: str, metadata: Optional[Dict[str, Any]]) -> List[Dict[str, str]]:
    """Saves each image of an IMAGE batch as PNG (with the workflow in its text chunks)."""
    import numpy as np
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    folder, filename, counter, subfolder, _ = _target(prefix, images[0].shape[1], images[0].shape[0])
    results = []
    for batch_number, image in enumerate(images):
        pixels = np.clip(255.0 * image.cpu().numpy(), 0, 255).astype(np.uint8)
        info = None
        if metadata:
            info = PngInfo()
            for key, value in metadata.items():
                info.add_text(key, json.dumps(value))
        file = f"{filename.replace('%batch_num%', str(batch_number))}_{counter:05}_.png"
        Image.fromarray(pixels).save(os.path.join(folder, file), pnginfo=info, compress_level=4)
        results.append({"filename": file, "subfolder": subfolder, "type": "output"})
        counter += 1
    return results


def _mp4_options() -> Dict[str, Any]:
    try:
        from comfy_api.latest import Types

        return {"format": Types.VideoContainer.MP4, "codec": Types.VideoCodec.H264}
    except ImportError:
        pass
    try:
        from comfy_api.util import VideoCodec, VideoContainer

        return {"format": VideoContainer.MP4, "codec": VideoCodec.H264}
    except ImportError:
        return {}


def _frame_rate(path: str) -> Optional[float]:
    try:
        import av

        with av.open(path) as container:
            rate = container.streams.video[0].average_rate
            return float(rate) if rate else None
    except Exception:  # the rate is a nicety for previews; the saved file is what matters
        return None


def save_video(video: Any, prefix: str, metadata: Optional[Dict[str, Any]]) -> Dict[str, Any]:
    """Saves a VIDEO as H.264 MP4; the entry also has `format` and `frame_rate`, as video savers give."""
    width, height = video.get_dimensions()
    folder, filename, counter, subfolder, _ = _target(prefix, width, height)
    file = f"{filename}_{counter:05}_.mp4"
    path = os.path.join(folder, file)
    video.save_to(path, metadata=metadata, **_mp4_options())
    entry: Dict[str, Any] = {"filename": file, "subfolder": subfolder, "type": "output", "format": "video/mp4"}
    rate = _frame_rate(path)
    if rate:
        entry["frame_rate"] = rate
    return entry


def _write_flac(path: str, waveform: Any, sample_rate: int, metadata: Optional[Dict[str, Any]]) -> None:
    import av

    layout = "mono" if waveform.shape[0] == 1 else "stereo"
    with av.open(path, mode="w", format="flac") as container:
        for key, value in (metadata or {}).items():
            container.metadata[key] = json.dumps(value)
        stream = container.add_stream("flac", rate=sample_rate, layout=layout)
        samples = waveform.movedim(0, 1).reshape(1, -1).float().numpy()
        frame = av.AudioFrame.from_ndarray(samples, format="flt", layout=layout)
        frame.sample_rate = sample_rate
        frame.pts = 0
        container.mux(stream.encode(frame))
        container.mux(stream.encode(None))


def save_audio(audio: Dict[str, Any], prefix: str, metadata: Optional[Dict[str, Any]]) -> List[Dict[str, str]]:
    """Saves each clip of an AUDIO batch as FLAC."""
    folder, filename, counter, subfolder, _ = _target(prefix)
    results = []
    for batch_number, waveform in enumerate(audio["waveform"].cpu()):
        file = f"{filename.replace('%batch_num%', str(batch_number))}_{counter:05}_.flac"
        _write_flac(os.path.join(folder, file), waveform, audio["sample_rate"], metadata)
        results.append({"filename": file, "subfolder": subfolder, "type": "output"})
        counter += 1
    return results
