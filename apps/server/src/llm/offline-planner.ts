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

/**
 * A deterministic, rule-based planner that needs nothing installed: the scene's beats are spread over
 * the requested shots (several beats share a shot when there are more beats; a beat is covered from
 * several angles when there are fewer), each shot keeps the characters its beat names (or those of the
 * beat before, whom a pronoun refers to), takes the next camera angle of the rotation, and its quoted
 * speech as dialogue. Fixed scene facts are appended to every description so each prompt carries them.
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
    let lastCast: string[] = [];
    return Array.from({ length: amount }, (_, shot) => {
      const group = beatsOfShot(beats, shot, amount).join(' ');
      const named = detectCharacters(group, request.characters);
      const cast = named.length > 0 ? named : lastCast;
      lastCast = cast;
      const extras = Object.fromEntries(request.extraKeys.map((key) => [key, '']));
      return {
        ...extras,
        description: facts ? `${group} ${facts}` : group,
        dialogue: quotedSpeech(group),
        camera_angle: CAMERA_ROTATION[shot % CAMERA_ROTATION.length]!,
        characters: cast,
      };
    });
  }
}

/** The beats shot `shot` of `amount` covers: a contiguous, balanced slice (at least one beat). */
export function beatsOfShot(beats: readonly string[], shot: number, amount: number): string[] {
  if (beats.length <= amount) return [beats[Math.floor((shot * beats.length) / amount)]!];
  const from = Math.floor((shot * beats.length) / amount);
  const to = Math.floor(((shot + 1) * beats.length) / amount);
  return beats.slice(from, to);
}
