import { z } from 'zod';
import { Id } from './common';
import { TEMPLATE_KEYS } from './movies';

/** The largest script read (its UTF-8 text); a feature screenplay is a few hundred kB, an FDX of it ~1 MB. */
export const SCRIPT_MAX_BYTES = 5 * 1024 * 1024;

/** The file names a script is read from: Fountain (.fountain, .spmd, .txt) and Final Draft (.fdx). */
export const SCRIPT_EXTENSIONS = ['.fountain', '.spmd', '.txt', '.fdx'] as const;

/** Messages of the script import, for the API's `detail` and the dialog alike. */
export const SCRIPT_MESSAGES = {
  empty: 'The script is empty.',
  tooLarge: (bytes: number) =>
    `The script is ${(bytes / 1024 / 1024).toFixed(1)} MB; a script may be at most ${SCRIPT_MAX_BYTES / 1024 / 1024} MB.`,
  binary: 'This file is not a script: it holds binary data. Choose a .fountain, .spmd, .txt or .fdx file.',
  extension: (name: string) =>
    `${name} is not a script file: choose a .fountain, .spmd, .txt (Fountain) or .fdx (Final Draft) file.`,
  notXml: 'This .fdx file is not XML: a Final Draft script is an XML file starting with <?xml ...?>.',
  unreadableXml: (reason: string) => `This Final Draft file is not well-formed XML: ${reason}`,
  notFdx: (root: string) =>
    `This XML file is not a Final Draft script: its root element is <${root}>, not <FinalDraft>.`,
  doctype: 'This XML file declares a DOCTYPE; Final Draft scripts have none, so it is not read.',
  noScenes:
    'No scene heading found (INT., EXT., EST., INT./EXT., I/E or a forced .HEADING): the text does not read as a screenplay.',
  notBase64: 'The file data is not base64.',
  stale: 'The movie changed since the preview: preview the script again.',
  notRemovable: 'Only scenes, shots and characters the script no longer holds can be removed.',
} as const;

/** Script calls accept bodies this large: a script at its limit sent base64 (4/3), with room to spare. */
export const SCRIPT_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * A script as sent: a file's bytes base64 (`data`, so the server reads the real bytes: encoding, binary)
 * or pasted text (`text`), and the file's name (empty for pasted text).
 */
export const ScriptSource = /* @__PURE__ */ z.object({
  filename: /* @__PURE__ */ z.string().max(255).default(''),
  text: /* @__PURE__ */ z.string().max(SCRIPT_BODY_LIMIT).optional(),
  data: /* @__PURE__ */ z.string().max(SCRIPT_BODY_LIMIT).optional(),
});
export type ScriptSource = z.input<typeof ScriptSource>;

/** What an import does to an item: add it, change the existing one, or keep it as it is. */
export const ImportChange = /* @__PURE__ */ z.enum(['add', 'change', 'keep']);
export type ImportChange = z.infer<typeof ImportChange>;

export const PlannedShot = /* @__PURE__ */ z.object({
  change: ImportChange,
  /** The existing shot kept (with its inputs and takes); null for a new one. */
  shot_id: /* @__PURE__ */ z.string().nullable(),
  description: /* @__PURE__ */ z.string(),
  dialogue: /* @__PURE__ */ z.string(),
  camera_angle: /* @__PURE__ */ z.string(),
  /** The characters the shot names (speakers and characters its action mentions). */
  characters: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  takes: /* @__PURE__ */ z.number(),
});
export type PlannedShot = z.infer<typeof PlannedShot>;

export const PlannedScene = /* @__PURE__ */ z.object({
  change: ImportChange,
  scene_id: /* @__PURE__ */ z.string().nullable(),
  /** The heading as written, without its scene number; the scene's title. */
  heading: /* @__PURE__ */ z.string(),
  int_ext: /* @__PURE__ */ z.string(),
  location: /* @__PURE__ */ z.string(),
  time_of_day: /* @__PURE__ */ z.string(),
  number: /* @__PURE__ */ z.string().nullable(),
  /** From the script's synopses (Fountain `=`, FDX scene summary); empty when it has none. */
  description: /* @__PURE__ */ z.string(),
  shots: /* @__PURE__ */ z.array(PlannedShot),
});
export type PlannedScene = z.infer<typeof PlannedScene>;

export const PlannedCharacter = /* @__PURE__ */ z.object({
  change: ImportChange,
  character_id: /* @__PURE__ */ z.string().nullable(),
  name: /* @__PURE__ */ z.string(),
  /** Dialogue blocks the character speaks. */
  lines: /* @__PURE__ */ z.number(),
});
export type PlannedCharacter = z.infer<typeof PlannedCharacter>;

/** An item of the movie the script no longer holds: kept unless the apply names it in `remove`. */
export const RemovableItem = /* @__PURE__ */ z.object({
  level: /* @__PURE__ */ z.enum(['scene', 'shot', 'character']),
  id: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.string(),
  /** The scene a shot belongs to. */
  scene_title: /* @__PURE__ */ z.string().nullable(),
  /** Shots a scene would take with it. */
  shots: /* @__PURE__ */ z.number(),
  /** Takes (generations) removed with it. */
  takes: /* @__PURE__ */ z.number(),
});
export type RemovableItem = z.infer<typeof RemovableItem>;

export const ScriptPreview = /* @__PURE__ */ z.object({
  format: /* @__PURE__ */ z.enum(['fountain', 'fdx']),
  /** The movie's title after the import (the script's title fills an untitled movie only). */
  title: /* @__PURE__ */ z.string(),
  title_changes: /* @__PURE__ */ z.boolean(),
  scenes: /* @__PURE__ */ z.array(PlannedScene),
  characters: /* @__PURE__ */ z.array(PlannedCharacter),
  removable: /* @__PURE__ */ z.array(RemovableItem),
  /** Identifies this plan against the movie as it was; the apply is refused when the movie moved on. */
  fingerprint: /* @__PURE__ */ z.string(),
});
export type ScriptPreview = z.infer<typeof ScriptPreview>;

export const ApplyScriptBody = /* @__PURE__ */ ScriptSource.extend({
  fingerprint: /* @__PURE__ */ z.string().max(200),
  /** Ids among the preview's `removable` to delete (with their shots and takes). */
  remove: /* @__PURE__ */ z.array(Id).max(10_000).default([]),
});
export type ApplyScriptBody = z.input<typeof ApplyScriptBody>;

export const ImportResult = /* @__PURE__ */ z.object({
  movie_id: /* @__PURE__ */ z.string(),
  added: /* @__PURE__ */ z.number(),
  changed: /* @__PURE__ */ z.number(),
  kept: /* @__PURE__ */ z.number(),
  removed: /* @__PURE__ */ z.number(),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const NewMovieScriptBody = /* @__PURE__ */ ScriptSource.extend({
  /** The template whose graph the movie starts with (its sample scenes left out); none: a blank movie. */
  template: /* @__PURE__ */ z.enum(TEMPLATE_KEYS).nullable().default(null),
});
export type NewMovieScriptBody = z.input<typeof NewMovieScriptBody>;

export const ScriptMovieParams = /* @__PURE__ */ z.object({ movieId: Id });
