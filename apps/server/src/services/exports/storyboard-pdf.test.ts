import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pdfText as pageText } from './pdf-text-test-support';
import { renderStoryboardPdf, type StoryboardRow } from './storyboard-pdf';

const hasPdftotext = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;

const row = (shot: number): StoryboardRow => ({
  scene: 1,
  sceneTitle: 'Harbour at Dawn',
  shot,
  description: `Shot number ${shot} on the pier.`,
  dialogue: shot === 1 ? 'Mara: "Not yet."' : '',
  cameraAngle: 'Wide shot',
  seconds: shot === 1 ? 4.5 : 3,
  picture: null,
  sound: null,
  thumbnail: null,
});

describe('printable storyboard', () => {
  it('prints one row per shot with scene, shot, description, dialogue and camera angle', async () => {
    const pdf = await renderStoryboardPdf('Night Train', [row(1), row(2)], { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pageText(pdf);
    expect(text).toContain('Night Train');
    expect(text).toContain('Scene 1 · Shot 1: Harbour at Dawn · 4.5 s');
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

  // Storyboards are written in the filmmakers' languages: Polish, Greek, Russian, Czech, Turkish.
  const WORLD: StoryboardRow = {
    ...row(1),
    sceneTitle: 'Świt w porcie',
    description: 'Zażółć gęślą jaźń. Η Μάρα περπατά στην αποβάθρα. Мара идёт по пирсу.',
    dialogue: 'Mara: „Ještě ne, příteli.“',
    cameraAngle: 'Geniş açı, ıssız İskele',
  };
  const WORLD_TEXT = [
    'Scene 1 · Shot 1: Świt w porcie',
    'Zażółć gęślą jaźń. Η Μάρα περπατά στην αποβάθρα. Мара идёт по пирсу.',
    'Dialogue: Mara: „Ještě ne, příteli.“',
    'Camera: Geniş açı, ıssız İskele',
  ];

  it('prints Latin Extended, Greek and Cyrillic text as written, in an embedded font', async () => {
    const pdf = await renderStoryboardPdf('Ζωή w Łodzi', [WORLD], { compress: false });
    const text = pageText(pdf).replace(/\s+/g, ' '); // the description wraps onto a second line
    expect(text).toContain('Ζωή w Łodzi');
    for (const line of WORLD_TEXT) expect(text).toContain(line);
    // The font travels with the file (a subset of DejaVu Sans), so any reader shows the same glyphs.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
  });

  it.skipIf(!hasPdftotext)("reads the same through poppler's pdftotext, compressed as served", async () => {
    const pdf = await renderStoryboardPdf('Ζωή w Łodzi', [WORLD]);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Ζωή w Łodzi');
    for (const line of WORLD_TEXT) expect(flat).toContain(line);
  });
});
