"""Schemathesis hooks for .ci/fuzz-api.

Real clients send a fresh Idempotency-Key (a UUID) per logical request. The
fuzzer's generated keys repeat (`0`, `A`, ...), and a repeated key rightly
replays the first answer, which makes "created resource not found" reports
when that first resource was deleted since. Valid generated keys are replaced
by UUIDs; invalid ones are kept so that negative tests still exercise them.
"""
import re
import uuid

import schemathesis

VALID = re.compile(r"^[!-~]{1,200}$")


@schemathesis.hook
def map_headers(ctx, headers):
    if headers and isinstance(headers.get("Idempotency-Key"), str) and VALID.match(headers["Idempotency-Key"]):
        headers["Idempotency-Key"] = str(uuid.uuid4())
    return headers


# schemathesis 4.32 stops the whole run (ValueError "Invalid IPv6 URL") when a
# response echoes a generated string such as "http://[": its link discovery
# parses every string of a body as a URL. Such a string is the fuzzer's own
# input echoed back, not a link, so it is treated as none.
from schemathesis.engine import observations as _observations

_same_origin_path = _observations._same_origin_path


def _tolerant_same_origin_path(value, origin):
    try:
        return _same_origin_path(value, origin)
    except ValueError:
        return None


_observations._same_origin_path = _tolerant_same_origin_path
