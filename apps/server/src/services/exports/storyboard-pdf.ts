import { createRequire } from 'node:module';
import type { ShotListRow } from './shot-rows';

export interface StoryboardRow extends ShotListRow {
  /** A JPEG or PNG of the take, or null (a sound take, or no take yet). */
  thumbnail: Buffer | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const ROW_HEIGHT = 104;
const IMAGE = { width: 160, height: 90 };
const TEXT_X = PAGE.margin + IMAGE.width + 16;
const TEXT_WIDTH = PAGE.width - TEXT_X - PAGE.margin;

/**
 * DejaVu Sans (from the dejavu-fonts-ttf package, free licence): one TrueType file per style covering
 * Latin with its extensions, Greek, Cyrillic, Armenian, Georgian and Hebrew, where pdfkit's built-in
 * Helvetica prints only WinAnsi Latin. pdfkit embeds only the glyphs a storyboard uses.
 */
const FONTS = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  oblique: 'DejaVuSans-Oblique.ttf',
} as const;
type FontStyle = keyof typeof FONTS;

function fontFile(style: FontStyle): string {
  return createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${FONTS[style]}`);
}

/**
 * A printable storyboard (A4): the movie's title, then one row per shot with its take's picture, the
 * scene and shot number, the description, dialogue and camera angle, and its takes' file names.
 * `compress: false` leaves the page text readable in the file (tests read it).
 */
export async function renderStoryboardPdf(
  movieTitle: string,
  rows: StoryboardRow[],
  opts: { compress?: boolean } = {},
): Promise<Buffer> {
  // pdfkit and its fonts load with the first storyboard, not at every start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: opts.compress ?? true,
    info: { Title: `${movieTitle}: storyboard`, Creator: 'Cinegraph' },
  });
  for (const style of Object.keys(FONTS) as FontStyle[]) doc.registerFont(style, fontFile(style));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc
    .font('bold')
    .fontSize(18)
    .text(movieTitle || 'Untitled movie');
  doc.font('regular').fontSize(10).fillColor('#555555').text(`Storyboard · ${rows.length} shots`);
  let y = doc.y + 12;
  for (const row of rows) {
    if (y + ROW_HEIGHT > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = PAGE.margin;
    }
    drawRow(doc, row, y);
    y += ROW_HEIGHT;
  }
  doc.end();
  return done;
}

function drawRow(doc: PDFKit.PDFDocument, row: StoryboardRow, y: number): void {
  const box = { x: PAGE.margin, y, ...IMAGE };
  doc.rect(box.x, box.y, box.width, box.height).fillColor('#eeeeee').fill();
  if (row.thumbnail) {
    doc.image(row.thumbnail, box.x, box.y, {
      fit: [box.width, box.height],
      align: 'center',
      valign: 'center',
    });
  } else {
    doc
      .fillColor('#888888')
      .fontSize(9)
      .text(row.sound && !row.picture ? 'Sound take' : 'No take yet', box.x, box.y + 40, {
        width: box.width,
        align: 'center',
      });
  }
  const title = row.sceneTitle ? `: ${row.sceneTitle}` : '';
  const heading = `Scene ${row.scene} · Shot ${row.shot}${title} · ${Number(row.seconds.toFixed(2))} s`;
  const lines: [FontStyle, string, number][] = [
    ['bold', heading, 10],
    ['regular', row.description, 10],
    ['oblique', row.dialogue ? `Dialogue: ${row.dialogue}` : '', 9],
    ['regular', row.cameraAngle ? `Camera: ${row.cameraAngle}` : '', 9],
    ['regular', row.picture ? `Take: ${row.picture.name}` : '', 8],
    ['regular', row.sound ? `Sound: ${row.sound.name}` : '', 8],
  ];
  doc.x = TEXT_X;
  doc.y = y;
  for (const [font, text, size] of lines) {
    if (!text) continue;
    const room = y + IMAGE.height - doc.y;
    if (room < size) break;
    doc
      .font(font)
      .fontSize(size)
      .fillColor(size === 8 ? '#666666' : '#111111');
    doc.text(text, TEXT_X, doc.y, { width: TEXT_WIDTH, height: room, ellipsis: true });
  }
  doc
    .moveTo(PAGE.margin, y + ROW_HEIGHT - 6)
    .lineTo(PAGE.width - PAGE.margin, y + ROW_HEIGHT - 6)
    .strokeColor('#dddddd')
    .lineWidth(0.5)
    .stroke();
}
