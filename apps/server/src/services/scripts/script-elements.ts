/** One line of a dialogue block: spoken text, or a parenthetical direction like `(quietly)`. */
export interface DialogueLine {
  kind: 'line' | 'parenthetical';
  text: string;
}

/**
 * A screenplay read into its elements, the same for Fountain and Final Draft: the breakdown reads only
 * these. Text is stored plain (emphasis markup, notes and boneyard removed).
 */
export type ScriptElement =
  | { kind: 'heading'; text: string; number: string | null; forced: boolean }
  | { kind: 'action'; text: string }
  | { kind: 'dialogue'; cue: string; dual: boolean; lines: DialogueLine[] }
  | { kind: 'lyrics'; text: string }
  | { kind: 'synopsis'; text: string }
  /** Final Draft's Shot paragraph ("CLOSE ON THE KEY"): the next shot's camera angle. */
  | { kind: 'shot'; text: string }
  | { kind: 'transition' | 'centered' | 'section' | 'page-break'; text: string };

export interface ParsedScript {
  format: 'fountain' | 'fdx';
  /** The title page's Title, when it has one. */
  title: string | null;
  elements: ScriptElement[];
}

const ESCAPED = /\\([*_\\])/g;
const PLACEHOLDER = (c: string) => `\u{F0000}${c.charCodeAt(0)}\u{F0001}`;

/** Fountain's emphasis (`*italic*`, `**bold**`, `***both***`, `_underline_`) removed; `\*` gives `*`. */
export function stripEmphasis(text: string): string {
  let out = text.replace(ESCAPED, (_, c: string) => PLACEHOLDER(c));
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/(\*{1,3})(?=\S)([^*\n]*?\S)\1/g, '$2').replace(/_(?=\S)([^_\n]*?\S)_/g, '$1');
  }
  return out.replace(/\u{F0000}(\d+)\u{F0001}/gu, (_, code: string) => String.fromCharCode(Number(code)));
}

/** Runs of spaces and tabs made one space, each line trimmed, blank lines at the ends dropped. */
export function tidyText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}
