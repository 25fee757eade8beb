import { constants, createCipheriv, createHash, createPublicKey, publicEncrypt, randomBytes, type KeyObject } from "node:crypto";
import { WSS_NAMESPACE } from "@areaoe/security-header";

// For tests only (never imported by the server): security headers built part by part with node:crypto
// for one of the sandbox's keys, so that a test can break exactly one thing (as the package's own
// test-support/craft-header.ts does for the verifier's tests; packages are used by name, so the server's
// tests carry their own).

export interface Craft {
  /** The certificate (PEM) the header is made for. */
  certificatePem: string;
  username?: string;
  password?: string;
  passwordBytes?: Buffer;
  created?: string;
  form?: "digest" | "encrypted-created" | "mixed" | "no-digest-clear";
  sessionKey?: Buffer;
  aesKey?: Buffer;
  nonceKey?: KeyObject;
  digestParts?: (parts: { sessionKey: Buffer; created: Buffer; password: Buffer }) => Buffer[];
  namespace?: string;
  prefix?: string;
  envelope?: boolean;
}

export function aes(key: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv("aes-128-ecb", key, null);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function craftHeader(craft: Craft): string {
  const { username = "123456789/1", password = "pässwörd", created = new Date().toISOString(), form = "digest", sessionKey = randomBytes(16), namespace = WSS_NAMESPACE, prefix = "wss" } = craft;
  const aesKey = craft.aesKey ?? sessionKey;
  const passwordBytes = craft.passwordBytes ?? Buffer.from(password, "utf8");
  const createdBytes = Buffer.from(created, "utf8");
  const nonce = publicEncrypt({ key: craft.nonceKey ?? createPublicKey(craft.certificatePem), padding: constants.RSA_PKCS1_PADDING }, sessionKey);
  const parts = craft.digestParts?.({ sessionKey, created: createdBytes, password: passwordBytes }) ?? [sessionKey, createdBytes, passwordBytes];
  const digest = aes(aesKey, createHash("sha1").update(Buffer.concat(parts)).digest());
  const withDigest = form === "digest" || form === "mixed";
  const createdText = form === "encrypted-created" || form === "mixed" ? aes(aesKey, createdBytes).toString("base64") : created;
  const p = prefix === "" ? "" : `${prefix}:`;
  const xmlns = prefix === "" ? `xmlns="${namespace}"` : `xmlns:${prefix}="${namespace}"`;
  const header = [
    `<${p}Security ${xmlns}>`,
    `  <${p}UsernameToken>`,
    `    <${p}Username>${username}</${p}Username>`,
    `    <${p}Password${withDigest ? ` Digest="${digest.toString("base64")}"` : ""}>${aes(aesKey, passwordBytes).toString("base64")}</${p}Password>`,
    `    <${p}Nonce>${nonce.toString("base64")}</${p}Nonce>`,
    `    <${p}Created>${createdText}</${p}Created>`,
    `  </${p}UsernameToken>`,
    `</${p}Security>`,
  ].join("\n");
  if (!craft.envelope) return header;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">',
    `<soapenv:Header>${header}</soapenv:Header>`,
    "<soapenv:Body><ping/></soapenv:Body>",
    "</soapenv:Envelope>",
  ].join("\n");
}
