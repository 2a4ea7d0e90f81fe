"""How many tools the catalogue holds: the one source is the blessed `tools/list` snapshot,
schemas/tools.json (checked against the component by `cargo test`)."""

import json
import os

_SNAPSHOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "schemas", "tools.json")


def tool_count():
    with open(_SNAPSHOT) as f:
        doc = json.load(f)
    tools = doc["tools"] if isinstance(doc, dict) else doc
    return len(tools)


TOOL_COUNT = tool_count()
