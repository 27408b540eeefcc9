import {
  stripEmphasis,
  tidyText,
  type DialogueLine,
  type ParsedScript,
  type ScriptElement,
} from './script-elements';

/** A line starting a scene: INT, EXT, EST, INT./EXT, INT/EXT or I/E, then a dot or a space. */
const HEADING = /^(?:INT\.?\/EXT|INT|EXT|EST|I\/E)[.\s]/i;
const SCENE_NUMBER = /\s*#([\w.-]+)#\s*$/;
const TRANSITION = /^(?:[^a-z]*TO:|FADE (?:IN|OUT)[:.]?|FADE TO BLACK\.?)$/;
const TITLE_KEY = /^([A-Za-z][A-Za-z ]*):(.*)$/;
/** Marks where a note or boneyard was, so a line that held only that can be dropped. */
const GONE = '\u{F0002}';

/**
 * Reads a Fountain screenplay (https://fountain.io/syntax) into its elements: title page, scene
 * headings (with scene numbers, forced `.`), action (forced `!`), character cues (forced `@`, extensions,
 * dual `^`) with parentheticals and dialogue, lyrics `~`, transitions (forced `>`), centered `>text<`,
 * sections `#`, synopses `=`, page breaks `===`; notes `[[...]]` and boneyard `/* *\/` are removed.
 */
export function parseFountain(source: string): ParsedScript {
  const lines = withoutNotes(source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')).split('\n');
  const { title, bodyStart } = readTitlePage(lines);
  return { format: 'fountain', title, elements: readBody(lines.slice(bodyStart)) };
}

/** Boneyard and notes removed; a line that held nothing else is dropped (a note between cue and line). */
function withoutNotes(text: string): string {
  const marked = text.replace(/\/\*[\s\S]*?\*\//g, GONE).replace(/\[\[[\s\S]*?\]\]/g, GONE);
  return marked
    .split('\n')
    .filter((line) => !(line.includes(GONE) && line.replaceAll(GONE, '').trim() === ''))
    .map((line) => line.replaceAll(GONE, ''))
    .join('\n');
}

/** The title page: `Key: value` lines at the very start (values may go on indented lines), to a blank line. */
function readTitlePage(lines: string[]): { title: string | null; bodyStart: number } {
  if (!TITLE_KEY.test(lines[0] ?? '') || HEADING.test(lines[0]!)) return { title: null, bodyStart: 0 };
  const fields = new Map<string, string[]>();
  let key = '';
  let i = 0;
  for (; i < lines.length && lines[i]!.trim() !== ''; i++) {
    const line = lines[i]!;
    const match = TITLE_KEY.exec(line);
    if (match && !/^\s/.test(line)) {
      key = match[1]!.trim().toLowerCase();
      fields.set(key, match[2]!.trim() ? [match[2]!.trim()] : []);
    } else if (key) fields.get(key)!.push(line.trim());
  }
  const title = fields.get('title')?.map(stripEmphasis).join(' ').trim();
  return { title: title || null, bodyStart: i };
}

function readBody(lines: string[]): ScriptElement[] {
  const elements: ScriptElement[] = [];
  const blank = (i: number) => i < 0 || i >= lines.length || lines[i]!.trim() === '';
  let action: string[] = [];
  const endAction = () => {
    const text = tidyText(stripEmphasis(action.join('\n')));
    if (text) elements.push({ kind: 'action', text });
    action = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = raw.trim();
    if (line === '') {
      endAction();
      continue;
    }
    const single = (element: ScriptElement) => {
      endAction();
      elements.push(element);
    };
    if (line.startsWith('!')) {
      action.push(raw.replace(/^\s*!/, ''));
      continue;
    }
    if (/^={3,}$/.test(line)) single({ kind: 'page-break', text: '' });
    else if (line.startsWith('=')) single({ kind: 'synopsis', text: plain(line.slice(1)) });
    else if (line.startsWith('#')) single({ kind: 'section', text: plain(line.replace(/^#+/, '')) });
    else if (line.startsWith('~')) {
      const sung = [line.slice(1)];
      while (!blank(i + 1) && lines[i + 1]!.trim().startsWith('~')) sung.push(lines[++i]!.trim().slice(1));
      single({ kind: 'lyrics', text: plain(sung.join('\n')) });
    } else if (/^>.*<$/.test(line)) single({ kind: 'centered', text: plain(line.slice(1, -1)) });
    else if (line.startsWith('>')) single({ kind: 'transition', text: plain(line.slice(1)) });
    else if (blank(i - 1) && isHeading(line)) single(heading(line));
    else if (blank(i - 1) && blank(i + 1) && TRANSITION.test(line))
      single({ kind: 'transition', text: line });
    else if (blank(i - 1) && !blank(i + 1) && isCue(line)) {
      endAction();
      const block: DialogueLine[] = [];
      while (!blank(i + 1) || lines[i + 1] === '  ') {
        const next = lines[++i]!;
        if (next === '  ') block.push({ kind: 'line', text: '' });
        else if (/^\(.*\)$/.test(next.trim())) block.push({ kind: 'parenthetical', text: plain(next) });
        else block.push({ kind: 'line', text: plain(next.trim().replace(/^~/, '')) });
      }
      const cue = line.replace(/^@/, '');
      const dual = cue.endsWith('^');
      elements.push({ kind: 'dialogue', cue: cue.replace(/\s*\^$/, '').trim(), dual, lines: block });
    } else action.push(raw);
  }
  endAction();
  return elements;
}

const plain = (text: string) => tidyText(stripEmphasis(text));

function isHeading(line: string): boolean {
  return HEADING.test(line) || (line.startsWith('.') && !line.startsWith('..'));
}

function heading(line: string): ScriptElement {
  const forced = !HEADING.test(line);
  const text = forced ? line.slice(1) : line;
  const number = SCENE_NUMBER.exec(text)?.[1] ?? null;
  return { kind: 'heading', text: plain(text.replace(SCENE_NUMBER, '')), number, forced };
}

/** A character cue: `@` forced, or a line in capitals (extensions in parentheses may be lower case). */
function isCue(line: string): boolean {
  if (line.startsWith('@')) return line.length > 1;
  const name = line
    .replace(/\s*\^$/, '')
    .replace(/\(.*?\)/g, '')
    .trim();
  return /\p{L}/u.test(name) && name === name.toUpperCase() && !/[.!?:]$/.test(name);
}
