import type { ShotListRow } from './shot-rows';

const HEADER = [
  'Scene',
  'Scene title',
  'Shot',
  'Description',
  'Dialogue',
  'Camera angle',
  'Duration (s)',
  'Take',
  'Take type',
  'Sound take',
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet
 * would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The shot list as CSV: one line per shot with its scene, texts and chosen picture and sound takes; CRLF line ends. */
export function shotListCsv(rows: ShotListRow[]): string {
  const lines = [
    HEADER,
    ...rows.map((row) => [
      row.scene,
      row.sceneTitle,
      row.shot,
      row.description,
      row.dialogue,
      row.cameraAngle,
      Number(row.seconds.toFixed(2)),
      row.picture?.name ?? '',
      row.picture?.take.generation.output?.type ?? '',
      row.sound?.name ?? '',
    ]),
  ];
  return `${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}
