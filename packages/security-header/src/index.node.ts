// Node entry (export condition "node"): the same API as index.ts, on node:crypto.
export * from "./api.js";
export { generateSecurityHeader } from "./header.node.js";
