/**
 * paygate's TypeScript client: the generated types of `schema/openapi.json`
 * (`src/schema.d.ts`, openapi-typescript) driven by openapi-fetch, plus what a
 * generator cannot write:
 *
 * - an `Idempotency-Key` on every write, generated unless the call sets one;
 * - retries of network errors and 503 answers, with that same key, so a retry
 *   is never a second payment;
 * - `paginate`, which follows `next_cursor` over a list operation;
 * - `verifyWebhook`, which checks the HMAC `Service-Signature` and the
 *   ed25519 `Service-Signature-Ed25519` against the keys of `GET /keys`.
 */
import { createHmac, createPublicKey, randomUUID, timingSafeEqual, verify } from "node:crypto";
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type { components, paths };
export type PaygateClient = Client<paths>;

/** Attempts of one request at most (the first and its retries). */
export const ATTEMPTS_MAX = 4;
/** The first retry's delay; each next one doubles it. */
export const RETRY_DELAY_MS = 200;
/** How far a webhook's `t` may be from now (the gateway's tolerance). */
export const TOLERANCE_SECONDS = 300;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface ClientOptions {
  /** The gateway's base URL with its version, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  /** An API key: `sk_test_...`, `rk_...` or `pk_...`. */
  apiKey: string;
  /** Attempts of one request at most (default {@link ATTEMPTS_MAX}). */
  attempts?: number;
  /** The fetch to use (default the global one). */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * A fetch that gives every write an `Idempotency-Key` (kept when the caller
 * sent one) and retries network errors and 503 answers with the same key.
 */
export function retryingFetch(
  inner: (request: Request) => Promise<Response> = (r) => globalThis.fetch(r),
  attempts: number = ATTEMPTS_MAX,
): (request: Request) => Promise<Response> {
  return async (request: Request) => {
    if (WRITES.has(request.method) && !request.headers.has("Idempotency-Key")) {
      const headers = new Headers(request.headers);
      headers.set("Idempotency-Key", randomUUID());
      request = new Request(request, { headers });
    }
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= Math.max(1, attempts);
      try {
        const response = await inner(last ? request : request.clone());
        if (response.status !== 503 || last) return response;
      } catch (error) {
        if (last) throw error;
      }
      const delay = RETRY_DELAY_MS * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random() / 2)));
    }
  };
}

/** A client of the gateway at `baseUrl` authenticated by `apiKey`. */
export function createPaygateClient(options: ClientOptions): PaygateClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(options.fetch, options.attempts),
  });
}

/** One page of a list operation, as every list answers. */
export interface Page<T> {
  data?: T[];
  has_more?: boolean;
  next_cursor?: string | null;
}

/** Pages followed at most by {@link paginate}, unless told otherwise. */
export const PAGES_MAX = 1000;

/**
 * Every item of a list, page after page: `fetchPage(cursor)` reads one page
 * (the first with `cursor` undefined). Stops at the last page or `pagesMax`.
 *
 *   for await (const pi of paginate((cursor) =>
 *     client.GET("/payment_intents", { params: { query: { cursor, limit: 100 } } }))) { ... }
 */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ data?: Page<T>; error?: unknown }>,
  pagesMax: number = PAGES_MAX,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (let page = 0; page < pagesMax; page++) {
    const { data, error } = await fetchPage(cursor);
    if (error !== undefined || data === undefined) {
      throw new Error(`listing failed: ${JSON.stringify(error)}`);
    }
    yield* data.data ?? [];
    if (!data.has_more || !data.next_cursor) return;
    cursor = data.next_cursor;
  }
}

/** The platform keys of `GET /keys`: id → base64 ed25519 public key. */
export type KeyRegistry = Map<string, string>;

/** Reads `GET /keys` (public) into a {@link KeyRegistry}. */
export async function fetchKeys(client: PaygateClient): Promise<KeyRegistry> {
  const { data, error } = await client.GET("/keys");
  if (error !== undefined || data === undefined) {
    throw new Error(`GET /keys failed: ${JSON.stringify(error)}`);
  }
  return new Map(data.keys.map((k) => [k.id, k.public_key]));
}

export interface WebhookInput {
  /** The raw body as received: never re-serialised JSON. */
  body: string | Uint8Array;
  /** The request's headers (names in any case). */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The endpoint's `whsec_` secret: checks `Service-Signature`. */
  secret?: string;
  /** The platform keys: checks `Service-Signature-Ed25519`. */
  keys?: KeyRegistry;
  /** Now, in Unix seconds (tests). */
  nowSeconds?: number;
}

/** A delivered event: `id`, `type`, `data.object`, ... (docs/webhooks.md). */
export type WebhookEvent = { id: string; type: string; data: { object: Record<string, unknown> } } & Record<string, unknown>;

/** Why a delivery was refused. */
export class WebhookVerificationError extends Error {}

function header(headers: WebhookInput["headers"], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === name);
  const value = found?.[1];
  return Array.isArray(value) ? value[0] : value;
}

function pairs(value: string): Map<string, string> {
  return new Map(
    value.split(",").flatMap((part) => {
      const at = part.indexOf("=");
      return at > 0 ? [[part.slice(0, at).trim(), part.slice(at + 1).trim()] as [string, string]] : [];
    }),
  );
}

function fresh(t: string | undefined, now: number): number {
  const seconds = Number(t);
  if (!Number.isInteger(seconds) || Math.abs(now - seconds) > TOLERANCE_SECONDS) {
    throw new WebhookVerificationError(`timestamp ${t} is more than ${TOLERANCE_SECONDS} s from now`);
  }
  return seconds;
}

/**
 * Verifies a delivery and returns its event. Every signature whose secret
 * or keys are given must verify (at least one must be given); a stale `t`
 * is refused. Throws {@link WebhookVerificationError}.
 */
export function verifyWebhook(input: WebhookInput): WebhookEvent {
  const body = typeof input.body === "string" ? Buffer.from(input.body) : Buffer.from(input.body);
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (input.secret === undefined && input.keys === undefined) {
    throw new WebhookVerificationError("give the endpoint's secret, the platform keys, or both");
  }
  if (input.secret !== undefined) {
    const sig = pairs(header(input.headers, "service-signature") ?? "");
    const t = fresh(sig.get("t"), now);
    const expected = createHmac("sha256", input.secret).update(`${t}.`).update(body).digest("hex");
    const given = Buffer.from(sig.get("v1") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
      throw new WebhookVerificationError("Service-Signature does not match the endpoint's secret");
    }
  }
  if (input.keys !== undefined) {
    const sig = pairs(header(input.headers, "service-signature-ed25519") ?? "");
    const t = fresh(sig.get("t"), now);
    const publicKey = input.keys.get(sig.get("keyId") ?? "");
    if (publicKey === undefined) {
      throw new WebhookVerificationError(`keyId ${sig.get("keyId")} is not at GET /keys: fetch the keys again`);
    }
    const key = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey, "base64").toString("base64url") },
      format: "jwk",
    });
    const signed = Buffer.concat([Buffer.from(`${t}.`), body]);
    if (!verify(null, signed, key, Buffer.from(sig.get("sig") ?? "", "base64"))) {
      throw new WebhookVerificationError("Service-Signature-Ed25519 does not verify with the platform key");
    }
  }
  return JSON.parse(body.toString("utf8"));
}
