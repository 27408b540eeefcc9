/** A cue without its extensions in parentheses, the forced-character `@` and the dual-dialogue `^`. */
function bareCue(cue: string): string {
  return cue
    .replace(/^@/, '')
    .replace(/\s*\^$/, '')
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One character however the cue is written: `STEEL`, `STEEL (V.O.)`, `STEEL (CONT'D)`, `@Steel ^` are all
 * `STEEL`. Existing characters are matched by the same key.
 */
export function characterKey(cue: string): string {
  return bareCue(cue).toUpperCase();
}

/**
 * The name a character is stored under: a cue in capitals reads as a name (`MRS. GRANT` is
 * `Mrs. Grant`, `JEAN-LUC` is `Jean-Luc`); a cue already in mixed case (`@McCLANE`) is kept as written.
 */
export function characterName(cue: string): string {
  const name = bareCue(cue);
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .replace(/(^|[\s\-'’.])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}
