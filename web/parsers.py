"""The API's JSON parser, with a bound on how deep a body nests.

`json.loads` recurses once per array or object: about 950 levels raise RecursionError (a
500), and every reader of the result (serializers, error lists, the engine) recurses too.
A body that nests arrays and objects deeper than MAX_JSON_DEPTH is refused with 400
before it is decoded. The scan is linear, and the body is bounded already
(`MAX_REQUEST_BYTES`).
"""

from __future__ import annotations

import codecs
from collections.abc import Mapping
from itertools import accumulate
from typing import IO, Any

from rest_framework.exceptions import ParseError

# get_encoding is new in DRF 3.18.3; djangorestframework-stubs 3.18.1 does not list it yet.
from rest_framework.parsers import JSONParser, get_encoding  # type: ignore[attr-defined]
from rest_framework.utils import json

# Far past any body the API takes (a deck is three levels deep, an action five).
MAX_JSON_DEPTH = 32
TOO_DEEP = (
    f"JSON parse error - the body nests arrays and objects more than {MAX_JSON_DEPTH} levels deep."
)
_OTHER_BYTES = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def json_depth(text: str) -> int:
    """How deep arrays and objects nest in the JSON `text` (brackets inside strings do not
    count); exact for valid JSON, and for the part of invalid JSON a decoder reads before
    it stops. Linear, and each step runs in C (str.split, bytes.translate...)."""
    # Escaped backslashes first, then escaped quotes: left to right, as a decoder pairs
    # them (after an odd run of backslashes a quote is escaped, after an even run not).
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    # Then every other piece between quotes is a string (an unclosed one runs to the end).
    outside = "".join(unescaped.split('"')[::2])
    brackets = outside.encode("ascii", "replace").translate(None, _OTHER_BYTES)
    return max(accumulate(map(_STEP.__getitem__, brackets), initial=0))


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, refusing a body nested past MAX_JSON_DEPTH (400, `too_deep`)."""

    def parse(
        self,
        stream: IO[bytes],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            text = codecs.getreader(get_encoding(parser_context or {}))(stream).read()
            if json_depth(text) > MAX_JSON_DEPTH:
                raise ParseError(TOO_DEEP, code="too_deep")
            parse_constant = json.strict_constant if self.strict else None
            return json.loads(text, parse_constant=parse_constant)
        except ValueError as exc:  # as DRF's: undecodable bytes or malformed JSON
            raise ParseError(f"JSON parse error - {exc}") from None
