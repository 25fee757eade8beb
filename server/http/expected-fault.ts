import type { ServerResponse } from "node:http";

// Some 5xx answers are the protocol's way of saying "no", not a fault of the server: SOAP 1.1 sends
// every Fault with HTTP 500, so the sandbox's refusal of a bad header is one. The request log writes
// those at info, without a stack; only real faults are logged at error.

const expected = new WeakSet<ServerResponse>();

/** Marks this response's 5xx status as an expected answer (logged at info). */
export function markExpectedFault(res: ServerResponse): void {
  expected.add(res);
}

export function isExpectedFault(res: ServerResponse): boolean {
  return expected.has(res);
}
