const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a, 32 bits, over the UTF-8 bytes of the text, as 8 lowercase hex digits (SPEC §9). */
export function fnv1a32(text: string): string {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The digest of an error: the same message and stack always give the same digest. */
export function errorDigest(message: string, stack: string): string {
  return fnv1a32(`${message}\n${stack}`);
}
