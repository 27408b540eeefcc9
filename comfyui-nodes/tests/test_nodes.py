"""The node declarations ComfyUI reads, and the contract with packages/comfy (widget order, outputs)."""

import re
import unittest

from .support import REPO_ROOT, load_pack, pack_module

WIDGET_TYPES = ("STRING", "FLOAT", "INT", "BOOLEAN")

# Mirrors packages/comfy/src/conventions.ts (widgets) and packages/dev-worker/src/cinegraph-nodes.ts (outputs).
CONTRACT = {
    "CinegraphInputText": (["name", "default", "tooltip"], ("STRING",)),
    "CinegraphInputNumber": (["name", "default", "tooltip"], ("FLOAT", "INT")),
    "CinegraphInputVector2": (["name", "default", "tooltip"], ("INT", "INT")),
    "CinegraphInputImage": (["name", "default", "tooltip"], ("IMAGE", "MASK")),
    "CinegraphInputVideo": (["name", "default", "tooltip"], ("VIDEO", "IMAGE")),
    "CinegraphInputAudio": (["name", "default", "tooltip"], ("AUDIO",)),
    "CinegraphInputLora": (["name", "default", "strength", "tooltip"], ("MODEL", "CLIP", "STRING")),
    "CinegraphBypass": (["name", "default", "tooltip"], ("*",)),
    "CinegraphOutput": (["name", "filename_prefix"], ()),
}


def widgets_of(node_class):
    """Widget names in the order ComfyUI stores them in `widgets_values`: required, then optional."""
    declared = node_class.INPUT_TYPES()
    names = []
    for section in ("required", "optional"):
        for name, spec in declared.get(section, {}).items():
            if isinstance(spec[0], list) or spec[0] in WIDGET_TYPES:
                names.append(name)
    return names


class NodePackDeclarations(unittest.TestCase):
    def setUp(self):
        self.pack = load_pack()
        self.nodes = self.pack.NODE_CLASS_MAPPINGS

    def test_exports_the_mappings_and_the_web_directory(self):
        self.assertEqual(self.pack.WEB_DIRECTORY, "./web")
        self.assertEqual(set(self.nodes), set(CONTRACT))
        self.assertEqual(set(self.pack.NODE_DISPLAY_NAME_MAPPINGS), set(CONTRACT))

    def test_every_node_declares_what_comfyui_reads(self):
        for class_name, node_class in self.nodes.items():
            with self.subTest(class_name):
                self.assertIsInstance(node_class.INPUT_TYPES(), dict)
                self.assertIsInstance(node_class.RETURN_TYPES, tuple)
                self.assertTrue(callable(getattr(node_class, node_class.FUNCTION)))
                self.assertTrue(node_class.CATEGORY.startswith("cinegraph/"))
                self.assertTrue(node_class.DESCRIPTION)

    def test_widget_order_and_outputs_follow_the_contract(self):
        for class_name, (widgets, outputs) in CONTRACT.items():
            with self.subTest(class_name):
                self.assertEqual(widgets_of(self.nodes[class_name]), widgets)
                self.assertEqual(self.nodes[class_name].RETURN_TYPES, outputs)

    def test_name_widgets_default_to_the_kind(self):
        expected = {"CinegraphInputVector2": "vector2", "CinegraphInputLora": "lora", "CinegraphOutput": "output"}
        for class_name, fallback in expected.items():
            name_spec = self.nodes[class_name].INPUT_TYPES()["required"]["name"]
            self.assertEqual(name_spec, ("STRING", name_spec[1]))
            self.assertEqual(name_spec[1]["default"], fallback)

    def test_lora_strength_is_zero_to_two_in_hundredths_defaulting_to_one(self):
        _, options = self.nodes["CinegraphInputLora"].INPUT_TYPES()["required"]["strength"]
        self.assertEqual((options["min"], options["max"], options["step"], options["default"]), (0, 2, 0.01, 1))

    def test_lora_takes_an_optional_model_and_clip(self):
        optional = self.nodes["CinegraphInputLora"].INPUT_TYPES()["optional"]
        self.assertEqual(optional["model"][0], "MODEL")
        self.assertEqual(optional["clip"][0], "CLIP")

    def test_display_names(self):
        names = self.pack.NODE_DISPLAY_NAME_MAPPINGS
        self.assertEqual(names["CinegraphInputText"], "Cinegraph Input Text")
        self.assertEqual(names["CinegraphInputLora"], "Cinegraph Input Lora")
        self.assertEqual(names["CinegraphOutput"], "Cinegraph Output")

    def test_the_output_node_is_an_output_node_for_images_video_and_audio(self):
        output = self.nodes["CinegraphOutput"]
        self.assertIs(output.OUTPUT_NODE, True)
        optional = output.INPUT_TYPES()["optional"]
        self.assertEqual([optional[key][0] for key in ("images", "video", "audio")], ["IMAGE", "VIDEO", "AUDIO"])
        for class_name, node_class in self.nodes.items():
            if class_name != "CinegraphOutput":
                self.assertFalse(getattr(node_class, "OUTPUT_NODE", False), class_name)

    def test_the_output_node_refuses_to_run_with_nothing_connected(self):
        with self.assertRaisesRegex(ValueError, "connect images, a video or audio"):
            self.nodes["CinegraphOutput"]().save(name="output")

    def test_the_bypass_is_marked_work_in_progress(self):
        bypass = self.nodes["CinegraphBypass"]
        self.assertIn("WORK IN PROGRESS", bypass.DESCRIPTION)
        self.assertIn("WORK IN PROGRESS", self.pack.NODE_DISPLAY_NAME_MAPPINGS["CinegraphBypass"])
        self.assertIs(bypass.EXPERIMENTAL, True)

    @unittest.skipUnless((REPO_ROOT / "packages/comfy/src/conventions.ts").is_file(), "outside the monorepo")
    def test_packages_comfy_reads_the_same_widget_order(self):
        conventions = (REPO_ROOT / "packages/comfy/src/conventions.ts").read_text()
        self.assertIn("widgets: ['name', 'default', 'tooltip']", conventions)
        lora = re.search(r"\['CinegraphInputLora', \{ \.\.\.cinegraph\('lora'\), widgets: (\[[^\]]*\])", conventions)
        self.assertEqual(lora.group(1), "['name', 'default', 'strength', 'tooltip']")
        fields = r"nameField: 'name',\s+tooltipField: 'tooltip',\s+valueField: 'default'"
        self.assertRegex(conventions, fields)


