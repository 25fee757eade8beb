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
  /** Base64 in the URL-safe alphabet (- and _), without padding. */
  urlSafeBase64?: boolean;
  /** The Nonce's RSA padding (default: PKCS#1 v1.5, the authority's). */
  noncePadding?: "pkcs1" | "oaep-sha1" | "oaep-sha256";
  /** The AES mode of Password, Digest and encrypted Created (default: ECB, the authority's). */
  aesMode?: "ecb" | "cbc-zero-iv" | "cbc-prepended-iv";
  envelope?: boolean;
}

export function aes(key: Buffer, data: Buffer, mode: NonNullable<Craft["aesMode"]> = "ecb"): Buffer {
  if (mode === "ecb") {
    const cipher = createCipheriv("aes-128-ecb", key, null);
    return Buffer.concat([cipher.update(data), cipher.final()]);
  }
  const iv = mode === "cbc-zero-iv" ? Buffer.alloc(16) : randomBytes(16);
  const cipher = createCipheriv("aes-128-cbc", key, iv);
  const body = Buffer.concat([cipher.update(data), cipher.final()]);
  return mode === "cbc-prepended-iv" ? Buffer.concat([iv, body]) : body;
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
    const text = bytes.toString(craft.urlSafeBase64 ? "base64url" : "base64");
    return craft.wrapBase64 ? (text.match(/.{1,64}/g) ?? []).join("\n        ") : text;
  };
  const padding = craft.noncePadding ?? "pkcs1";
  const nonce = publicEncrypt(
    padding === "pkcs1"
      ? { key: craft.nonceKey ?? craft.publicKey, padding: constants.RSA_PKCS1_PADDING }
      : { key: craft.nonceKey ?? craft.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: padding === "oaep-sha1" ? "sha1" : "sha256" },
    craft.nonceContent ?? sessionKey,
  );
  const mode = craft.aesMode ?? "ecb";
  const parts = craft.digestParts?.({ sessionKey, created: createdBytes, password: passwordBytes }) ?? [sessionKey, createdBytes, passwordBytes];
  const digest = aes(aesKey, createHash("sha1").update(Buffer.concat(parts)).digest(), mode);
  const withDigest = form === "digest" || form === "mixed";
  const createdText = form === "encrypted-created" || form === "mixed" ? b64(aes(aesKey, createdBytes, mode)) : created;
  const p = prefix === "" ? "" : `${prefix}:`;
  const xmlns = prefix === "" ? `xmlns="${namespace}"` : `xmlns:${prefix}="${namespace}"`;
  const header = [
    `<${p}Security ${xmlns}>`,
    `  <${p}UsernameToken>`,
    `    <${p}Username>${username}</${p}Username>`,
    `    <${p}Password${withDigest ? ` Digest="${b64(digest)}"` : ""}>${b64(aes(aesKey, passwordBytes, mode))}</${p}Password>`,
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
