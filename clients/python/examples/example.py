#!/usr/bin/env python3
"""The whole path of a payment with the client, against a running gateway:
create and pay an intent in the sandbox, receive and verify its
``payment_intent.succeeded`` and ``payment_intent.settled`` webhooks, refund
it, then list with ``paginate``.

    paygate serve --ephemeral --listen 127.0.0.1:0 --webhook-egress local
    PAYGATE_URL=http://127.0.0.1:PORT/v1 PAYGATE_KEY=sk_test_... python3 examples/example.py
"""
import http.server
import os
import threading
import time

import paygate_client
from paygate_api.api.payment_intents import create_payment_intents as create_intent
from paygate_api.api.payment_intents import list_payment_intents as list_intents
from paygate_api.api.refunds import create_refunds as create_refund
from paygate_api.api.webhooks import create_webhook_endpoints as create_endpoint
from paygate_api.models import CreateEndpoint, CreateIntent, CreateRefund

PAYS = "+243000000501"  # the sandbox payer number that pays at once
WEBHOOK_WAIT_SECONDS = 20

api = paygate_client.client(
    os.environ.get("PAYGATE_URL", "http://127.0.0.1:8080/v1"), os.environ.get("PAYGATE_KEY", "")
)
received = []
checks = {}


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        try:
            received.append(paygate_client.verify_webhook(body, dict(self.headers), **checks))
            self.send_response(200)
        except paygate_client.WebhookVerificationError as e:
            print(f"webhook refused: {e}", flush=True)
            self.send_response(400)
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
threading.Thread(target=server.serve_forever, daemon=True).start()

endpoint = create_endpoint.sync(
    client=api,
    body=CreateEndpoint.from_dict(
        {"url": f"http://127.0.0.1:{server.server_address[1]}/hook", "enabled_events": ["payment_intent.*", "refund.*"]}
    ),
)
checks.update(secret=endpoint.secret, keys=paygate_client.fetch_keys(api))

# Create and pay in the sandbox at once (the Idempotency-Key is the client's).
intent = create_intent.sync(
    client=api,
    body=CreateIntent.from_dict(
        {"amount_minor": 10_000, "currency": "CDF", "reference": f"order-{time.time_ns()}",
         "rails": ["mobile_money"], "customer_msisdn": PAYS, "confirm": True}
    ),
)
print(f"created {intent.id}: {intent.status}", flush=True)



def wait_for(event_type):
    """The verified event of ``event_type`` about the intent, as delivered."""
    deadline = time.monotonic() + WEBHOOK_WAIT_SECONDS
    while time.monotonic() < deadline:
        for event in list(received):
            if event["type"] == event_type and event["data"]["object"]["id"] == intent.id:
                return event
        time.sleep(0.1)
    raise SystemExit(f"no verified {event_type} webhook arrived")


# Captured: credited to the pending balance.
succeeded = wait_for("payment_intent.succeeded")
print(f"verified webhook {succeeded['type']} {succeeded['id']} (HMAC and ed25519)", flush=True)
# The sandbox's settlement cycle (5 s by default) makes it available: ship now, and it can be refunded.
settled = wait_for("payment_intent.settled")
print(f"verified webhook {settled['type']} {settled['id']}", flush=True)

refund = create_refund.sync(
    client=api,
    body=CreateRefund(payment_intent=intent.id, amount_minor=2_500, reason="requested_by_customer"),
)
print(f"refund {refund.id}: {refund.status}", flush=True)

listed = sum(1 for _ in paygate_client.paginate(lambda cursor: list_intents.sync(client=api, cursor=cursor, limit=1)))
print(f"listed {listed} intent(s) page by page", flush=True)
server.shutdown()
print("example: ok", flush=True)
