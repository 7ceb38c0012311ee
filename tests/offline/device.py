#!/usr/bin/env python3
"""An offline device written apart from the gateway, with the `cryptography`
package: it makes ed25519 keys, exports them as SPKI DER (base64), builds
promise strings field by field and signs them, and checks receipts the way a
device would. The gateway's unit tests (`offline::device_keys::tests`) read
its vectors and must agree with every one.

    python3 tests/offline/device.py vectors           # JSON vectors on stdout
    python3 tests/offline/device.py verify PUB MSG SIG  # exit 0 if SIG verifies
"""
import base64
import hashlib
import json
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)


def key(seed_byte):
    return Ed25519PrivateKey.from_private_bytes(bytes([seed_byte]) * 32)


def spki(private):
    der = private.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return base64.b64encode(der).decode()


def raw(private):
    return private.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )


def nonce(seed_byte):
    return base64.urlsafe_b64encode(bytes([seed_byte]) * 16).decode().rstrip("=")


def promise(tag, merchant, payer, amount, currency, nonce_, expires_at, counter, reference):
    fields = [tag, "v1", merchant, payer, str(amount), currency, nonce_, str(expires_at), str(counter), reference]
    return "|".join(fields)


def vectors():
    payer, merchant, platform = key(1), key(2), key(3)
    out = {"payer_spki": spki(payer), "merchant_spki": spki(merchant),
           "payer_raw_b64": base64.b64encode(raw(payer)).decode(),
           "platform_seed_byte": 3, "promises": []}
    cases = [
        ("PAYGATE-OFFLINE", "org_01merchant", "org_01payer", 2500, "CDF", nonce(7), 1700259200, 7, "table 4"),
        ("PAYGATE-OFFLINE", "org_01merchant", "acct_01payer", 20000, "USD", nonce(8), 1700000000, 0, ""),
        ("ACME-OFFLINE", "org_m", "org_p", -5, "KES", nonce(9), 0, 9223372036854775807, "ref x"),
    ]
    for case in cases:
        text = promise(*case)
        digest = hashlib.sha256(text.encode()).hexdigest()
        tx = "txn_01vector"
        receipt_message = "|".join([case[0] + "-RECEIPT", digest, tx, str(case[3]), case[4]])
        out["promises"].append({
            "text": text,
            "sha256": digest,
            "payer_signature": base64.b64encode(payer.sign(text.encode())).decode(),
            "merchant_signature_urlsafe": base64.urlsafe_b64encode(merchant.sign(text.encode())).decode().rstrip("="),
            "receipt_message": receipt_message,
            "receipt": base64.b64encode(platform.sign(receipt_message.encode())).decode(),
        })
    return out


def verify(public_b64, message, signature_b64):
    public = Ed25519PublicKey.from_public_bytes(base64.b64decode(public_b64))
    try:
        public.verify(base64.b64decode(signature_b64), message.encode())
        return True
    except InvalidSignature:
        return False


if __name__ == "__main__":
    if sys.argv[1:2] == ["vectors"]:
        json.dump(vectors(), sys.stdout, indent=1)
    elif sys.argv[1:2] == ["verify"] and len(sys.argv) == 5:
        sys.exit(0 if verify(*sys.argv[2:5]) else 1)
    else:
        sys.exit(__doc__)
