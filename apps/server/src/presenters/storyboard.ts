import type { Character, Description, Scene, Shot } from '@cinegraph/contracts';
import type { descriptions } from '../db/schema';
import type { CharacterRow } from '../services/storyboard/characters';
import { textField } from '../services/storyboard/item-changes';
import type { SceneRow } from '../services/storyboard/scenes';
import type { ShotRow } from '../services/storyboard/shots';

type ItemRow = SceneRow | ShotRow | CharacterRow;

/** What every storyboard item shows, whatever its level. */
function itemFlags(row: ItemRow) {
  return {
    _id: row.id,
    movie_id: row.movieId,
    index: row.index,
    inputs: row.inputs,
    hidden: row.hidden,
    new_output: row.newOutput,
    use_as_input: row.useAsInput,
    downloaded: row.downloaded,
    display_image: row.displayImage,
  };
}

export function presentScene(row: SceneRow): Scene {
  return {
    ...itemFlags(row),
    title: row.title,
    description: textField(row.fields, 'description'),
    location: textField(row.fields, 'location'),
  };
}

export function presentShot(row: ShotRow): Shot {
  return {
    ...itemFlags(row),
    scene_id: row.sceneId,
    description: row.description,
    dialogue: textField(row.fields, 'dialogue'),
    camera_angle: textField(row.fields, 'camera_angle'),
    duration: row.durationSeconds,
  };
}

export function presentCharacter(row: CharacterRow): Character {
  return {
    ...itemFlags(row),
    name: row.name,
    title: row.name,
    description: textField(row.fields, 'description'),
  };
}

export function presentDescription(row: typeof descriptions.$inferSelect): Description {
  return { id: row.id, type: row.type, description: row.description, image_url: row.imageUrl };
}
