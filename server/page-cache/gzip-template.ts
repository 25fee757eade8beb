import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A cached page's gzip body, compressed once at store time although each response carries a fresh
 * nonce. Each part between two nonces is deflated on its own and ends in a full flush (byte-aligned,
 * no back-reference into earlier output), so the nonce can sit between them as a stored (uncompressed)
 * deflate block. A response then costs a CRC-32 and a copy, no compression. One valid gzip member,
 * decoded by every client; about a third larger than compressing the whole page in one go, which
 * costs 0.4–0.7 ms of CPU per response instead (docs/performance.md).
 */
export interface GzipTemplate {
  /** The deflated parts; the last one ends the stream. */
  deflated: Buffer[];
  /** The uncompressed parts, for the CRC-32 of each response's body. */
  parts: Buffer[];
  /** Uncompressed length without the nonces. */
  bytes: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

export function gzipTemplate(parts: Buffer[]): GzipTemplate {
  const deflated = parts.map((part, i) =>
    deflateRawSync(part, { level: 9, finishFlush: i === parts.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH }),
  );
  return { deflated, parts, bytes: parts.reduce((sum, part) => sum + part.length, 0) };
}

/** A stored deflate block (not final) holding `data` as is (at most 65,535 bytes). */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.allocUnsafe(5 + data.length);
  block[0] = 0; // BFINAL 0, BTYPE 00 (stored); the stream is byte-aligned after a full flush
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/** The gzip body of the page with `nonce` in each placeholder's place. */
export function gzipWithNonce(template: GzipTemplate, nonce: Buffer): Buffer {
  const nonceBlock = storedBlock(nonce);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  template.deflated.forEach((deflated, i) => {
    if (i > 0) {
      chunks.push(nonceBlock);
      crc = crc32(nonce, crc);
    }
    chunks.push(deflated);
    const part = template.parts[i] as Buffer;
    // zlib's crc32 of an empty buffer with no storage answers 0 (its "initial value" idiom): skip it.
    if (part.length > 0) crc = crc32(part, crc);
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((template.bytes + nonce.length * (template.parts.length - 1)) % 2 ** 32, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}
