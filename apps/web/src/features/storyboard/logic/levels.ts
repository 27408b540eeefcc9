import {
  STORYBOARD_EXTRA_FIELDS,
  type Character,
  type ItemInput,
  type Scene,
  type Shot,
  type StoryboardLevel,
} from '@cinegraph/contracts';

/** An item of any storyboard list. */
export type StoryboardItem = Scene | Shot | Character;

/** The item of each level. */
export interface ItemOf {
  scene: Scene;
  shot: Shot;
  character: Character;
}

/** The field a tile edits as its title: scenes have a title, shots an action, characters a name. */
export function titleField(level: StoryboardLevel): 'title' | 'description' | 'name' {
  return level === 'shot' ? 'description' : level === 'character' ? 'name' : 'title';
}

/** The text a tile shows as its title. */
export function itemTitle(item: StoryboardItem): string {
  if ('scene_id' in item) return item.description;
  if ('name' in item) return item.name || item.title;
  return item.title;
}

/** The change that sets an item's title (a character's name is repeated as its title). */
export function titleChange(level: StoryboardLevel, text: string): Record<string, string> {
  if (level === 'character') return { name: text, title: text };
  return { [titleField(level)]: text };
}

/** The tile placeholder: 'action' for shots, '{level} title' for the other levels. */
export function tilePlaceholder(level: StoryboardLevel): string {
  return level === 'shot' ? 'action' : `${level} title`;
}

const TITLE_LABELS: Record<StoryboardLevel, string> = {
  scene: 'Title',
  shot: 'Description',
  character: 'Name',
};

/** The panel's label of the field the tile edits as its title. */
export function titleLabel(level: StoryboardLevel): string {
  return TITLE_LABELS[level];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The extra text fields of the level shown in the panel, without the one the tile edits as its title
 * and without those an input of the same name already shows (a scene's 'Location' input, a shot's
 * 'Camera Angle'): each value is shown once.
 */
export function panelFields(level: StoryboardLevel, inputs: readonly ItemInput[] = []): readonly string[] {
  const field = titleField(level);
  return STORYBOARD_EXTRA_FIELDS[level].filter(
    (name) => name !== field && !inputs.some((input) => sameName(input.name, fieldLabel(name))),
  );
}

/**
 * The text input that carries the title's own value (the template's shot 'Description' input): the
 * panel edits both with the title field instead of showing the text twice.
 */
export function titleTwin(level: StoryboardLevel, inputs: readonly ItemInput[]): ItemInput | undefined {
  return inputs.find((input) => input.type === 'text' && sameName(input.name, titleLabel(level)));
}

/** 'camera_angle' reads 'Camera Angle'. */
export function fieldLabel(field: string): string {
  return field
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const PLURAL: Record<StoryboardLevel, string> = { scene: 'Scenes', shot: 'Shots', character: 'Characters' };

export function levelPlural(level: StoryboardLevel): string {
  return PLURAL[level];
}

/** The delete confirmation, worded for the item's type. */
export function deleteConfirmation(level: StoryboardLevel): { title: string; message: string } {
  const messages: Record<StoryboardLevel, string> = {
    scene:
      'Are you sure you want to delete this scene? All of its shots and their generations will be deleted.',
    shot: 'Are you sure you want to delete this shot? All of its generations will be deleted.',
    character: 'Are you sure you want to delete this character?',
  };
  return { title: `Delete ${level}`, message: messages[level] };
}
