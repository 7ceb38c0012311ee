#!/usr/bin/env python3
"""Reads an OpenAPI document on stdin and writes it as the clients are
generated from it (clients/generate):

1. The `Idempotency-Key` header optional: both clients send one on every
   write unless the call gives its own (the transports of
   typescript/src/index.ts and python/paygate_client), so a call need not.
The schema's operationIds are unique (src/http/openapi.rs), so both
generators read them as they are.
"""
import json
import sys

METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}

doc = json.load(sys.stdin)
operations = [
    op
    for item in doc.get("paths", {}).values()
    for method, op in item.items()
    if method in METHODS and isinstance(op, dict)
]
for op in operations:
    for param in op.get("parameters", []):
        if param.get("in") == "header" and param.get("name", "").lower() == "idempotency-key":
            param["required"] = False
json.dump(doc, sys.stdout, indent=2, sort_keys=False)
sys.stdout.write("\n")
