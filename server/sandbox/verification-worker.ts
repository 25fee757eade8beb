// The verification pool's worker (server/sandbox/verification-pool.ts): runs in a worker thread, never
// in the server's main thread. It is loaded by path, so it stays a self-contained module that plain
// Node 24 can load as it is (type stripping: erasable TypeScript only, no path alias, no relative
// import): `npm run build` emits it beside the server as build/server/verification-worker.js
// (vite.config.ts), `npm run dev` and the tests load this file.
import { KeyObject } from "node:crypto";
import { verifySecurityHeader, type VerificationResult, type VerifyOptions } from "@areaoe/security-header/node";

/** One verification, as the pool posts it: the options exactly as the caller gave them. */
export interface VerificationTask {
  readonly xml: string;
  readonly options: VerifyOptions;
}

/**
 * What comes back: the result, or the error the verifier threw (a bad key, a runtime without implicit
 * rejection: the caller's configuration, never the input). Returned, not thrown, so that a rejection
 * of the pool's promise always means the pool itself (full, timed out, a worker that died).
 */
export type VerificationAnswer =
  | { readonly ok: true; readonly result: VerificationResult }
  | { readonly ok: false; readonly error: { readonly name: string; readonly message: string } };

/**
 * Keys come as PEM text (the verifier's key cache knows a text again by its value) or as KeyObjects,
 * which arrive as a new copy with every task: each copy is swapped for the first equal key this worker
 * has seen, so a key is parsed and its implicit rejection proven once per worker, not once per task.
 */
const knownKeys: KeyObject[] = [];
const MAX_KNOWN_KEYS = 8;

function sameKey(key: KeyObject): KeyObject {
  const known = knownKeys.find((candidate) => candidate.type === key.type && candidate.equals(key));
  if (known) return known;
  if (knownKeys.length >= MAX_KNOWN_KEYS) knownKeys.shift();
  knownKeys.push(key);
  return key;
}

/** The options with every KeyObject in them (at any depth of arrays and plain objects) swapped for a known one. */
function withKnownKeys<T>(value: T, depth = 0): T {
  if (value instanceof KeyObject) return sameKey(value) as T;
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withKnownKeys(item, depth + 1)) as T;
  // Only plain objects are walked: a Date, a Buffer or a Map stays as it came.
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) copy[name] = withKnownKeys(item, depth + 1);
  return copy as T;
}

export default function verifyInWorker({ xml, options }: VerificationTask): VerificationAnswer {
  try {
    return { ok: true, result: verifySecurityHeader(xml, withKnownKeys(options)) };
  } catch (error) {
    const { name = "Error", message = String(error) } = error instanceof Error ? error : {};
    return { ok: false, error: { name, message } };
  }
}
