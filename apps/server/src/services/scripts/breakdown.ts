import { detectCharacters, mentionsName } from '@cinegraph/contracts';
import { characterKey, characterName } from './character-names';
import type { ParsedScript, ScriptElement } from './script-elements';

export interface BreakdownShot {
  description: string;
  /** What is spoken: the lines alone for one speaker, `Name: line` per line for several (dual dialogue). */
  dialogue: string;
  /** From a Final Draft Shot paragraph before it; empty when the script gives none. */
  camera_angle: string;
  characters: string[];
}

export interface BreakdownScene {
  heading: string;
  int_ext: string;
  location: string;
  time_of_day: string;
  number: string | null;
  description: string;
  shots: BreakdownShot[];
}

export interface BreakdownCharacter {
  key: string;
  name: string;
  lines: number;
}

export interface Breakdown {
  format: ParsedScript['format'];
  title: string | null;
  scenes: BreakdownScene[];
  characters: BreakdownCharacter[];
}

interface ShotDraft {
  description: string;
  spoken: { speaker: string; text: string }[];
  fromAction: boolean;
  angle: string;
}

/**
 * The scenes, shots and characters of a script, by fixed rules (the same script always gives the same
 * breakdown): a scene heading starts a scene; an action paragraph is a shot; a dialogue block joins the
 * action shot right before it when that action names the speaker and has no dialogue yet, and is a shot
 * of its own otherwise (`Name (parenthetical): line`); a dual-dialogue block joins the speech before it;
 * lyrics are a shot; transitions, centered text, sections and page breaks make nothing; synopses are the
 * scene's description. Text before the first heading forms a scene without heading.
 */
export function breakDown(script: ParsedScript): Breakdown {
  const cast = castOf(script.elements);
  const names = cast.map((c) => c.name);
  const scenes: { scene: BreakdownScene; drafts: ShotDraft[] }[] = [];
  let angle = '';
  const current = () => {
    if (scenes.length === 0) scenes.push({ scene: sceneOf(null), drafts: [] });
    return scenes[scenes.length - 1]!;
  };
  const addShot = (draft: Omit<ShotDraft, 'angle'>) => {
    current().drafts.push({ ...draft, angle });
    angle = '';
  };

  for (const element of script.elements) {
    if (element.kind === 'heading') {
      scenes.push({ scene: sceneOf(element), drafts: [] });
      angle = '';
    } else if (element.kind === 'synopsis' && scenes.length > 0) {
      const { scene } = current();
      scene.description = [scene.description, element.text].filter(Boolean).join('\n');
    } else if (element.kind === 'action')
      addShot({ description: element.text, spoken: [], fromAction: true });
    else if (element.kind === 'shot') angle = element.text;
    else if (element.kind === 'lyrics') {
      addShot({
        description: element.text,
        spoken: [{ speaker: '', text: element.text }],
        fromAction: false,
      });
    } else if (element.kind === 'dialogue') {
      const text = spokenText(element);
      const name = cast.find((c) => c.key === characterKey(element.cue))?.name;
      // A cue with no name in it (an empty FDX Character, `@(V.O.)`): its lines are read as action.
      if (!name) {
        if (text) addShot({ description: text, spoken: [], fromAction: true });
        continue;
      }
      const speech = speechText(name, element);
      const last = current().drafts.at(-1);
      if (element.dual && last && last.spoken.length > 0) {
        last.spoken.push({ speaker: name, text });
        last.description += `\n${speech}`;
      } else if (last?.fromAction && last.spoken.length === 0 && mentionsName(last.description, name)) {
        last.spoken.push({ speaker: name, text });
      } else addShot({ description: speech, spoken: [{ speaker: name, text }], fromAction: false });
    }
  }

  return {
    format: script.format,
    title: script.title,
    scenes: scenes.map(({ scene, drafts }) => ({ ...scene, shots: drafts.map((d) => shotOf(d, names)) })),
    characters: cast,
  };
}

/** Every speaker once, in order of first appearance, with the dialogue blocks they speak. */
function castOf(elements: ScriptElement[]): BreakdownCharacter[] {
  const cast = new Map<string, BreakdownCharacter>();
  for (const element of elements) {
    if (element.kind !== 'dialogue') continue;
    const key = characterKey(element.cue);
    if (!key) continue;
    const known = cast.get(key) ?? { key, name: characterName(element.cue), lines: 0 };
    known.lines += 1;
    cast.set(key, known);
  }
  return [...cast.values()];
}

type Dialogue = Extract<ScriptElement, { kind: 'dialogue' }>;

const spokenText = (element: Dialogue) =>
  element.lines
    .filter((line) => line.kind === 'line')
    .map((line) => line.text)
    .join('\n')
    .trim();

/** `Steel (quietly): We go at dawn.`: the shot names its speaker, so the speaker's inputs reach it. */
function speechText(name: string, element: Dialogue): string {
  const directions = element.lines.filter((line) => line.kind === 'parenthetical').map((line) => line.text);
  return `${[name, ...directions].join(' ')}: ${spokenText(element)}`;
}

function shotOf(draft: ShotDraft, names: string[]): BreakdownShot {
  const speakers = new Set(draft.spoken.map((s) => s.speaker));
  const dialogue =
    speakers.size > 1
      ? draft.spoken.map((s) => `${s.speaker}: ${s.text}`).join('\n')
      : draft.spoken.map((s) => s.text).join('\n');
  return {
    description: draft.description,
    dialogue,
    camera_angle: draft.angle,
    characters: detectCharacters(draft.description, names),
  };
}

const PREFIX = /^(INT\.?\/EXT|INT|EXT|EST|I\/E)\.?\s*/i;

/** INT/EXT, location and time of day of a heading (`INT. HOUSE - KITCHEN - NIGHT`: the last part is the time). */
function sceneOf(heading: Extract<ScriptElement, { kind: 'heading' }> | null): BreakdownScene {
  const text = heading?.text ?? '';
  const prefix = heading && !heading.forced ? (PREFIX.exec(text)?.[1] ?? '') : '';
  const place = prefix ? text.slice(PREFIX.exec(text)![0].length) : text;
  // A forced heading (`.FLASHBACK - THE WAREHOUSE`) is free text: all of it is the place.
  const parts = heading?.forced ? [place] : place.split(/\s+(?:--?|–|—)\s+/);
  const time = parts.length > 1 ? parts.pop()! : '';
  const kind = prefix.toUpperCase().replace('.', '');
  return {
    heading: text,
    int_ext: kind === 'INT' || kind === 'EXT' || kind === 'EST' || kind === '' ? kind : 'INT/EXT',
    location: parts.join(' - ').trim(),
    time_of_day: time.trim(),
    number: heading?.number ?? null,
    description: '',
    shots: [],
  };
}
