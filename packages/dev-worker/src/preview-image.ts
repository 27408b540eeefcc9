import type { PromptSummary } from './prompt-summary';
import { loadSharp } from './load-sharp';

// XML allows no control characters other than tab and newlines, even escaped.
const escapeXml = (text: string) =>
  [...text]
    .filter((char) => char >= ' ' || char === '\t')
    .join('')
    .replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Breaks text into lines of at most `width` characters, on spaces where possible. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const pieces = word.match(new RegExp(`.{1,${width}}`, 'g')) ?? [''];
      for (const piece of pieces) {
        if (line && line.length + piece.length + 1 > width) {
          lines.push(line);
          line = piece;
        } else line = line ? `${line} ${piece}` : piece;
      }
    }
    lines.push(line);
  }
  return lines.length > maxLines ? [...lines.slice(0, maxLines - 1), '…'] : lines;
}

/** Options of one preview frame: its place in a video, and an input image to show in a corner. */
export interface FrameOptions {
  frame?: number;
  frames?: number;
  /** An input image (any format sharp reads), shown as a thumbnail so chained takes are visible. */
  reference?: Buffer;
}

/** The SVG of a preview: 'PREVIEW — no GPU', the prompt text and the inputs, at the requested size. */
export function previewSvg(summary: PromptSummary, options: FrameOptions = {}): string {
  const { width, height } = summary;
  const big = Math.max(14, Math.round(Math.min(width, height) / 14));
  const small = Math.max(10, Math.round(big * 0.55));
  const columns = Math.max(12, Math.floor((width - 2 * small) / (small * 0.6)));
  const prompt = summary.texts.length > 0 ? summary.texts.join('\n') : '(no prompt text)';
  const textLines = wrap(prompt, columns, Math.max(2, Math.floor((height * 0.45) / (small * 1.3))));
  // One line per input, cut to the width: the prompt text above is what matters most.
  const inputRows = Math.max(1, Math.floor((height * 0.3) / (small * 1.2)));
  const inputLines = summary.inputs
    .slice(0, inputRows)
    .map((line) => (line.length > columns ? `${line.slice(0, columns - 1)}…` : line));
  const rows: string[] = [];
  let y = big * 1.6;
  rows.push(
    `<text x="${small}" y="${y}" font-size="${big}" font-weight="bold" fill="#fbbf24">PREVIEW — no GPU</text>`,
  );
  y += small * 1.8;
  for (const line of textLines) {
    rows.push(`<text x="${small}" y="${y}" font-size="${small}" fill="#f8fafc">${escapeXml(line)}</text>`);
    y += small * 1.3;
  }
  y += small * 0.6;
  for (const line of inputLines) {
    rows.push(
      `<text x="${small}" y="${y}" font-size="${small * 0.9}" fill="#94a3b8">${escapeXml(line)}</text>`,
    );
    y += small * 1.2;
  }
  const { frame, frames } = options;
  if (frame !== undefined && frames) {
    const x = Math.round(((frame + 0.5) / frames) * width);
    rows.push(`<rect x="0" y="${height - small}" width="${x}" height="${small}" fill="#38bdf8"/>`);
    const label = `frame ${frame + 1}/${frames}`;
    rows.push(
      `<text x="${width - small}" y="${height - small * 1.5}" font-size="${small}" fill="#e2e8f0" text-anchor="end">${label}</text>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, Arial, sans-serif">`,
    `<rect width="100%" height="100%" fill="#1e293b"/>`,
    `<rect x="4" y="4" width="${width - 8}" height="${height - 8}" fill="none" stroke="#fbbf24" stroke-width="4" stroke-dasharray="16 8"/>`,
    ...rows,
    '</svg>',
  ].join('');
}

/** Renders the preview as a PNG of exactly the summary's width and height. */
export async function renderPreviewPng(summary: PromptSummary, options: FrameOptions = {}): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(previewSvg(summary, options))).resize(summary.width, summary.height, {
    fit: 'fill',
  });
  const thumbnail = options.reference ? await thumbnailOf(options.reference, summary) : null;
  if (thumbnail) image.composite([{ input: thumbnail, gravity: 'southeast' }]);
  return image.png().toBuffer();
}

/** A thumbnail of an input image a third of the preview's size; null when it is not a readable image. */
async function thumbnailOf(reference: Buffer, summary: PromptSummary): Promise<Buffer | null> {
  const width = Math.max(16, Math.round(summary.width / 3));
  const height = Math.max(16, Math.round(summary.height / 3));
  try {
    const sharp = await loadSharp();
    return await sharp(reference)
      .resize(width, height, { fit: 'inside' })
      .extend({ top: 0, left: 0, bottom: 24, right: 24, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
