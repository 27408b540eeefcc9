import { detectCharacters, type GeneratedShot } from '@cinegraph/contracts';
import { quotedSpeech, sceneBeats } from './beats';
import { composeOfflinePrompt, type PromptParts } from './compose-prompt';
import type { Planner, ShotPlanRequest } from './planner';

/** The camera rotation of a scene's coverage: establish the space, then move in and around. */
export const CAMERA_ROTATION = [
  'Establishing wide shot',
  'Medium shot',
  'Close-up',
  'Over-the-shoulder shot',
  'Medium close-up',
  'Low-angle shot',
  'Two-shot',
  'High-angle shot',
] as const;

/** A beat with a pronoun and no name speaks of the characters of the beat before. */
const PRONOUN = /\b(he|she|they|him|her|them|his|hers|their|theirs|himself|herself|themselves)\b/i;

/** What a further shot of the same beat looks at once its characters have each had one. */
const OTHER_FOCI = [
  'the setting',
  'the action',
  'a telling detail',
  'the reactions',
  'the light and the mood',
];

/**
 * A deterministic, rule-based planner that needs nothing installed: the scene's beats are spread over
 * the requested shots (several beats share a shot when there are more beats; a beat is covered by
 * several shots when there are fewer), each takes the next camera angle of the rotation and its quoted
 * speech as dialogue. No two shots are the same: a beat's further shots each focus on another of its
 * characters, then on the scene's others, then on the setting, the action... A shot names its
 * characters in its description (a character's inputs apply to the shots naming it): those its beat
 * names, else those of the beat before when a pronoun refers to them, else the next of the scene's
 * characters, so that they are spread over the shots. Fixed scene facts end every description.
 */
export class OfflinePlanner implements Planner {
  readonly name = 'offline';

  async writePrompt(parts: PromptParts): Promise<string> {
    return composeOfflinePrompt(parts);
  }

  async planShots(request: ShotPlanRequest): Promise<GeneratedShot[]> {
    const beats = sceneBeats(request.sceneDescription, request.amountOfShots);
    if (beats.length === 0) return [];
    const amount = request.amountOfShots;
    const facts = request.fixedSceneFacts.trim();
    const sceneCast = detectCharacters(request.sceneDescription, request.characters);
    const extras = Object.fromEntries(request.extraKeys.map((key) => [key, '']));
    const timesCovered = new Map<string, number>();
    let lastCast: string[] = [];
    let nextInScene = 0;
    return Array.from({ length: amount }, (_, shot) => {
      const beat = beatsOfShot(beats, shot, amount).join(' ');
      const named = detectCharacters(beat, request.characters);
      let cast = named.length > 0 ? named : PRONOUN.test(beat) ? lastCast : [];
      if (cast.length === 0 && sceneCast.length > 0) {
        cast = [sceneCast[nextInScene % sceneCast.length]!];
        nextInScene += 1;
      }
      lastCast = cast;
      const covered = timesCovered.get(beat) ?? 0;
      timesCovered.set(beat, covered + 1);
      const focus = covered === 0 ? null : focusOf(covered - 1, cast, sceneCast);
      const unnamed = cast.filter((name) => !named.includes(name) && name !== focus?.subject);
      const featuring = unnamed.length > 0 ? ` Featuring ${unnamed.join(' and ')}.` : '';
      const description = `${beat}${featuring}${focus ? ` ${focus.text}` : ''}`;
      return {
        ...extras,
        description: facts ? `${description} ${facts}` : description,
        dialogue: quotedSpeech(beat),
        camera_angle: CAMERA_ROTATION[shot % CAMERA_ROTATION.length]!,
        characters: detectCharacters(description, request.characters),
      };
    });
  }
}

/**
 * The focus of the `n`th further shot of one beat: its characters, the scene's others, then the other
 * foci; past them all the same again, numbered, so that no two shots of the beat are alike.
 */
function focusOf(
  n: number,
  cast: readonly string[],
  sceneCast: readonly string[],
): { subject: string; text: string } {
  const foci = [...cast, ...sceneCast.filter((name) => !cast.includes(name)), ...OTHER_FOCI];
  const subject = foci[n % foci.length]!;
  const round = Math.floor(n / foci.length);
  return { subject, text: `Focus on ${subject}${round > 0 ? ` (variation ${round + 1})` : ''}.` };
}

/** The beats shot `shot` of `amount` covers: a contiguous, balanced slice (at least one beat). */
export function beatsOfShot(beats: readonly string[], shot: number, amount: number): string[] {
  if (beats.length <= amount) return [beats[Math.floor((shot * beats.length) / amount)]!];
  const from = Math.floor((shot * beats.length) / amount);
  const to = Math.floor(((shot + 1) * beats.length) / amount);
  return beats.slice(from, to);
}
