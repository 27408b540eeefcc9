/**
 * The text of an uncompressed PDF as a reader would copy it: the hex strings of each page's text
 * operators, mapped to Unicode through the ToUnicode CMap of the font each was set in (pages in
 * order, one line per text operator). Enough for what pdfkit writes (embedded Type0 fonts, Identity-H
 * two-byte codes); an independent reading of the file, not of the code that wrote it.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s([\s\S]*?)endobj/g)) objects.set(match[1]!, match[2]!);
  const object = (id: string | undefined) => (id && objects.get(id)) || '';
  const ref = (body: string, key: string) => new RegExp(`/${key} (\\d+) 0 R`).exec(body)?.[1];
  const stream = (body: string) => /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body)?.[1] ?? '';

  const lines: string[] = [];
  for (const pages of objects.values()) {
    if (!/\/Type \/Pages\b/.test(pages)) continue;
    const kids = /\/Kids \[([^\]]*)\]/.exec(pages)?.[1] ?? '';
    for (const [, pageId] of kids.matchAll(/(\d+) 0 R/g)) {
      const page = object(pageId);
      const fontDict = /\/Font <<([\s\S]*?)>>/.exec(object(ref(page, 'Resources')))?.[1] ?? '';
      const fonts = new Map<string, Map<number, string>>();
      for (const [, name, fontId] of fontDict.matchAll(/\/(\S+) (\d+) 0 R/g)) {
        fonts.set(name!, toUnicode(stream(object(ref(object(fontId), 'ToUnicode')))));
      }
      let map = new Map<number, string>();
      let line = '';
      const content = stream(object(ref(page, 'Contents')));
      for (const [, font, hex, operator] of content.matchAll(
        /\/(\S+) [\d.]+ Tf|<([0-9a-fA-F]+)>|\b(TJ|Tj)\b/g,
      )) {
        if (font) map = fonts.get(font) ?? new Map();
        if (hex)
          for (let i = 0; i + 4 <= hex.length; i += 4)
            line += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
        if (operator) {
          lines.push(line);
          line = '';
        }
      }
    }
  }
  return lines.join('\n');
}

/** A ToUnicode CMap's codes: `bfchar` pairs and `bfrange` runs (a start value or a list). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(parseInt(code!, 16), utf16(text!));
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, list, start] of block!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F]+)>)/g,
    )) {
      const from = parseInt(low!, 16);
      const to = parseInt(high!, 16);
      const texts = list ? [...list.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => utf16(m[1]!)) : null;
      for (let code = from; code <= to; code++) {
        const text = texts ? texts[code - from] : String.fromCodePoint(parseInt(start!, 16) + code - from);
        if (text !== undefined) map.set(code, text);
      }
    }
  }
  return map;
}
