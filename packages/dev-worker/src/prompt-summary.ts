import { INPUT_NODES } from '@cinegraph/comfy';
import { isLink, type ApiPrompt } from './prompt-types';

/** What a preview shows about a prompt: its texts, its inputs, and the requested size. */
export interface PromptSummary {
  texts: string[];
  inputs: string[];
  width: number;
  height: number;
  frames: number;
  /** Input image file names (LoadImage, Cinegraph and comfy-pack image inputs), shown as thumbnails. */
  images: string[];
}

/** A failure a prompt asks for: a text input containing `[[fail]]` or `[[fail: message]]`. */
export function requestedFailure(prompt: ApiPrompt): string | null {
  for (const node of Object.values(prompt)) {
    for (const value of Object.values(node.inputs)) {
      if (typeof value !== 'string') continue;
      const match = /\[\[fail(?::\s*([^\]]*))?\]\]/.exec(value);
      if (match) return match[1]?.trim() || 'Injected failure: the prompt contains [[fail]]';
    }
  }
  return null;
}

const TEXT_INPUTS = new Set(['text', 'prompt', 'positive', 'text_g', 'text_l', 'string', 'clip_l', 't5xxl']);
const SIZE_NODES = /^Empty.*(Latent|Image)|^CinegraphInputVector2$/;
const NOTED_INPUTS = ['ckpt_name', 'unet_name', 'lora_name', 'seed', 'noise_seed', 'steps', 'cfg'];

const clampSize = (value: number) => Math.min(2048, Math.max(64, Math.round(value / 8) * 8));

/** Reads `[w, h]`, '1024x576', '1024,576' or `{ width, height }` as a vector2 size. */
export function readVector2(value: unknown): [number, number] | null {
  let pair: unknown[] = [];
  if (Array.isArray(value)) pair = value;
  else if (typeof value === 'string') pair = value.split(/[x,\s]+/i).filter(Boolean);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    pair = [record.width ?? record.x, record.height ?? record.y];
  }
  const [w, h] = pair.map(Number);
  return w !== undefined && h !== undefined && w > 0 && h > 0 ? [w, h] : null;
}

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/**
 * An input's value, following a link to a text or number input node (Cinegraph, ComfyDeploy, comfy-pack),
 * which passes on the value it holds. Media inputs hand on what they load, not their file name or URL,
 * and other nodes have no value before they run: those links give undefined.
 */
export function passedValue(prompt: ApiPrompt, value: unknown): unknown {
  if (!isLink(value)) return value;
  const source = prompt[value[0]];
  const convention = source && INPUT_NODES.get(source.class_type);
  if (!source || !convention) return undefined;
  const held = source.inputs[convention.valueField];
  if (isLink(held)) return undefined;
  // A vector2 input hands on its width and height apart; a Cinegraph number gives its value as FLOAT and INT.
  if (convention.type === 'vector2') return readVector2(held)?.[value[1]];
  if (convention.type !== 'text' && convention.type !== 'number') return undefined;
  return value[1] === 0 || source.class_type === 'CinegraphInputNumber' ? held : undefined;
}

/** Collects the prompt text, the inputs and the size (EmptyLatentImage & co., vector2) of a prompt. */
export function summarizePrompt(prompt: ApiPrompt): PromptSummary {
  const summary: PromptSummary = { texts: [], inputs: [], width: 512, height: 512, frames: 12, images: [] };
  for (const [id, node] of Object.entries(prompt)) {
    const { class_type: type } = node;
    const inputs = Object.fromEntries(
      Object.entries(node.inputs).map(([name, value]) => [name, passedValue(prompt, value) ?? value]),
    );
    if (SIZE_NODES.test(type)) {
      const size =
        type === 'CinegraphInputVector2'
          ? readVector2(inputs.default)
          : readVector2([inputs.width, inputs.height]);
      if (size) [summary.width, summary.height] = [clampSize(size[0]), clampSize(size[1])];
      if (typeof inputs.length === 'number') summary.frames = Math.min(16, Math.max(6, inputs.length));
    }
    if (/^(Cinegraph|CPack|ComfyUIDeployExternal)Input|^ComfyUIDeployExternal/.test(type)) {
      const name = inputs.name ?? inputs.input_id ?? node._meta?.title ?? `${type} ${id}`;
      const value = inputs.default ?? inputs.value ?? inputs.default_value;
      if (value !== undefined && !isLink(value)) summary.inputs.push(`${shown(name)}: ${shown(value)}`);
      if (type.endsWith('Text') || type.endsWith('String')) {
        if (typeof value === 'string' && value.trim()) summary.texts.push(value.trim());
      }
    }
    const image = type === 'LoadImage' || type === 'CPackInputImage' ? inputs.image : undefined;
    const picked = type === 'CinegraphInputImage' ? inputs.default : image;
    if (typeof picked === 'string' && picked) summary.images.push(picked);
    for (const [name, value] of Object.entries(inputs)) {
      if (typeof value === 'string' && TEXT_INPUTS.has(name) && value.trim())
        summary.texts.push(value.trim());
      if (NOTED_INPUTS.includes(name) && !isLink(value)) summary.inputs.push(`${name}: ${shown(value)}`);
    }
  }
  summary.texts = [...new Set(summary.texts)];
  summary.inputs.unshift(`size: ${summary.width}x${summary.height}`);
  return summary;
}
