import { collectOutputFiles, type ComfyClient, type HistoryEntry, type OutputFile } from '@cinegraph/comfy';
import type { GenerationOutputColumn } from '../db/schema';
import { storeDisplayImage } from '../services/assets/display-image';
import { storePosterFrame } from '../services/assets/poster-frame';
import { storedFileUrl } from '../services/assets/stored-files';
import { generationStoragePrefix } from '../services/generations/update';
import type { Storage } from '../storage/storage';

/** Display images are small enough for a tile and a panel. */
const DISPLAY_WIDTH = 768;

export interface OutputStore {
  storage: Storage;
  publicUrl: string;
}

/**
 * Fetches the take's output file through `/view` into storage under the generation's folder, with a
 * display image (an image resized; a video's poster frame when ffmpeg is there). Null when the
 * workflow produced no file.
 */
export async function storeGenerationOutput(
  store: OutputStore,
  client: ComfyClient,
  generation: { id: string; movieId: string },
  outputs: HistoryEntry['outputs'],
): Promise<GenerationOutputColumn | null> {
  const file = pickOutput(collectOutputFiles({ outputs }));
  if (!file) return null;
  const { bytes, contentType } = await client.view(file);
  const folder = generationStoragePrefix(generation.movieId, generation.id);
  const key = `${folder}${safeName(file.filename)}`;
  await store.storage.put(key, bytes, file.format ?? contentType);
  const display = await displayImage(store.storage, file, key, bytes, folder);
  return {
    type: file.kind,
    url: storedFileUrl(store.publicUrl, key),
    display_image: display ? storedFileUrl(store.publicUrl, display) : null,
  };
}

/** The saved result of the first output node; previews (`temp`) only when nothing was saved. */
function pickOutput(files: OutputFile[]): OutputFile | undefined {
  return files.find((f) => f.type === 'output') ?? files[0];
}

async function displayImage(
  storage: Storage,
  file: OutputFile,
  key: string,
  bytes: Uint8Array,
  folder: string,
): Promise<string | null> {
  if (file.kind === 'video') return storePosterFrame(storage, key).catch(() => null);
  if (file.kind !== 'image') return null;
  // An image sharp cannot read is still shown by the browser as it is.
  return (await storeDisplayImage(storage, bytes, `${folder}display.webp`, DISPLAY_WIDTH)) ?? key;
}

function safeName(filename: string): string {
  return filename.replace(/[^A-Za-z0-9._-]/g, '_').slice(-120) || 'output';
}
