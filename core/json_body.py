"""JSON request bodies with a bounded depth: a body of 100,000 nested brackets is a 400 in words, not a
RecursionError (a server error) in the decoder or in whatever walks the parsed value later."""
from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_JSON_DEPTH = 64  # Moneta's deepest legitimate body (an import preview correction) is 4 levels


def json_depth_exceeds(value: Any, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether `value` nests lists/objects more than `limit` levels deep (iterative: no recursion to exhaust)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _too_deep() -> ParseError:
    return ParseError(f"JSON parse error - the body is nested too deeply (more than {MAX_JSON_DEPTH} levels of "
                      f"lists or objects).")


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, refusing bodies nested deeper than MAX_JSON_DEPTH."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise _too_deep() from None
        if json_depth_exceeds(data):
            raise _too_deep()
        return data
