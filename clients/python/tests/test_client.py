"""Unit tests of paygate_client's hand-written parts (no gateway needed):
the idempotency key, retries with the same key, pagination and webhook
verification. Run by clients/run-example before the example."""
import base64
import hashlib
import hmac
import unittest

import httpx
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

import paygate_client
from paygate_client import RetryingTransport, WebhookVerificationError, paginate, verify_webhook

paygate_client.RETRY_DELAY_SECONDS = 0.001


def recording(answers):
    seen = []

    def handler(request):
        seen.append(request)
        answer = answers[min(len(seen), len(answers)) - 1]
        if isinstance(answer, Exception):
            raise answer
        return httpx.Response(answer)

    return seen, httpx.MockTransport(handler)


class Retries(unittest.TestCase):
    def test_a_write_is_retried_after_503_and_network_errors_with_one_generated_key(self):
        seen, inner = recording([503, httpx.ConnectError("down"), 201])
        with httpx.Client(transport=RetryingTransport(inner)) as c:
            response = c.post("http://gw/v1/payment_intents", json={"amount_minor": 1})
        self.assertEqual(response.status_code, 201)
        keys = {r.headers["idempotency-key"] for r in seen}
        self.assertEqual(len(seen), 3)
        self.assertEqual(len(keys), 1, keys)

    def test_the_callers_key_is_kept_and_attempts_are_bounded(self):
        seen, inner = recording([503])
        with httpx.Client(transport=RetryingTransport(inner, attempts=2)) as c:
            response = c.post("http://gw/v1/refunds", headers={"Idempotency-Key": "order-42"})
        self.assertEqual(response.status_code, 503)
        self.assertEqual([r.headers["idempotency-key"] for r in seen], ["order-42", "order-42"])

    def test_a_read_gets_no_key_and_a_400_is_not_retried(self):
        seen, inner = recording([400])
        with httpx.Client(transport=RetryingTransport(inner)) as c:
            c.get("http://gw/v1/balance")
        self.assertEqual(len(seen), 1)
        self.assertNotIn("idempotency-key", seen[0].headers)


class Pagination(unittest.TestCase):
    def test_pages_are_followed_by_next_cursor_until_the_last(self):
        pages = {
            None: {"data": [1, 2], "has_more": True, "next_cursor": "c2"},
            "c2": {"data": [3], "has_more": False, "next_cursor": None},
        }
        asked = []

        def page(cursor):
            asked.append(None if isinstance(cursor, paygate_client.Unset) else cursor)
            return pages[asked[-1]]

        self.assertEqual(list(paginate(page)), [1, 2, 3])
        self.assertEqual(asked, [None, "c2"])


class Webhooks(unittest.TestCase):
    BODY = b'{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1"}}}'
    NOW = 1_800_000_000

    def signed(self, body, secret="whsec_test", key=None):
        t = str(self.NOW)
        headers = {"Service-Signature": f"t={t},v1=" + hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()}
        if key is not None:
            sig = base64.b64encode(key.sign(f"{t}.".encode() + body)).decode()
            headers["Service-Signature-Ed25519"] = f"keyId=kid_1,t={t},sig={sig}"
        return headers

    def test_hmac_and_ed25519_signatures_verify_and_a_changed_body_does_not(self):
        key = Ed25519PrivateKey.generate()
        public = base64.b64encode(key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)).decode()
        headers = self.signed(self.BODY, key=key)
        event = verify_webhook(self.BODY, headers, secret="whsec_test", keys={"kid_1": public}, now=self.NOW)
        self.assertEqual(event["id"], "evt_1")
        tampered = self.BODY.replace(b"pi_1", b"pi_2")
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(tampered, headers, secret="whsec_test", now=self.NOW)
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(tampered, headers, keys={"kid_1": public}, now=self.NOW)

    def test_a_stale_timestamp_or_an_unknown_key_is_refused(self):
        headers = self.signed(self.BODY)
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(self.BODY, headers, secret="whsec_test", now=self.NOW + 301)
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(self.BODY, headers, keys={}, now=self.NOW)


if __name__ == "__main__":
    unittest.main()