class LiteralInputsReturnTheirValue(unittest.TestCase):
    def setUp(self):
        self.nodes = load_pack().NODE_CLASS_MAPPINGS

    def test_text_returns_its_default(self):
        self.assertEqual(self.nodes["CinegraphInputText"]().run(name="prompt", default="a red fox"), ("a red fox",))

    def test_number_returns_its_default_as_float_and_rounded_int(self):
        self.assertEqual(self.nodes["CinegraphInputNumber"]().run(name="steps", default=2.6), (2.6, 3))
        self.assertEqual(self.nodes["CinegraphInputNumber"]().run(name="steps", default="12"), (12.0, 12))

    def test_vector2_returns_width_and_height(self):
        node = self.nodes["CinegraphInputVector2"]()
        default = node.INPUT_TYPES()["required"]["default"][1]["default"]
        self.assertEqual(node.run(name="size", default=default), (512, 512))
        self.assertEqual(node.run(name="size", default="[1920, 1080]"), (1920, 1080))
        self.assertEqual(node.run(name="size", default="1024x576"), (1024, 576))

    def test_vector2_refuses_what_is_not_a_size(self):
        with self.assertRaisesRegex(ValueError, "vector2"):
            self.nodes["CinegraphInputVector2"]().run(name="size", default="wide")

    def test_an_empty_lora_passes_model_and_clip_through(self):
        model, clip = object(), object()
        result = self.nodes["CinegraphInputLora"]().run(name="style", default="", strength=1.0, model=model, clip=clip)
        self.assertEqual(result, (model, clip, ""))

    def test_a_lora_value_gives_its_keyword(self):
        value = "{'keyword': 'cinematic', 'url': 'https://cdn.example.com/c.safetensors', 'strength': 0.7}"
        result = self.nodes["CinegraphInputLora"]().run(name="style", default=value, strength=1.0)
        self.assertEqual(result, (None, None, "cinematic"))


class BypassSwitch(unittest.TestCase):
    def setUp(self):
        self.bypass = load_pack().NODE_CLASS_MAPPINGS["CinegraphBypass"]()

    def test_when_off_it_asks_for_its_input_and_passes_it_through(self):
        self.assertEqual(self.bypass.check_lazy_status(name="upscale", default=False), ["input"])
        self.assertEqual(self.bypass.run(name="upscale", default=False, input="frames"), ("frames",))

    def test_when_on_it_skips_its_input_and_blocks_what_follows(self):
        self.assertEqual(self.bypass.check_lazy_status(name="upscale", default=True), [])
        # Without ComfyUI there is no ExecutionBlocker: downstream receives None instead of the input.
        self.assertEqual(self.bypass.run(name="upscale", default=1, input="frames"), (None,))


class MediaInputValidation(unittest.TestCase):
    def setUp(self):
        self.nodes = load_pack().NODE_CLASS_MAPPINGS
        self.media = pack_module("cinegraph_nodes.media")

    def test_media_inputs_accept_http_urls_and_file_names(self):
        for class_name in ("CinegraphInputImage", "CinegraphInputVideo", "CinegraphInputAudio"):
            node = self.nodes[class_name]
            self.assertIs(node.VALIDATE_INPUTS(default="https://cdn.example.com/take.png"), True)
            self.assertIs(node.VALIDATE_INPUTS(default="uploads/take 1.png [input]"), True)
            self.assertIs(node.VALIDATE_INPUTS(default=None), True)

    def test_media_inputs_refuse_other_url_schemes(self):
        for value in ("file:///etc/passwd", "ftp://example.com/a.png", "data:image/png;base64,AAAA", "gopher://x/"):
            with self.subTest(value):
                message = self.nodes["CinegraphInputImage"].VALIDATE_INPUTS(default=value)
                self.assertIn("Only http and https", message)
                with self.assertRaisesRegex(ValueError, "Only http and https"):
                    self.media.media_path(value, "image")

    def test_media_inputs_need_a_value(self):
        self.assertIn("No video given", self.nodes["CinegraphInputVideo"].VALIDATE_INPUTS(default="  "))

    def test_lora_refuses_other_url_schemes(self):
        lora = self.nodes["CinegraphInputLora"]
        self.assertIn("Only http and https", lora.VALIDATE_INPUTS(default="file:///models/a.safetensors"))
        self.assertIn("Only http and https", lora.VALIDATE_INPUTS(default='{"url": "file:///x", "keyword": "k"}'))
        self.assertIs(lora.VALIDATE_INPUTS(default="style.safetensors"), True)

    def test_paths_must_stay_inside_the_folder(self):
        self.assertTrue(self.media.is_inside("/srv/comfy/input/a.png", "/srv/comfy/input"))
        self.assertFalse(self.media.is_inside("/srv/comfy/input/../models/a.ckpt", "/srv/comfy/input"))
        self.assertFalse(self.media.is_inside("/srv/comfy/input-other/a.png", "/srv/comfy/input"))


if __name__ == "__main__":
    unittest.main()
