"""Reading the values Cinegraph fills into the nodes' `default` widgets.

Cinegraph sets each input node's `default` input in the API prompt. ComfyUI's validation turns a STRING
input into `str(value)`, so a list or dict arrives as its JSON or Python text; these helpers accept both.
Pure Python, no ComfyUI needed.
"""

import ast
import json
import re
from typing import Any, NamedTuple, Optional, Tuple

MAX_SIDE = 16384
"""The largest width or height a vector2 may hold (ComfyUI's own limit for image sizes)."""


def parse_structured(text: str) -> Any:
    """Reads `text` as JSON, else as a Python literal (what `str()` of a list or dict gives); else None."""
    stripped = text.strip()
    if not stripped or stripped[0] not in "[{(":
        return None
    try:
        return json.loads(stripped)
    except ValueError:
        pass
    try:
        return ast.literal_eval(stripped)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None


def _side(value: Any, label: str) -> int:
    if isinstance(value, bool):
        raise ValueError(f"vector2 {label} must be a number, got {value!r}")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"vector2 {label} must be a number, got {value!r}") from None
    if number != number or number < 0 or number > MAX_SIDE:
        raise ValueError(f"vector2 {label} must be between 0 and {MAX_SIDE}, got {value!r}")
    return int(round(number))


def parse_vector2(value: Any) -> Tuple[int, int]:
    """Reads a size as `(width, height)` from `[w, h]`, `{"width": w, "height": h}`, '1024x576',
    '1024,576', '1024 576' or the JSON/Python text of a list or dict. Raises ValueError otherwise."""
    if isinstance(value, str):
        structured = parse_structured(value)
        if structured is not None:
            return parse_vector2(structured)
        parts = [part for part in re.split(r"[\s,x×X*;]+", value.strip()) if part]
        if len(parts) == 2:
            return _side(parts[0], "width"), _side(parts[1], "height")
        raise ValueError(f"vector2 must look like '1024x576' or '1024,576', got {value!r}")
    if isinstance(value, dict):
        if "width" in value and "height" in value:
            return _side(value["width"], "width"), _side(value["height"], "height")
        if "x" in value and "y" in value:
            return _side(value["x"], "width"), _side(value["y"], "height")
        raise ValueError("vector2 object needs width and height")
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return _side(value[0], "width"), _side(value[1], "height")
    raise ValueError(f"vector2 must be [width, height], got {value!r}")


def parse_number(value: Any) -> float:
    """Reads a number (a FLOAT widget value, or text such as '12.5'). Raises ValueError otherwise."""
    if isinstance(value, bool):
        return float(value)
    try:
        number = float(value.strip() if isinstance(value, str) else value)
    except (TypeError, ValueError):
        raise ValueError(f"number input must be a number, got {value!r}") from None
    if number != number or number in (float("inf"), float("-inf")):
        raise ValueError(f"number input must be finite, got {value!r}")
    return number


def parse_bool(value: Any) -> bool:
    """Reads a switch: true/false, 1/0, 'true'/'false', 'yes'/'no', 'on'/'off' (empty text is false)."""
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on", "bypass")
    return bool(value)


class LoraChoice(NamedTuple):
    """A LoRA as Cinegraph gives it: where it is, its trigger keyword and an optional strength."""

    source: str
    keyword: str
    strength: Optional[float]


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def parse_lora(value: Any) -> LoraChoice:
    """Reads a LoRA value: Cinegraph's `{keyword, url, strength}` (as a dict or its JSON/Python text),
    or a plain URL or file name. An empty value means no LoRA (`source` is '')."""
    if isinstance(value, str):
        structured = parse_structured(value)
        if structured is None:
            return LoraChoice(value.strip(), "", None)
        value = structured
    if not isinstance(value, dict):
        raise ValueError(f"LoRA must be a URL, a file name or {{keyword, url, strength}}, got {value!r}")
    source = _text(value.get("url")) or _text(value.get("lora_name")) or _text(value.get("name"))
    strength = value.get("strength", value.get("weight"))
    return LoraChoice(
        source,
        _text(value.get("keyword")),
        None if strength in (None, "") else parse_number(strength),
    )
