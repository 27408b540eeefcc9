import { detectCharacters } from '@cinegraph/contracts';

/** One input value of a sample entity, as the studio stores it on scenes, shots and characters. */
export interface SampleInput {
  node_id: string;
  name: string;
  type: 'text' | 'lora';
  value: unknown;
}

export interface SampleEntity {
  id: string;
  name: string;
  inputs: SampleInput[];
}

export type SampleLevel = 'Scenes' | 'Shots' | 'Characters';
export const SAMPLE_LEVELS: readonly SampleLevel[] = ['Scenes', 'Shots', 'Characters'];

const text = (node_id: string, name: string, value: string): SampleInput => ({
  node_id,
  name,
  type: 'text',
  value,
});

/** The sample movie of the inputs page: each level's entities with the inputs defined for that level. */
export const SAMPLE_ENTITIES: Record<SampleLevel, SampleEntity[]> = {
  Scenes: [
    {
      id: 'scene-1',
      name: 'The lighthouse',
      inputs: [text('location', 'Location', 'a lighthouse on a cliff at dawn')],
    },
    {
      id: 'scene-2',
      name: 'The storm',
      inputs: [text('location', 'Location', 'a fishing boat in a night storm')],
    },
  ],
  Shots: [
    {
      id: 'shot-1',
      name: 'Shot 1',
      inputs: [
        text('camera-angle', 'Camera Angle', 'wide shot, low angle'),
        text('description', 'Description', 'Mara climbs the spiral stairs with a lantern'),
      ],
    },
    {
      id: 'shot-2',
      name: 'Shot 2',
      inputs: [
        text('camera-angle', 'Camera Angle', 'close-up'),
        text('description', 'Description', 'the lamp flickers and comes alive'),
      ],
    },
  ],
  Characters: [
    {
      id: 'character-1',
      name: 'Mara',
      inputs: [
        text('appearance', 'Appearance', 'an old keeper in a yellow raincoat'),
        { node_id: 'look', name: 'Look', type: 'lora', value: { keyword: 'mara', url: '', strength: 0.8 } },
      ],
    },
  ],
};

export function inputValue(entity: SampleEntity, nodeId: string): string {
  const value = entity.inputs.find((input) => input.node_id === nodeId)?.value;
  return typeof value === 'string' ? value : '';
}

/** The entity with one input's value changed. */
export function withInputValue(entity: SampleEntity, nodeId: string, value: unknown): SampleEntity {
  return {
    ...entity,
    inputs: entity.inputs.map((input) => (input.node_id === nodeId ? { ...input, value } : input)),
  };
}

/** What the Add Text node makes of its texts: the filled ones, in handle order, joined by a space. */
export function addText(texts: readonly string[]): string {
  return texts
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .join(' ');
}

/** The shot's final prompt: its camera angle prepended to its description, through Add Text. */
export function finalPrompt(shot: SampleEntity): string {
  return addText([inputValue(shot, 'camera-angle'), inputValue(shot, 'description')]);
}

/** The characters whose inputs apply to the shot: those named in its description. */
export function charactersInShot(shot: SampleEntity, characters: readonly SampleEntity[]): string[] {
  return detectCharacters(
    inputValue(shot, 'description'),
    characters.map((c) => c.name),
  );
}
