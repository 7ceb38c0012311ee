#!/usr/bin/env python3
"""Reads an OpenAPI document on stdin and writes it as the clients are
generated from it (clients/generate):

1. The `Idempotency-Key` header optional: both clients send one on every
   write unless the call gives its own (the transports of
   typescript/src/index.ts and python/paygate_client), so a call need not.
2. With `--unique-operation-ids` (TypeScript), every operationId unique: one
   that several operations share (`create`, `list`, ...) is prefixed with
   the operation's first tag (`payment_intents_create`). openapi-typescript
   keys its `operations` type by operationId, so duplicates would overwrite
   each other and every `POST` body would take one operation's type;
   openapi-python-client names functions by tag and id, and needs no change.
   OpenAPI requires unique ids: once schema/openapi.json has them, drop this.

openapi-typescript keys its `operations` type by operationId, so duplicates
would overwrite each other and every `POST` body would take one
operation's type. OpenAPI requires unique ids; until schema/openapi.json
has them, the TypeScript generation runs on this rewrite.
"""
import collections
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
unique_ids = "--unique-operation-ids" in sys.argv[1:]
counts = collections.Counter(op.get("operationId") for op in operations)
for op in operations:
    op_id = op.get("operationId")
    if unique_ids and op_id and counts[op_id] > 1:
        tag = (op.get("tags") or ["api"])[0]
        op["operationId"] = f"{tag}_{op_id}"
    for param in op.get("parameters", []):
        if param.get("in") == "header" and param.get("name", "").lower() == "idempotency-key":
            param["required"] = False
json.dump(doc, sys.stdout, indent=2, sort_keys=False)
sys.stdout.write("\n")
