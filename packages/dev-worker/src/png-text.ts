/** PNG's CRC-32 (ISO 3309), over a chunk's type and data. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function textChunk(keyword: string, text: string): Buffer {
  const body = Buffer.concat([
    Buffer.from('tEXt', 'latin1'),
    Buffer.from(`${keyword}\0`, 'latin1'),
    Buffer.from(text, 'latin1'),
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The PNG with `tEXt` chunks added before its end, as ComfyUI's SaveImage writes them: `prompt` (the API
 * prompt as JSON) and one chunk per `extra_pnginfo` key (the UI `workflow`), so ComfyUI can reopen it.
 * JSON escapes nothing beyond ASCII only when asked, so text outside Latin-1 is written as `\u` escapes.
 */
export function withPngText(png: Buffer, texts: Record<string, unknown>): Buffer {
  const end = png.length - 12; // IEND: length (0), type, CRC.
  if (png.toString('latin1', end + 4, end + 8) !== 'IEND') return png;
  const chunks = Object.entries(texts).map(([keyword, value]) => textChunk(keyword, asciiJson(value)));
  return Buffer.concat([png.subarray(0, end), ...chunks, png.subarray(end)]);
}

/** Python's `json.dumps` default (`ensure_ascii`): every non-ASCII character as a `\u` escape. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The `tEXt` chunks of a PNG, keyword to text. */
export function readPngText(png: Buffer): Record<string, string> {
  const texts: Record<string, string> = {};
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'tEXt') {
      const data = png.toString('latin1', offset + 8, offset + 8 + length);
      const split = data.indexOf('\0');
      if (split > 0) texts[data.slice(0, split)] = data.slice(split + 1);
    }
    offset += 12 + length;
  }
  return texts;
}
