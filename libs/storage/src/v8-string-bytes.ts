/** Header of a flat V8 string on 64-bit: map, hash and length (Node does not compress pointers). */
const STRING_HEADER_BYTES = 16;

/**
 * Heap bytes of a flat string as V8 stores it: one byte per character when every code unit is
 * below 256 (Latin-1), else two, after a 16-byte header, rounded up to 8 bytes. Walks the string,
 * so call it once per stored key (keys kept in memory are bounded in length, see digest-key.ts).
 */
export function v8StringBytes(text: string): number {
  let bytesPerChar = 1;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0xff) {
      bytesPerChar = 2;
      break;
    }
  }
  return align8(STRING_HEADER_BYTES + bytesPerChar * text.length);
}

function align8(bytes: number): number {
  return (bytes + 7) & ~7;
}
