import type { DescriptionType, ItemInput, MovieInput } from '@cinegraph/contracts';
import type { CharacterRow } from './characters';
import { textField } from './item-changes';
import type { SceneRow } from './scenes';

/** A description to write for one source item when the movie has none for it yet. */
export interface DescriptionDraft {
  type: DescriptionType;
  sourceId: string;
  sourceName: string;
  description: string;
  imageUrl: string | null;
}

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The non-empty text values of an item's inputs, in their order. */
function textInputs(inputs: readonly ItemInput[]): string[] {
  return inputs.flatMap((input) =>
    input.type === 'text' && filled(input.value) ? [input.value.trim()] : [],
  );
}

function firstImage(inputs: readonly { type: string; value?: unknown }[]): string | null {
  const image = inputs.find((input) => input.type === 'image' && filled(input.value));
  return image ? String(image.value) : null;
}

/** Sentences joined with full stops, skipping blanks and repeats. */
function joinSentences(parts: string[]): string {
  const unique = [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
  return unique.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`)).join(' ');
}

/**
 * Offline drafts from what the creator already wrote: a character from its name, description and text
 * inputs; a location from its scene's title, location, description and text inputs; a concept from each
 * movie-level input with a value. Items with nothing written yet get no draft (they get one once named).
 */
export function descriptionDrafts(
  characters: readonly CharacterRow[],
  scenes: readonly SceneRow[],
  movieInputs: readonly MovieInput[],
): DescriptionDraft[] {
  const people = characters.flatMap((c): DescriptionDraft[] =>
    filled(c.name)
      ? [
          {
            type: 'character',
            sourceId: c.id,
            sourceName: c.name.trim(),
            description: joinSentences([c.name, textField(c.fields, 'description'), ...textInputs(c.inputs)]),
            imageUrl: firstImage(c.inputs) ?? c.displayImage,
          },
        ]
      : [],
  );
  const places = scenes.flatMap((s): DescriptionDraft[] => {
    const parts = [s.title, textField(s.fields, 'location'), textField(s.fields, 'description')];
    const description = joinSentences([...parts, ...textInputs(s.inputs)]);
    return description
      ? [
          {
            type: 'location',
            sourceId: s.id,
            sourceName: s.title.trim(),
            description,
            imageUrl: s.displayImage,
          },
        ]
      : [];
  });
  const concepts = movieInputs.flatMap((input): DescriptionDraft[] => {
    if (!filled(input.value)) return [];
    const isImage = input.type === 'image';
    if (!isImage && input.type !== 'text') return [];
    return [
      {
        type: 'concept',
        sourceId: input.node_id,
        sourceName: input.name,
        description: isImage ? joinSentences([input.name]) : joinSentences([`${input.name}: ${input.value}`]),
        imageUrl: isImage ? input.value : null,
      },
    ];
  });
  return [...people, ...places, ...concepts];
}
