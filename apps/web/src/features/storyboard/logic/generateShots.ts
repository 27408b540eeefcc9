import {
  detectCharacters,
  STORYBOARD_MESSAGES,
  type GeneratedShot,
  type ItemInput,
} from '@cinegraph/contracts';

/** Why the Automatic Shots form cannot be sent, or null when it can. */
export function generateShotsProblem(description: string, characterNames: readonly string[]): string | null {
  if (!description.trim()) return STORYBOARD_MESSAGES.sceneDescriptionMissing;
  if (detectCharacters(description, characterNames).length === 0)
    return STORYBOARD_MESSAGES.noCharactersDetected;
  return null;
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The planned text for an input of this name: description, dialogue, camera angle or an extra key. */
function plannedText(shot: GeneratedShot, inputName: string): string | undefined {
  const key = normalise(inputName);
  if (key === 'dialogue') return shot.dialogue;
  if (key === 'cameraangle') return shot.camera_angle;
  const extra = Object.entries(shot).find(([name]) => normalise(name) === key)?.[1];
  return typeof extra === 'string' ? extra : undefined;
}

/** A blank shot's inputs with its description, dialogue, camera-angle and extra-key text inputs filled. */
export function fillPlannedInputs(inputs: readonly ItemInput[], shot: GeneratedShot): ItemInput[] {
  return inputs.map((input) => {
    if (input.type !== 'text') return input;
    const text = plannedText(shot, input.name);
    return text === undefined ? input : { ...input, value: text };
  });
}
