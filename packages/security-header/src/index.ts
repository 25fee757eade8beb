// Browser entry (export conditions "browser" and default): WebCrypto + @noble/ciphers + forge's jsbn.
// No node: imports here or in anything it imports. index.node.ts exports the same names for Node.
export * from "./api.js";
export { generateSecurityHeader } from "./header.browser.js";
