import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { planOutput } from './output-nodes';
import { withPngText } from './png-text';
import { renderPreviewWav } from './preview-audio';
import { renderPreviewPng } from './preview-image';
import { renderPreviewVideo } from './preview-video';
import type { PromptSummary } from './prompt-summary';
import type { ApiNode, NodeOutput, OutputFile } from './prompt-types';
import { splitAnnotated, type WorkerFiles } from './worker-files';
import { loadSharp } from './load-sharp';

type Plan = NonNullable<ReturnType<typeof planOutput>>;

async function media(
  plan: Plan,
  node: ApiNode,
  summary: PromptSummary,
  reference: Buffer | undefined,
  metadata: Record<string, unknown>,
) {
  const fileType = node.inputs.file_type;
  if (plan.media === 'image') {
    const png = withPngText(await renderPreviewPng(summary, { reference }), metadata);
    const sharp = await loadSharp();
    // ComfyDeploy's image output saves the type it is asked for (EXR outputs get a PNG preview).
    if (fileType === 'webp') return { data: await sharp(png).webp().toBuffer(), extension: 'webp' };
    if (fileType === 'jpg') return { data: await sharp(png).jpeg().toBuffer(), extension: 'jpg' };
    return { data: png, extension: 'png' };
  }
  if (plan.media === 'text') {
    // Without a model the text saved is the prompt's own text.
    const extension = fileType === 'json' || fileType === 'md' ? fileType : 'txt';
    return { data: Buffer.from(summary.texts.join('\n\n'), 'utf8'), extension };
  }
  if (plan.media === 'audio') return { data: renderPreviewWav(), extension: 'wav' };
  const video = await renderPreviewVideo(summary, plan.media === 'animated-image', reference);
  return { ...video, extension: video.extension };
}

/** The first input image of the prompt that was uploaded to this worker, if any. */
async function firstInputImage(summary: PromptSummary, files: WorkerFiles): Promise<Buffer | undefined> {
  for (const name of summary.images) {
    const [subfolder, filename] = splitAnnotated(name);
    const target = files.resolve('input', subfolder, filename);
    const data = 'path' in target ? await readFile(target.path).catch(() => null) : null;
    if (data) return data;
  }
  return undefined;
}

/**
 * Writes the preview media of one output node (image, animation, video or tone) under its
 * `filename_prefix`, numbered like ComfyUI ('inv_00001_.png'), and returns the node's output entry.
 * A PNG carries `metadata` as text chunks (`prompt`, `workflow`), as ComfyUI's savers write them.
 * Returns null for output nodes that save nothing (SaveImageWebsocket).
 */
export async function produceOutput(
  node: ApiNode,
  summary: PromptSummary,
  files: WorkerFiles,
  metadata: Record<string, unknown> = {},
): Promise<NodeOutput | null> {
  const plan = planOutput(node);
  if (!plan) return null;
  const reference = await firstInputImage(summary, files);
  const produced = await media(plan, node, summary, reference, metadata);
  const prefix =
    plan.folder === 'temp'
      ? `ComfyUI_temp_${randomBytes(3).toString('hex').slice(0, 5)}`
      : typeof node.inputs.filename_prefix === 'string' && node.inputs.filename_prefix.trim()
        ? node.inputs.filename_prefix.trim()
        : plan.defaultPrefix;
  const names = files.nextNames(plan.folder, prefix, produced.extension, 1);
  if (!names) throw new Error('Saving image outside the output folder is not allowed.');
  const entries: OutputFile[] = [];
  for (const file of names.files) {
    await writeFile(join(names.directory, file.filename), produced.data);
    const entry: OutputFile = { filename: file.filename, subfolder: file.subfolder, type: plan.folder };
    if (plan.key === 'gifs' && 'format' in produced) {
      entry.format = produced.format;
      entry.frame_rate = produced.frameRate;
    }
    entries.push(entry);
  }
  const output: NodeOutput = { [plan.key]: entries };
  if (plan.animated) output.animated = [true];
  return output;
}
