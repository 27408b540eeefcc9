import { isLink, type ApiNode } from './prompt-types';

/** The kind of preview media an output node produces. */
export type OutputMedia = 'image' | 'animated-image' | 'video' | 'audio' | 'text';

/** How an output node's results appear in `executed` and `/history`. */
export interface OutputPlan {
  media: OutputMedia;
  /**
   * The key of the output entry list: ComfyUI's savers use `images`/`audio`, VHS_VideoCombine `gifs`,
   * ComfyDeploy's text output `text_file`.
   */
  key: 'images' | 'gifs' | 'audio' | 'text_file';
  /** `output` for savers, `temp` for previews. */
  folder: 'output' | 'temp';
  /** Savers of animations add `animated: [true]` to their output, as ComfyUI does. */
  animated: boolean;
  defaultPrefix: string;
}

const saver = (media: OutputMedia, key: OutputPlan['key'], defaultPrefix: string): OutputPlan => ({
  media,
  key,
  folder: 'output',
  animated: media === 'video' || media === 'animated-image',
  defaultPrefix,
});

const KNOWN: Record<string, OutputPlan> = {
  SaveImage: saver('image', 'images', 'ComfyUI'),
  PreviewImage: { ...saver('image', 'images', 'ComfyUI_temp'), folder: 'temp' },
  SaveAnimatedWEBP: saver('animated-image', 'images', 'ComfyUI'),
  SaveAnimatedPNG: saver('animated-image', 'images', 'ComfyUI'),
  SaveWEBM: saver('video', 'images', 'ComfyUI'),
  SaveVideo: saver('video', 'images', 'video/ComfyUI'),
  VHS_VideoCombine: { ...saver('video', 'gifs', 'AnimateDiff'), animated: false },
  SaveAudio: saver('audio', 'audio', 'audio/ComfyUI'),
  SaveAudioMP3: saver('audio', 'audio', 'audio/ComfyUI'),
  SaveAudioOpus: saver('audio', 'audio', 'audio/ComfyUI'),
  PreviewAudio: { ...saver('audio', 'audio', 'ComfyUI_temp'), folder: 'temp' },
  CPackOutputImage: saver('image', 'images', 'cpack_output_'),
  CPackOutputAudio: saver('audio', 'audio', 'cpack_output_'),
  ComfyDeployOutputImage: saver('image', 'images', 'ComfyUI'),
  ComfyDeployOutputEXR: saver('image', 'images', 'ComfyUI'),
  ComfyDeployOutputEXRFrames: saver('image', 'images', 'ComfyUI'),
  ComfyDeployOutputText: saver('text', 'text_file', 'ComfyUI'),
};

// Output nodes that show no media: they send images over the socket (SaveImageWebsocket), list a file
// another node wrote (the File outputs) or pack a zip (comfy-pack's Zip output).
const WITHOUT_MEDIA = new Set([
  'SaveImageWebsocket',
  'ComfyDeployOutputFile',
  'CPackOutputFile',
  'CPackOutputZip',
]);

/**
 * What an output node produces, or null for output nodes without media (SaveImageWebsocket, File outputs).
 * This is the dev worker's own small lookup (Cinegraph, comfy-pack, ComfyDeploy and ComfyUI's Save*
 * nodes); it is the one place to swap for `@cinegraph/comfy`'s output detection.
 */
export function planOutput(node: ApiNode): OutputPlan | null {
  const known = KNOWN[node.class_type];
  if (known) return known;
  if (WITHOUT_MEDIA.has(node.class_type)) return null;
  if (node.class_type.startsWith('CinegraphOutput') || node.class_type.startsWith('ComfyDeployOutput')) {
    // A Cinegraph output shows its type by what is connected; ComfyDeploy's by its class suffix.
    const linked = (name: string) => isLink(node.inputs[name]);
    const suffix = node.class_type.toLowerCase();
    if (linked('video') || suffix.endsWith('video')) return saver('video', 'gifs', 'cinegraph/output');
    if (linked('audio') || suffix.endsWith('audio')) return saver('audio', 'audio', 'cinegraph/output');
    return saver('image', 'images', 'cinegraph/output');
  }
  const lower = node.class_type.toLowerCase();
  if (lower.includes('audio')) return saver('audio', 'audio', 'ComfyUI');
  if (lower.includes('video') || lower.includes('webm')) return saver('video', 'gifs', 'ComfyUI');
  return saver('image', 'images', 'ComfyUI');
}
