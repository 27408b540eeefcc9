import { describe, expect, it } from 'vitest';
import { renderStoryboardPdf, type StoryboardRow } from './storyboard-pdf';

/** The text a PDF's uncompressed pages show: its hex strings decoded (pdfkit writes WinAnsi text as hex). */
function pageText(pdf: Buffer): string {
  return [...pdf.toString('latin1').matchAll(/<([0-9a-f]+)>/g)]
    .map((match) => Buffer.from(match[1]!, 'hex').toString('latin1'))
    .join('');
}

const row = (shot: number): StoryboardRow => ({
  scene: 1,
  sceneTitle: 'Harbour at Dawn',
  shot,
  description: `Shot number ${shot} on the pier.`,
  dialogue: shot === 1 ? 'Mara: "Not yet."' : '',
  cameraAngle: 'Wide shot',
  take: null,
  thumbnail: null,
});

describe('printable storyboard', () => {
  it('prints one row per shot with scene, shot, description, dialogue and camera angle', async () => {
    const pdf = await renderStoryboardPdf('Night Train', [row(1), row(2)], { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pageText(pdf);
    expect(text).toContain('Night Train');
    expect(text).toContain('Scene 1 · Shot 1: Harbour at Dawn');
    expect(text).toContain('Shot number 2 on the pier.');
    expect(text).toContain('Dialogue: Mara: "Not yet."');
    expect(text).toContain('Camera: Wide shot');
    expect(text).toContain('No take yet');
  });

  it('breaks onto new A4 pages as rows fill them', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(i + 1));
    const pdf = await renderStoryboardPdf('Long', rows, { compress: false });
    // 7 rows of 104 pt fit under the title on the first page, 7 on the next, 6 on the last.
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(3);
    expect(pageText(pdf)).toContain('Scene 1 · Shot 20');
  });
});
