"""paygate's Python client: the generated package `paygate_api`
(openapi-python-client, from schema/openapi.json) plus what a generator
cannot write:

- an ``Idempotency-Key`` on every write, generated unless the call passes
  ``idempotency_key=...``;
- retries of network errors and 503 answers, with that same key, so a retry is
  never a second payment;
- :func:`paginate`, which follows ``next_cursor`` over a list operation;
- :func:`verify_webhook`, which checks the HMAC ``Service-Signature`` and the
  ed25519 ``Service-Signature-Ed25519`` against the keys of ``GET /keys``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import random
import time
import uuid
from typing import Any, Callable, Iterator, Mapping

import httpx

from paygate_api import AuthenticatedClient
from paygate_api.api.webhooks import keys as keys_api
from paygate_api.types import UNSET, Unset

__all__ = [
    "ATTEMPTS_MAX",
    "RetryingTransport",
    "WebhookVerificationError",
    "client",
    "fetch_keys",
    "paginate",
    "verify_webhook",
]

#: Attempts of one request at most (the first and its retries).
ATTEMPTS_MAX = 4
#: The first retry's delay in seconds; each next one doubles it.
RETRY_DELAY_SECONDS = 0.2
#: Pages followed at most by :func:`paginate`, unless told otherwise.
PAGES_MAX = 1000
#: How far a webhook's ``t`` may be from now (the gateway's tolerance).
TOLERANCE_SECONDS = 300

_WRITES = {"POST", "PUT", "PATCH", "DELETE"}


class RetryingTransport(httpx.BaseTransport):
    """Gives every write an ``Idempotency-Key`` (kept when the call sent one)
    and retries network errors and 503 answers with the same key."""

    def __init__(self, inner: httpx.BaseTransport | None = None, attempts: int = ATTEMPTS_MAX):
        self._inner = inner or httpx.HTTPTransport()
        self._attempts = max(1, attempts)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method in _WRITES and "idempotency-key" not in request.headers:
            request.headers["Idempotency-Key"] = str(uuid.uuid4())
        request.read()  # the body, kept for the retries
        for attempt in range(1, self._attempts + 1):
            last = attempt == self._attempts
            try:
                response = self._inner.handle_request(request)
            except httpx.TransportError:
                if last:
                    raise
            else:
                if response.status_code != 503 or last:
                    return response
                response.close()
            delay = RETRY_DELAY_SECONDS * 2 ** (attempt - 1)
            time.sleep(delay * random.uniform(0.5, 1.0))
        raise AssertionError("unreachable: the last attempt returns or raises")

    def close(self) -> None:
        self._inner.close()


def client(base_url: str, api_key: str, attempts: int = ATTEMPTS_MAX) -> AuthenticatedClient:
    """A client of the gateway at ``base_url`` (with its ``/v1``) for ``api_key``."""
    return AuthenticatedClient(
        base_url=base_url,
        token=api_key,
        httpx_args={"transport": RetryingTransport(attempts=attempts)},
    )


def _field(page: Any, name: str) -> Any:
    if isinstance(page, Mapping):
        return page.get(name)
    value = getattr(page, name, None)
    return None if isinstance(value, Unset) else value


def paginate(fetch_page: Callable[[str | Unset], Any], pages_max: int = PAGES_MAX) -> Iterator[Any]:
    """Every item of a list, page after page: ``fetch_page(cursor)`` reads one
    page (the first with ``UNSET``). Stops at the last page or ``pages_max``::

        for pi in paginate(lambda cursor: list_.sync(client=c, cursor=cursor, limit=100)):
            ...
    """
    cursor: str | Unset = UNSET
    for _ in range(pages_max):
        page = fetch_page(cursor)
        data = _field(page, "data")
        if data is None:
            raise RuntimeError(f"listing failed: {page!r}")
        yield from data
        next_cursor = _field(page, "next_cursor")
        if not _field(page, "has_more") or not next_cursor:
            return
        cursor = next_cursor


def fetch_keys(api: AuthenticatedClient) -> dict[str, str]:
    """``GET /keys`` (public): key id -> base64 ed25519 public key."""
    registry = keys_api.sync(client=api)
    keys = _field(registry, "keys")
    if keys is None:
        raise RuntimeError(f"GET /keys failed: {registry!r}")
    return {k.id: k.public_key for k in keys}


class WebhookVerificationError(Exception):
    """Why a delivery was refused."""


def _pairs(value: str) -> dict[str, str]:
    parts = (part.split("=", 1) for part in value.split(",") if "=" in part)
    return {k.strip(): v.strip() for k, v in parts}


def _header(headers: Mapping[str, str], name: str) -> str:
    for key, value in headers.items():
        if key.lower() == name:
            return value
    return ""


def _fresh(t: str | None, now: float) -> int:
    if not t or not t.isdigit() or abs(now - int(t)) > TOLERANCE_SECONDS:
        raise WebhookVerificationError(f"timestamp {t!r} is more than {TOLERANCE_SECONDS} s from now")
    return int(t)


def verify_webhook(
    body: bytes,
    headers: Mapping[str, str],
    secret: str | None = None,
    keys: Mapping[str, str] | None = None,
    now: float | None = None,
) -> dict[str, Any]:
    """Verifies a delivery on its RAW body and returns its event. Every
    signature whose secret or keys are given must verify (at least one must
    be given); a stale ``t`` is refused. Raises :class:`WebhookVerificationError`."""
    now = time.time() if now is None else now
    if secret is None and keys is None:
        raise WebhookVerificationError("give the endpoint's secret, the platform keys, or both")
    if secret is not None:
        sig = _pairs(_header(headers, "service-signature"))
        t = _fresh(sig.get("t"), now)
        expected = hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, sig.get("v1", "")):
            raise WebhookVerificationError("Service-Signature does not match the endpoint's secret")
    if keys is not None:
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

        sig = _pairs(_header(headers, "service-signature-ed25519"))
        t = _fresh(sig.get("t"), now)
        public = keys.get(sig.get("keyId", ""))
        if public is None:
            raise WebhookVerificationError(f"keyId {sig.get('keyId')!r} is not at GET /keys: fetch the keys again")
        key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public))
        try:
            key.verify(base64.b64decode(sig.get("sig", "")), f"{t}.".encode() + body)
        except (InvalidSignature, ValueError) as e:
            raise WebhookVerificationError("Service-Signature-Ed25519 does not verify with the platform key") from e
    return json.loads(body)
