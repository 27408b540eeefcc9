import type { ShotPlanRequest } from './planner';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const SYSTEM_PROMPT = `You are a film director's assistant who breaks a scene into shots.
Answer with strict JSON only, no prose and no code fences, of this shape:
{"shots": [{"description": string, "dialogue": string, "camera_angle": string, "characters": [string]}]}
- description: what the camera sees in this shot, written as an image-generation prompt; name the characters in it.
- dialogue: the words spoken in this shot, or "" when nobody speaks.
- camera_angle: a standard shot type such as "Establishing wide shot", "Medium shot", "Close-up", "Over-the-shoulder shot".
- characters: the names of the characters who appear, chosen only from the given list.
Keep the order of the story and respect every fixed scene fact in every shot.`;

/** The chat messages that ask for a scene's shots. */
export function shotPlanMessages(request: ShotPlanRequest): ChatMessage[] {
  const extra =
    request.extraKeys.length > 0
      ? `Also give every shot these text fields: ${request.extraKeys.map((k) => JSON.stringify(k)).join(', ')}.`
      : '';
  const user = [
    `Scene description:\n${request.sceneDescription}`,
    `Characters: ${request.characters.join(', ')}`,
    request.fixedSceneFacts.trim() ? `Fixed scene facts: ${request.fixedSceneFacts.trim()}` : '',
    `Number of shots: exactly ${request.amountOfShots}.`,
    extra,
  ]
    .filter(Boolean)
    .join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
