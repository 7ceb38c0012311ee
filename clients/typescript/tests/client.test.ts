// Unit tests of src/index.ts's hand-written parts (no gateway needed): the
// idempotency key, retries with the same key, pagination and webhook
// verification. Run by clients/run-example before the example.
import assert from "node:assert/strict";
import { createHmac, generateKeyPairSync, sign } from "node:crypto";
import { test } from "node:test";
import { paginate, retryingFetch, verifyWebhook, WebhookVerificationError } from "../src/index.js";

function recording(answers: (number | Error)[]) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request);
    const answer = answers[Math.min(seen.length, answers.length) - 1];
    if (answer instanceof Error) throw answer;
    return new Response(null, { status: answer });
  };
  return { seen, fetch };
}

test("a write is retried after 503 and network errors with one generated key", async () => {
  const { seen, fetch } = recording([503, new TypeError("fetch failed"), 201]);
  const response = await retryingFetch(fetch)(
    new Request("http://gw/v1/payment_intents", { method: "POST", body: "{}" }),
  );
  assert.equal(response.status, 201);
  assert.equal(seen.length, 3);
  const keys = new Set(seen.map((r) => r.headers.get("Idempotency-Key")));
  assert.equal(keys.size, 1);
  assert.ok([...keys][0]);
});

test("the caller's key is kept and attempts are bounded", async () => {
  const { seen, fetch } = recording([503]);
  const request = new Request("http://gw/v1/refunds", { method: "POST", headers: { "Idempotency-Key": "order-42" } });
  const response = await retryingFetch(fetch, 2)(request);
  assert.equal(response.status, 503);
  assert.deepEqual(seen.map((r) => r.headers.get("Idempotency-Key")), ["order-42", "order-42"]);
});

test("a read gets no key and a 400 is not retried", async () => {
  const { seen, fetch } = recording([400]);
  await retryingFetch(fetch)(new Request("http://gw/v1/balance"));
  assert.equal(seen.length, 1);
  assert.equal(seen[0].headers.get("Idempotency-Key"), null);
});

test("pages are followed by next_cursor until the last", async () => {
  const pages: Record<string, { data: number[]; has_more: boolean; next_cursor: string | null }> = {
    first: { data: [1, 2], has_more: true, next_cursor: "c2" },
    c2: { data: [3], has_more: false, next_cursor: null },
  };
  const asked: (string | undefined)[] = [];
  const items: number[] = [];
  for await (const item of paginate<number>(async (cursor) => {
    asked.push(cursor);
    return { data: pages[cursor ?? "first"] };
  })) {
    items.push(item);
  }
  assert.deepEqual(items, [1, 2, 3]);
  assert.deepEqual(asked, [undefined, "c2"]);
});

const BODY = '{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1"}}}';
const NOW = 1_800_000_000;

test("HMAC and ed25519 signatures verify and a changed body does not", () => {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url").toString("base64");
  const keys = new Map([["kid_1", raw]]);
  const signed = Buffer.from(`${NOW}.${BODY}`);
  const headers = {
    "service-signature": `t=${NOW},v1=${createHmac("sha256", "whsec_test").update(signed).digest("hex")}`,
    "service-signature-ed25519": `keyId=kid_1,t=${NOW},sig=${sign(null, signed, privateKey).toString("base64")}`,
  };
  const event = verifyWebhook({ body: BODY, headers, secret: "whsec_test", keys, nowSeconds: NOW });
  assert.equal(event.id, "evt_1");
  const tampered = BODY.replace("pi_1", "pi_2");
  assert.throws(() => verifyWebhook({ body: tampered, headers, secret: "whsec_test", nowSeconds: NOW }), WebhookVerificationError);
  assert.throws(() => verifyWebhook({ body: tampered, headers, keys, nowSeconds: NOW }), WebhookVerificationError);
  assert.throws(() => verifyWebhook({ body: BODY, headers, secret: "whsec_test", nowSeconds: NOW + 301 }), WebhookVerificationError);
  assert.throws(() => verifyWebhook({ body: BODY, headers, keys: new Map(), nowSeconds: NOW }), WebhookVerificationError);
});
