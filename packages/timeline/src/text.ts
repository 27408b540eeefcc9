const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The first `max` user-perceived characters of `text` (grapheme clusters: an emoji with its skin tone or
 * a letter with its accents counts as one). A UTF-16 `slice` could cut a surrogate pair in half, which
 * OpenTimelineIO refuses and XML readers turn into U+FFFD.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = '';
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (count === max) break;
    cut += segment;
    count += 1;
  }
  return cut;
}

/** How many user-perceived characters `text` shows. */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/**
 * `text` in printable ASCII, as CMX 3600 and file names other tools share require: accents dropped
 * ("Café" -> "Cafe"), other characters (emoji, CJK) left out, white space made single spaces.
 */
export function asciiText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
