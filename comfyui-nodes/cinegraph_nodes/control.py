"""Cinegraph's control node: a conditional bypass (WORK IN PROGRESS in the product)."""

from .inputs import TOOLTIP_WIDGET, name_widget
from .values import parse_bool

WORK_IN_PROGRESS = "WORK IN PROGRESS"


def execution_blocker():
    """ComfyUI's silent ExecutionBlocker: nodes that receive it do not run. None on ComfyUI versions
    without it (then downstream nodes receive None)."""
    try:
        from comfy_execution.graph import ExecutionBlocker
    except ImportError:
        return None
    return ExecutionBlocker(None)


class CinegraphBypass:
    """Cinegraph fills `default`: false runs the branch connected to `input` and passes its result on;
    true skips that branch (it is never evaluated) and blocks the nodes after this one."""

    DESCRIPTION = (
        f"{WORK_IN_PROGRESS}: conditional bypass. A switch Cinegraph shows as a control handle. When "
        "`default` is false, `input` is evaluated and passed through unchanged; when true, the branch "
        "behind `input` is skipped and the nodes after this one do not run."
    )
    CATEGORY = "cinegraph/control"
    FUNCTION = "run"
    RETURN_TYPES = ("*",)
    EXPERIMENTAL = True

    @classmethod
    def INPUT_TYPES(cls):
        return {
            "required": {
                "name": name_widget("bypass"),
                "default": (
                    "BOOLEAN",
                    {"default": False, "label_on": "bypass", "label_off": "run", "tooltip": "Skip the branch."},
                ),
            },
            "optional": {
                "input": ("*", {"lazy": True, "tooltip": "The branch to run or skip."}),
                "tooltip": TOOLTIP_WIDGET,
            },
        }

    @classmethod
    def VALIDATE_INPUTS(cls, input_types=None, default=None):
        # Accept whatever is connected to the '*' input, and take `default` as given ('false', 0, ...):
        # parse_bool reads it, rather than Python's bool() of a string.
        return True

    def check_lazy_status(self, name=None, default=False, input=None, tooltip=""):
        return [] if parse_bool(default) else ["input"]

    def run(self, name, default, input=None, tooltip=""):
        if parse_bool(default):
            return (execution_blocker(),)
        return (input,)
