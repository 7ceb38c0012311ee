#!/usr/bin/env python3
"""A webhook receiver for paygate that verifies every signature scheme.

    python3 docs/examples/webhook_receiver.py --secret whsec_... \
        --keys-url http://127.0.0.1:8080/v1/keys --port 3000

Then point an endpoint at it (POST /v1/webhook_endpoints {"url": "http://127.0.0.1:3000/"})
or run `paygate listen --forward-to http://127.0.0.1:3000/`.

For each delivery it checks, on the RAW body (never re-serialised JSON):
  1. Service-Signature: t=<unix>,v1=<hex HMAC-SHA256(key = the whole whsec_ secret, "<t>.<body>")>
  2. webhook-signature (Standard Webhooks): v1,<base64 HMAC-SHA256(key = base64-decoded part
     after "whsec_", "<webhook-id>.<webhook-timestamp>.<body>")>
  3. Service-Signature-Ed25519: keyId=<id>,t=<unix>,sig=<base64 ed25519 over "<t>.<body>">,
     with the public key of that id from GET /v1/keys (needs the `cryptography` package)
It rejects timestamps more than 5 minutes away, answers 400 to a bad signature (paygate retries),
deduplicates by event id (deliveries are at least once), and answers 200 quickly.
Act on `payment_intent.settled` to ship goods.
"""
import argparse
import base64
import hashlib
import hmac
import http.server
import json
import sys
import time
import urllib.request

TOLERANCE_SECONDS = 300


def parse_pairs(header):
    return dict(part.split("=", 1) for part in header.split(",") if "=" in part)


def check_service_signature(secret, header, body):
    pairs = parse_pairs(header)
    t, v1 = pairs.get("t", ""), pairs.get("v1", "")
    expected = hmac.new(secret.encode(), t.encode() + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, v1), int(t or 0)


def check_standard_signature(secret, msg_id, timestamp, header, body):
    key = base64.b64decode(secret.split("_", 1)[1])
    signed = f"{msg_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    # The header may carry several space-separated signatures during secret rotation.
    return any(hmac.compare_digest(f"v1,{expected}", sig) for sig in header.split(" "))


def check_ed25519(keys, header, body):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    from cryptography.exceptions import InvalidSignature

    pairs = parse_pairs(header)
    public = keys.get(pairs.get("keyId"))
    if public is None:
        return False
    key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public))
    try:
        key.verify(base64.b64decode(pairs.get("sig", "")), pairs.get("t", "").encode() + b"." + body)
        return True
    except InvalidSignature:
        return False


def fetch_keys(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        registry = json.load(response)
    return {k["id"]: k["public_key"] for k in registry["keys"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--secret", required=True, help="the endpoint's whsec_ secret")
    parser.add_argument("--keys-url", required=True, help="the gateway's GET /v1/keys URL")
    parser.add_argument("--port", type=int, default=3000)
    parser.add_argument("--max-events", type=int, default=0, help="exit after this many new events (0: never)")
    args = parser.parse_args()
    keys = fetch_keys(args.keys_url)
    seen = set()

    class Receiver(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("content-length", 0)))
            ok_hmac, t = check_service_signature(args.secret, self.headers.get("service-signature", ""), body)
            ok_std = check_standard_signature(
                args.secret, self.headers.get("webhook-id", ""), self.headers.get("webhook-timestamp", ""),
                self.headers.get("webhook-signature", ""), body)
            ok_ed = check_ed25519(keys, self.headers.get("service-signature-ed25519", ""), body)
            fresh = abs(time.time() - t) <= TOLERANCE_SECONDS
            if not (ok_hmac and ok_std and ok_ed and fresh):
                print(f"REJECTED hmac={ok_hmac} standard={ok_std} ed25519={ok_ed} fresh={fresh}", flush=True)
                self.send_response(400)
                self.end_headers()
                return
            event = json.loads(body)
            duplicate = event["id"] in seen
            seen.add(event["id"])
            print(f"verified {event['type']} {event['id']}{' (duplicate)' if duplicate else ''}", flush=True)
            self.send_response(200)
            self.end_headers()
            if args.max_events and len(seen) >= args.max_events and not duplicate:
                self.server.done = True

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", args.port), Receiver)
    server.done = False
    print(f"listening on http://127.0.0.1:{server.server_address[1]}/", flush=True)
    while not server.done:
        server.handle_request()


if __name__ == "__main__":
    sys.exit(main())
