const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a, 32 bits, over the UTF-8 bytes of the text, as 8 lowercase hex digits: the error digest is a 32-bit hash. */
export function fnv1a32(text: string): string {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

// A stack frame: V8's "    at fn (url:1:2)" or Firefox/Safari's "fn@url:1:2".
const FRAME = /^\s*at\s|@.*:\d+:\d+\)?\s*$/;

/**
 * Where the error was thrown: the first frame of the stack. The frames below it are the framework's
 * call path, which differs for the same fault (React renders a component through one path while
 * hydrating and another after a Retry), so they must not make one error look like two.
 */
export function throwSite(stack: string): string {
  return stack.split("\n").find((line) => FRAME.test(line))?.trim() ?? stack.trim();
}

/** The digest of an error: the same message thrown at the same place always gives the same digest. */
export function errorDigest(message: string, stack: string): string {
  return fnv1a32(`${message}\n${throwSite(stack)}`);
}
