"""Finding media files and LoRAs, with a stand-in for ComfyUI's folder_paths module."""

import os
import sys
import tempfile
import threading
import types
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from .support import pack_module

media = pack_module("cinegraph_nodes.media")
lora = pack_module("cinegraph_nodes.lora")


def fake_folder_paths(base):
    folders = {name: os.path.join(base, name) for name in ("input", "output", "temp", "loras")}
    for folder in folders.values():
        os.makedirs(folder)
    module = types.ModuleType("folder_paths")
    module.get_input_directory = lambda: folders["input"]
    module.get_output_directory = lambda: folders["output"]
    module.get_temp_directory = lambda: folders["temp"]
    module.get_annotated_filepath = lambda name: os.path.join(folders["input"], name.removesuffix(" [input]"))
    module.get_folder_paths = lambda kind: [folders[kind]]

    def get_full_path(kind, name):
        path = os.path.join(folders[kind], name)
        return path if os.path.isfile(path) else None

    module.get_full_path = get_full_path
    return module, folders


def restore_module(name, previous):
    if previous is None:
        sys.modules.pop(name, None)
    else:
        sys.modules[name] = previous


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", "4")
        self.end_headers()
        self.wfile.write(b"DATA")

    def log_message(self, *_args):
        pass


class FindingMedia(unittest.TestCase):
    def setUp(self):
        base = tempfile.TemporaryDirectory()
        self.addCleanup(base.cleanup)
        module, self.folders = fake_folder_paths(base.name)
        previous = sys.modules.get("folder_paths")
        sys.modules["folder_paths"] = module
        self.addCleanup(restore_module, "folder_paths", previous)
        with open(os.path.join(self.folders["input"], "take.png"), "wb") as file:
            file.write(b"png")
        with open(os.path.join(base.name, "secret.txt"), "w") as file:
            file.write("secret")

    def test_finds_an_uploaded_file_in_the_input_folder(self):
        expected = os.path.join(self.folders["input"], "take.png")
        self.assertEqual(media.media_path("take.png", "image"), expected)
        self.assertEqual(media.media_path(" take.png [input] ", "image"), expected)

    def test_refuses_a_path_out_of_comfyuis_folders(self):
        with self.assertRaisesRegex(ValueError, "outside ComfyUI's input, output and temp folders"):
            media.media_path("../secret.txt", "image")

    def test_says_which_file_is_missing(self):
        with self.assertRaisesRegex(FileNotFoundError, "No audio file 'voice.wav'"):
            media.media_path("voice.wav", "audio")

    def test_downloads_a_url_into_comfyuis_temp_folder(self):
        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        path = media.media_path(f"http://127.0.0.1:{server.server_address[1]}/clip.mp4?sig=1", "video")
        self.assertTrue(path.startswith(os.path.join(self.folders["temp"], "cinegraph-downloads")))
        self.assertTrue(path.endswith("-clip.mp4"))
        with open(path, "rb") as file:
            self.assertEqual(file.read(), b"DATA")

    def test_finds_loras_in_the_lora_folder_then_in_the_input_folder(self):
        in_loras = os.path.join(self.folders["loras"], "style.safetensors")
        with open(in_loras, "wb") as file:
            file.write(b"lora")
        self.assertEqual(lora.lora_path("style.safetensors"), in_loras)
        self.assertEqual(lora.lora_path("take.png"), os.path.join(self.folders["input"], "take.png"))

    def test_a_replaced_upload_changes_the_fingerprint(self):
        before = media.file_fingerprint("take.png")
        with open(os.path.join(self.folders["input"], "take.png"), "wb") as file:
            file.write(b"a longer png")
        self.assertNotEqual(media.file_fingerprint("take.png"), before)
        self.assertEqual(media.file_fingerprint("https://x.example.com/a.png"), "https://x.example.com/a.png")


if __name__ == "__main__":
    unittest.main()
