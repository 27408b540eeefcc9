"""Reading the values Cinegraph fills into `default` (ComfyUI hands lists and dicts over as text)."""

import json
import unittest

from .support import pack_module

values = pack_module("cinegraph_nodes.values")
bridge_config = pack_module("cinegraph_nodes.bridge_config")


class Vector2Values(unittest.TestCase):
    def test_reads_every_shape_cinegraph_or_a_person_may_give(self):
        for value in ([1920, 1080], (1920, 1080), "[1920, 1080]", "1920x1080", "1920 x 1080", "1920,1080",
                      {"width": 1920, "height": 1080}, "{'width': 1920, 'height': 1080}", [1920.4, 1079.6]):
            with self.subTest(value=value):
                self.assertEqual(values.parse_vector2(value), (1920, 1080))

    def test_refuses_negative_huge_or_partial_sizes(self):
        for value in ("-1,5", "99999x5", "512", [1, 2, 3], "a,b", [True, 5], None):
            with self.subTest(value=value), self.assertRaises(ValueError):
                values.parse_vector2(value)


class LoraValues(unittest.TestCase):
    def test_reads_cinegraphs_lora_object_in_every_spelling(self):
        expected = values.LoraChoice("https://cdn.example.com/s.safetensors", "cinematic", 0.7)
        obj = {"keyword": "cinematic", "url": "https://cdn.example.com/s.safetensors", "strength": 0.7}
        for value in (obj, str(obj), json.dumps(obj)):
            with self.subTest(value=value):
                self.assertEqual(values.parse_lora(value), expected)

    def test_a_plain_name_or_url_has_no_keyword_and_keeps_the_widget_strength(self):
        self.assertEqual(values.parse_lora(" style.safetensors "), values.LoraChoice("style.safetensors", "", None))

    def test_empty_means_no_lora(self):
        self.assertEqual(values.parse_lora("").source, "")
        self.assertEqual(values.parse_lora({"keyword": "x", "url": ""}).source, "")


class Switches(unittest.TestCase):
    def test_reads_true_and_false_spellings(self):
        for value in (True, 1, "true", "1", "yes", "on", "bypass"):
            self.assertTrue(values.parse_bool(value), value)
        for value in (False, 0, "", "false", "0", "no", "off", None):
            self.assertFalse(values.parse_bool(value), value)


class BridgeOrigins(unittest.TestCase):
    def test_normalises_configured_origins_and_drops_others(self):
        raw = " https://Studio.example.com/path , http://localhost:5173, javascript:alert(1), *, ftp://x "
        self.assertEqual(bridge_config.allowed_origins(raw), ["https://studio.example.com", "http://localhost:5173"])

    def test_no_configuration_means_no_list(self):
        self.assertEqual(bridge_config.allowed_origins(""), [])


if __name__ == "__main__":
    unittest.main()
