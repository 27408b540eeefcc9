"""Fetching media from a URL, safely: http and https only, with timeouts and size limits.

The opener knows no other scheme (no file:, ftp: or data:), refuses redirects to one, stops after a few
redirects, and stops reading as soon as a download passes its size limit or its overall deadline.
Pure standard library, no ComfyUI needed.
"""

import hashlib
import http.client
import os
import re
import time
import urllib.error
import urllib.request
from typing import Optional
from urllib.parse import unquote, urljoin, urlsplit

ALLOWED_SCHEMES = ("http", "https")
MAX_REDIRECTS = 5
CHUNK = 1 << 20
CONNECT_TIMEOUT_S = float(os.environ.get("CINEGRAPH_FETCH_TIMEOUT_S", "30"))
"""Socket timeout for connecting and for each read."""
DEADLINE_S = float(os.environ.get("CINEGRAPH_FETCH_DEADLINE_S", "900"))
"""The longest a whole download may take."""

_MB = 1024 * 1024
MAX_BYTES = {
    "image": int(os.environ.get("CINEGRAPH_MAX_IMAGE_MB", "64")) * _MB,
    "audio": int(os.environ.get("CINEGRAPH_MAX_AUDIO_MB", "512")) * _MB,
    "video": int(os.environ.get("CINEGRAPH_MAX_VIDEO_MB", "2048")) * _MB,
    "lora": int(os.environ.get("CINEGRAPH_MAX_LORA_MB", "4096")) * _MB,
}
"""Size limit of a download per kind of media, overridable with CINEGRAPH_MAX_<KIND>_MB."""

USER_AGENT = "cinegraph-comfyui-nodes/1.0"


class FetchError(Exception):
    """A URL that may not be fetched, or a download that failed; the message says which and why."""


def looks_like_url(value: str) -> bool:
    """True when `value` has a URL scheme ('https://...', 'file:/...', 'data:...'), so it is not a file name.
    A one-letter scheme is a Windows drive ('C:\\\\...'), not a URL."""
    match = re.match(r"^([A-Za-z][A-Za-z0-9+.\-]*):", value.strip())
    return bool(match) and len(match.group(1)) > 1


def validate_url(url: str) -> str:
    """Returns the URL when it may be fetched (http or https with a host); raises FetchError otherwise."""
    text = url.strip()
    try:
        parts = urlsplit(text)
    except ValueError as error:
        raise FetchError(f"Not a valid URL: {error}") from None
    if parts.scheme.lower() not in ALLOWED_SCHEMES:
        shown = parts.scheme or "no scheme"
        raise FetchError(f"Only http and https URLs can be fetched, not {shown}")
    if not parts.hostname:
        raise FetchError("The URL has no host")
    return text


class _SafeRedirects(urllib.request.HTTPRedirectHandler):
    max_redirections = MAX_REDIRECTS

    def http_error_302(self, req, fp, code, msg, headers):
        location = headers.get("Location") or headers.get("URI")
        if location:
            try:
                validate_url(urljoin(req.full_url, location))
            except FetchError:
                fp.close()
                raise
        return super().http_error_302(req, fp, code, msg, headers)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


def _opener() -> urllib.request.OpenerDirector:
    opener = urllib.request.OpenerDirector()
    for handler in (
        urllib.request.HTTPHandler(),
        urllib.request.HTTPSHandler(),
        _SafeRedirects(),
        urllib.request.HTTPDefaultErrorHandler(),
        urllib.request.HTTPErrorProcessor(),
    ):
        opener.add_handler(handler)
    return opener


def download(url: str, destination: str, max_bytes: int, timeout: Optional[float] = None) -> str:
    """Downloads `url` to the file `destination` (written to a `.part` file, then renamed) and returns its
    path. Raises FetchError for a refused URL, an HTTP error, a timeout or a file over `max_bytes`."""
    validate_url(url)
    timeout = CONNECT_TIMEOUT_S if timeout is None else timeout
    deadline = time.monotonic() + DEADLINE_S
    partial = f"{destination}.part"
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    try:
        with _opener().open(request, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            if length and length.isdigit() and int(length) > max_bytes:
                raise FetchError(f"The file at the URL is larger than {max_bytes} bytes")
            received = 0
            with open(partial, "wb") as out:
                while True:
                    chunk = response.read(CHUNK)
                    if not chunk:
                        break
                    received += len(chunk)
                    if received > max_bytes:
                        raise FetchError(f"The file at the URL is larger than {max_bytes} bytes")
                    if time.monotonic() > deadline:
                        raise FetchError(f"Downloading took longer than {DEADLINE_S:g} seconds")
                    out.write(chunk)
        os.replace(partial, destination)
        return destination
    except FetchError:
        raise
    except urllib.error.HTTPError as error:
        raise FetchError(f"The URL answered HTTP {error.code}") from None
    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        raise FetchError(f"Could not download the URL: {reason}") from None
    finally:
        if os.path.exists(partial):
            os.remove(partial)


def cache_name(url: str, fallback_extension: str = "") -> str:
    """A file name for a downloaded URL: a hash of the URL (so one URL is fetched once) plus the URL's own
    file name, reduced to safe characters."""
    digest = hashlib.sha256(url.encode("utf-8")).hexdigest()[:16]
    base = os.path.basename(unquote(urlsplit(url).path)) or "download"
    base = re.sub(r"[^A-Za-z0-9._-]", "_", base)[-80:].lstrip(".") or "download"
    if fallback_extension and "." not in base:
        base += fallback_extension
    return f"{digest}-{base}"


def fetch_cached(url: str, directory: str, kind: str, fallback_extension: str = "") -> str:
    """Downloads `url` into `directory` once (by the URL's hash) within the kind's size limit; returns the
    local path."""
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, cache_name(validate_url(url), fallback_extension))
    if os.path.isfile(path):
        return path
    return download(url, path, MAX_BYTES[kind])
