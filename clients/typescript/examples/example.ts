/**
 * The whole path of a payment with the client, against a running gateway:
 * create and pay an intent in the sandbox, receive and verify its
 * `payment_intent.succeeded` and `payment_intent.settled` webhooks, refund
 * it, then list with `paginate`.
 *
 *   paygate serve --ephemeral --listen 127.0.0.1:0 --webhook-egress local
 *   PAYGATE_URL=http://127.0.0.1:PORT/v1 PAYGATE_KEY=sk_test_... npm run example
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createPaygateClient, fetchKeys, paginate, verifyWebhook, type WebhookEvent } from "../src/index.js";

/** The sandbox payer number that pays at once. */
const PAYS = "+243000000501";
const WEBHOOK_WAIT_MS = 20_000;

const baseUrl = process.env.PAYGATE_URL ?? "http://127.0.0.1:8080/v1";
const apiKey = process.env.PAYGATE_KEY ?? "";
const client = createPaygateClient({ baseUrl, apiKey });

// A receiver for the webhooks; `verify` is set once the endpoint's secret is known.
const received: WebhookEvent[] = [];
let verify: (body: string, headers: Record<string, string | string[] | undefined>) => WebhookEvent;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    try {
      received.push(verify(Buffer.concat(chunks).toString("utf8"), req.headers));
      res.writeHead(200).end();
    } catch (error) {
      console.error(`webhook refused: ${error}`);
      res.writeHead(400).end();
    }
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const port = (receiver.address() as AddressInfo).port;

const endpoint = await client.POST("/webhook_endpoints", {
  body: { url: `http://127.0.0.1:${port}/hook`, enabled_events: ["payment_intent.*", "refund.*"] },
});
if (!endpoint.data) throw new Error(`webhook endpoint: ${JSON.stringify(endpoint.error)}`);
const secret = endpoint.data.secret ?? "";
const keys = await fetchKeys(client);
verify = (body, headers) => verifyWebhook({ body, headers, secret, keys });

// Create and pay in the sandbox at once (the Idempotency-Key is the client's).
const created = await client.POST("/payment_intents", {
  body: {
    amount_minor: 10_000,
    currency: "CDF",
    reference: `order-${Date.now()}`,
    rails: ["mobile_money"],
    customer_msisdn: PAYS,
    confirm: true,
  },
});
if (!created.data) throw new Error(`create: ${JSON.stringify(created.error)}`);
const intent = created.data;
console.log(`created ${intent.id}: ${intent.status}`);

/** The verified event of `type` about the intent, as delivered. */
async function waitFor(type: string): Promise<WebhookEvent> {
  const deadline = Date.now() + WEBHOOK_WAIT_MS;
  while (Date.now() < deadline) {
    const found = received.find((e) => e.type === type && e.data.object.id === intent.id);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verified ${type} webhook arrived`);
}

// Captured: credited to the pending balance.
const succeeded = await waitFor("payment_intent.succeeded");
console.log(`verified webhook ${succeeded.type} ${succeeded.id} (HMAC and ed25519)`);
// The sandbox's settlement cycle (5 s by default) makes it available: ship now, and it can be refunded.
const settled = await waitFor("payment_intent.settled");
console.log(`verified webhook ${settled.type} ${settled.id}`);

const refund = await client.POST("/refunds", {
  body: { payment_intent: intent.id, amount_minor: 2_500, reason: "requested_by_customer" },
});
if (!refund.data) throw new Error(`refund: ${JSON.stringify(refund.error)}`);
console.log(`refund ${refund.data.id}: ${refund.data.status}`);

let listed = 0;
for await (const pi of paginate((cursor) =>
  client.GET("/payment_intents", { params: { query: { cursor, limit: 1 } } }),
)) {
  listed += pi.id ? 1 : 0;
}
console.log(`listed ${listed} intent(s) page by page`);
receiver.close();
console.log("example: ok");
