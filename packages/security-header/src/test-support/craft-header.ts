// Builds security headers part by part with node:crypto, so that tests can break exactly one thing.
import { constants, createCipheriv, createHash, publicEncrypt, randomBytes, type KeyObject } from "node:crypto";
import { WSS_NAMESPACE } from "../xml.js";

export interface Craft {
  publicKey: KeyObject;
  username?: string;
  password?: string;
  /** The bytes encrypted into Password (default: UTF-8 of `password`). */
  passwordBytes?: Buffer;
  created?: string;
  form?: "digest" | "encrypted-created" | "mixed" | "no-digest-clear";
  sessionKey?: Buffer;
  /** What goes into the Nonce (default: the session key). */
  nonceContent?: Buffer;
  /** Another key for the Nonce (default: publicKey). */
  nonceKey?: KeyObject;
  /** The parts hashed for the Digest (default: Ks, Created, password). */
  digestParts?: (parts: { sessionKey: Buffer; created: Buffer; password: Buffer }) => Buffer[];
  /** The AES key for Password / Digest / Created (default: the session key). */
  aesKey?: Buffer;
  namespace?: string;
  prefix?: string;
  /** Break Base64 lines every 64 characters, as some tools do. */
  wrapBase64?: boolean;
  envelope?: boolean;
}

export function aes(key: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv("aes-128-ecb", key, null);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function craftHeader(craft: Craft): string {
  const {
    username = "123456789/1",
    password = "pässwörd",
    created = new Date().toISOString(),
    form = "digest",
    sessionKey = randomBytes(16),
    namespace = WSS_NAMESPACE,
    prefix = "wss",
  } = craft;
  const aesKey = craft.aesKey ?? sessionKey;
  const passwordBytes = craft.passwordBytes ?? Buffer.from(password, "utf8");
  const createdBytes = Buffer.from(created, "utf8");
  const b64 = (bytes: Buffer) => {
    const text = bytes.toString("base64");
    return craft.wrapBase64 ? (text.match(/.{1,64}/g) ?? []).join("\n        ") : text;
  };
  const nonce = publicEncrypt(
    { key: craft.nonceKey ?? craft.publicKey, padding: constants.RSA_PKCS1_PADDING },
    craft.nonceContent ?? sessionKey,
  );
  const parts = craft.digestParts?.({ sessionKey, created: createdBytes, password: passwordBytes }) ?? [sessionKey, createdBytes, passwordBytes];
  const digest = aes(aesKey, createHash("sha1").update(Buffer.concat(parts)).digest());
  const withDigest = form === "digest" || form === "mixed";
  const createdText = form === "encrypted-created" || form === "mixed" ? b64(aes(aesKey, createdBytes)) : created;
  const p = prefix === "" ? "" : `${prefix}:`;
  const xmlns = prefix === "" ? `xmlns="${namespace}"` : `xmlns:${prefix}="${namespace}"`;
  const header = [
    `<${p}Security ${xmlns}>`,
    `  <${p}UsernameToken>`,
    `    <${p}Username>${username}</${p}Username>`,
    `    <${p}Password${withDigest ? ` Digest="${b64(digest)}"` : ""}>${b64(aes(aesKey, passwordBytes))}</${p}Password>`,
    `    <${p}Nonce>${b64(nonce)}</${p}Nonce>`,
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
