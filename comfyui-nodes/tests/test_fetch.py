"""Downloads against a real local HTTP server: limits, timeouts, refused schemes and redirects."""

import os
import tempfile
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from .support import pack_module

fetch = pack_module("cinegraph_nodes.fetch")
lora = pack_module("cinegraph_nodes.lora")

BODY = b"\x89PNG fake image bytes" * 100


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/image.png":
            self._send(200, BODY, length=True)
        elif self.path == "/no-length":
            self._send(200, BODY, length=False)
        elif self.path == "/to-file":
            self.send_response(302)
            self.send_header("Location", "file:///etc/passwd")
            self.end_headers()
        elif self.path == "/to-image":
            self.send_response(302)
            self.send_header("Location", "/image.png")
            self.end_headers()
        elif self.path == "/loop":
            self.send_response(302)
            self.send_header("Location", "/loop")
            self.end_headers()
        elif self.path == "/slow":
            time.sleep(1.5)
            self._send(200, BODY, length=True)
        else:
            self._send(404, b"missing", length=True)

    def _send(self, status, body, length):
        self.send_response(status)
        if length:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        if not length:
            self.close_connection = True

    def log_message(self, *_args):
        pass


class Downloads(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        cls.base = f"http://127.0.0.1:{cls.server.server_address[1]}"
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        self.target = os.path.join(self.folder.name, "file.bin")

    def test_downloads_a_file_within_the_limit(self):
        path = fetch.download(f"{self.base}/image.png", self.target, max_bytes=len(BODY))
        with open(path, "rb") as saved:
            self.assertEqual(saved.read(), BODY)

    def test_refuses_a_file_announced_larger_than_the_limit(self):
        with self.assertRaisesRegex(fetch.FetchError, "larger than 100 bytes"):
            fetch.download(f"{self.base}/image.png", self.target, max_bytes=100)
        self.assertEqual(os.listdir(self.folder.name), [])

    def test_stops_reading_a_file_without_length_past_the_limit(self):
        original = fetch.CHUNK
        fetch.CHUNK = 64
        self.addCleanup(setattr, fetch, "CHUNK", original)
        with self.assertRaisesRegex(fetch.FetchError, "larger than 100 bytes"):
            fetch.download(f"{self.base}/no-length", self.target, max_bytes=100)
        self.assertEqual(os.listdir(self.folder.name), [])

    def test_follows_http_redirects(self):
        fetch.download(f"{self.base}/to-image", self.target, max_bytes=len(BODY))
        self.assertEqual(os.path.getsize(self.target), len(BODY))

    def test_refuses_a_redirect_to_another_scheme(self):
        with self.assertRaisesRegex(fetch.FetchError, "Only http and https"):
            fetch.download(f"{self.base}/to-file", self.target, max_bytes=len(BODY))

    def test_gives_up_on_a_redirect_loop(self):
        with self.assertRaisesRegex(fetch.FetchError, "Could not download|HTTP 302"):
            fetch.download(f"{self.base}/loop", self.target, max_bytes=len(BODY))

    def test_reports_http_errors(self):
        with self.assertRaisesRegex(fetch.FetchError, "HTTP 404"):
            fetch.download(f"{self.base}/missing.png", self.target, max_bytes=len(BODY))

    def test_times_out_on_a_slow_server(self):
        with self.assertRaisesRegex(fetch.FetchError, "Could not download"):
            fetch.download(f"{self.base}/slow", self.target, max_bytes=len(BODY), timeout=0.3)

    def test_refuses_non_http_urls_before_connecting(self):
        for url in ("file:///etc/passwd", "ftp://example.com/a", "javascript:alert(1)", "https:///no-host"):
            with self.subTest(url), self.assertRaises(fetch.FetchError):
                fetch.download(url, self.target, max_bytes=10)

    def test_fetches_one_url_once(self):
        first = fetch.fetch_cached(f"{self.base}/image.png", self.folder.name, "image")
        os.utime(first, (0, 0))
        second = fetch.fetch_cached(f"{self.base}/image.png", self.folder.name, "image")
        self.assertEqual(first, second)
        self.assertEqual(os.stat(second).st_mtime, 0)


class UrlNames(unittest.TestCase):
    def test_tells_urls_from_file_names(self):
        self.assertTrue(fetch.looks_like_url("https://cdn.example.com/a.png"))
        self.assertTrue(fetch.looks_like_url("file:///etc/passwd"))
        self.assertTrue(fetch.looks_like_url("data:image/png;base64,AA"))
        self.assertFalse(fetch.looks_like_url("shots/take 1.png"))
        self.assertFalse(fetch.looks_like_url("take.png [input]"))
        self.assertFalse(fetch.looks_like_url("C:\\images\\a.png"))

    def test_cache_names_are_safe_file_names(self):
        name = fetch.cache_name("https://x.example.com/a/../../etc/pass wd?sig=1", ".png")
        self.assertRegex(name, r"^[0-9a-f]{16}-[A-Za-z0-9._-]+$")
        self.assertNotIn("/", name)
        self.assertTrue(fetch.cache_name("https://x.example.com/", ".mp4").endswith("download.mp4"))

    def test_downloaded_loras_are_always_read_as_safetensors(self):
        self.assertTrue(lora.downloaded_lora_name("https://x.example.com/style.ckpt").endswith(".safetensors"))


if __name__ == "__main__":
    unittest.main()
