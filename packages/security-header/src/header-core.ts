import { authorityKeyWarnings } from "./authority-key.js";
import { formatCreated, HEADER_VALIDITY_MS } from "./created.js";
import { SecurityHeaderError, type SecurityHeaderWarning } from "./errors.js";
import { DEFAULT_HEADER_FORM, HEADER_FORMS, isHeaderForm, type HeaderForm } from "./header-form.js";
import { resolvePublicKey, type AuthorityPublicKeyInput, type ValidatedPublicKey } from "./public-key.js";
import { validateUsername } from "./username.js";
import { buildSecurityXml } from "./xml.js";

export interface SecurityHeaderOptions {
  /** `NIF/UserID`, e.g. "123456789/1". */
  readonly username: string;
  readonly password: string;
  /** The authority's RSA public key: a JWK `{ kty: "RSA", n, e }`, or a key from `parseAuthorityKey` (Node). */
  readonly publicKey: AuthorityPublicKeyInput;
  /** Which of the two forms to make; `digest` (the authority's sample) by default. */
  readonly form?: HeaderForm;
  /** Generation time (Created); defaults to the current time. Pass a corrected clock here. */
  readonly now?: Date;
}

export interface SecurityHeader {
  readonly form: HeaderForm;
  readonly username: string;
  /** B64(AES(Ks, UTF-8 password)) */
  readonly password: string;
  /** B64(RSA-PKCS1-v1_5(authority key, Ks)) */
  readonly nonce: string;
  /** `digest` form: B64(AES(Ks, SHA-1(Ks ‖ Created ‖ password))); `encrypted-created` form: null. */
  readonly digest: string | null;
  /** `digest` form: the clear Created text; `encrypted-created` form: B64(AES(Ks, Created)). */
  readonly created: string;
  /** The clear Created text, UTC `yyyy-MM-ddTHH:mm:ss.SSSZ`. */
  readonly createdAt: string;
  /** createdAt + HEADER_VALIDITY_MS. */
  readonly expiresAt: string;
  readonly xml: string;
  readonly warnings: readonly SecurityHeaderWarning[];
}

/** The primitives one implementation brings (node:crypto in Node, WebCrypto + small libraries in browsers). */
export interface HeaderCrypto<Key> {
  /** The implementation's form of the RSA key, made once per key object. */
  prepareKey(key: ValidatedPublicKey): Key;
  /** 16 fresh random bytes (Ks). */
  sessionKey(): Uint8Array;
  /** AES-128-ECB with PKCS#5/7 padding. */
  aesEncrypt(key: Uint8Array, data: Uint8Array): Uint8Array;
  sha1(data: Uint8Array): Uint8Array | Promise<Uint8Array>;
  /** RSAES-PKCS1-v1_5 (RFC 8017 §7.2). */
  rsaEncrypt(key: Key, data: Uint8Array): Uint8Array;
  utf8(text: string): Uint8Array;
  base64(bytes: Uint8Array): string;
}

export type GenerateSecurityHeader = (options: SecurityHeaderOptions) => Promise<SecurityHeader>;

/** The generation both implementations share: validation, the two forms, the XML and the warnings. */
export function headerGenerator<Key>(crypto: HeaderCrypto<Key>): GenerateSecurityHeader {
  const prepared = new WeakMap<ValidatedPublicKey, Key>();
  const keyFor = (key: ValidatedPublicKey): Key => {
    let ready = prepared.get(key);
    if (ready === undefined) {
      ready = crypto.prepareKey(key);
      prepared.set(key, ready);
    }
    return ready;
  };

  return async function generateSecurityHeader(options: SecurityHeaderOptions): Promise<SecurityHeader> {
    const { username, password, form = DEFAULT_HEADER_FORM } = options;
    const validated = validateUsername(username);
    checkPassword(password);
    if (!isHeaderForm(form)) {
      throw new SecurityHeaderError("INVALID_FORM", `The form must be one of: ${HEADER_FORMS.join(", ")}`);
    }
    const now = options.now ?? new Date();
    const createdAt = formatCreated(now);
    const publicKey = resolvePublicKey(options.publicKey);
    const rsaKey = keyFor(publicKey);

    const sessionKey = crypto.sessionKey();
    const passwordBytes = crypto.utf8(password);
    try {
      const createdBytes = crypto.utf8(createdAt);
      let digest: string | null = null;
      let created = createdAt;
      if (form === "digest") {
        const digestInput = new Uint8Array(sessionKey.length + createdBytes.length + passwordBytes.length);
        digestInput.set(sessionKey, 0);
        digestInput.set(createdBytes, sessionKey.length);
        digestInput.set(passwordBytes, sessionKey.length + createdBytes.length);
        digest = crypto.base64(crypto.aesEncrypt(sessionKey, await crypto.sha1(digestInput)));
        digestInput.fill(0);
      } else {
        created = crypto.base64(crypto.aesEncrypt(sessionKey, createdBytes));
      }
      const fields = {
        username,
        password: crypto.base64(crypto.aesEncrypt(sessionKey, passwordBytes)),
        digest,
        nonce: crypto.base64(crypto.rsaEncrypt(rsaKey, sessionKey)),
        created,
      };
      const warnings = validated.warnings.length === 0 && publicKey.certificate === null
        ? []
        : [...validated.warnings, ...authorityKeyWarnings(publicKey, now)];
      return {
        form,
        ...fields,
        createdAt,
        expiresAt: new Date(now.getTime() + HEADER_VALIDITY_MS).toISOString(),
        xml: buildSecurityXml(fields),
        warnings,
      };
    } finally {
      // Best effort: Ks and the password bytes are not left in memory we own.
      sessionKey.fill(0);
      passwordBytes.fill(0);
    }
  };
}

function checkPassword(password: unknown): asserts password is string {
  if (typeof password !== "string" || password.length === 0) {
    throw new SecurityHeaderError("EMPTY_PASSWORD", "The password is empty");
  }
  // A lone UTF-16 surrogate has no UTF-8 form; encoding would silently replace it.
  if (/\p{Cs}/u.test(password)) {
    throw new SecurityHeaderError("INVALID_PASSWORD", "The password contains an invalid character (lone UTF-16 surrogate)");
  }
}
