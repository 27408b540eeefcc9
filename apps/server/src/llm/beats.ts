/**
 * Splitting a scene description into beats: sentences first, and clauses when a scene needs more shots
 * than it has sentences. Quoted speech stays whole, whatever punctuation it holds.
 */

const OPENING_QUOTES = new Set(['"', '“', '«']);
const CLOSING_QUOTE: Record<string, string> = { '"': '"', '“': '”', '«': '»' };

/** Splits `text` after any of `breaks` outside quotes; `breaks` are single characters. */
function splitOutsideQuotes(text: string, breaks: RegExp): string[] {
  const parts: string[] = [];
  let current = '';
  let closing: string | null = null;
  for (const char of text) {
    current += char;
    if (closing) {
      if (char === closing) closing = null;
    } else if (OPENING_QUOTES.has(char)) {
      closing = CLOSING_QUOTE[char]!;
    } else if (breaks.test(char)) {
      parts.push(current);
      current = '';
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => /[\p{L}\p{N}]/u.test(part));
}

/** The sentences of a text (also split at line breaks). */
export function sentences(text: string): string[] {
  return text.split(/\n+/).flatMap((line) => splitOutsideQuotes(line, /[.!?…]/));
}

/** The clauses of a sentence, split at commas, semicolons and colons outside quotes. */
export function clauses(sentence: string): string[] {
  return splitOutsideQuotes(sentence, /[,;:]/).map((clause) => clause.replace(/[,;:]$/, ''));
}

/**
 * The beats of a scene: its sentences, and when fewer than `wanted`, the longest sentences broken into
 * clauses one at a time until there are enough (or nothing is left to break).
 */
export function sceneBeats(text: string, wanted: number): string[] {
  const beats = sentences(text);
  for (;;) {
    if (beats.length >= wanted) return beats;
    const splittable = beats
      .map((beat, at) => ({ at, parts: clauses(beat) }))
      .filter(({ parts }) => parts.length > 1)
      .sort((a, b) => beats[b.at]!.length - beats[a.at]!.length)[0];
    if (!splittable) return beats;
    beats.splice(splittable.at, 1, ...splittable.parts);
  }
}

/** The quoted speech of a beat, quotes removed, joined by spaces. */
export function quotedSpeech(beat: string): string {
  const spoken = [...beat.matchAll(/"([^"]+)"|“([^”]+)”|«([^»]+)»/g)].map((m) =>
    (m[1] ?? m[2] ?? m[3])!.trim(),
  );
  return spoken.filter(Boolean).join(' ');
}
