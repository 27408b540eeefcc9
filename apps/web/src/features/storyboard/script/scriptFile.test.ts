import type { ScriptPreview } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, countsText, importCounts, scriptFileProblem } from './scriptFile';

describe('choosing a script file', () => {
  it('takes Fountain and Final Draft files and refuses others, empty ones and ones over 5 MB before sending', () => {
    expect(scriptFileProblem('pilot.fountain', 1000)).toBeNull();
    expect(scriptFileProblem('PILOT.FDX', 1000)).toBeNull();
    expect(scriptFileProblem('pilot.pdf', 1000)).toBe(
      'pilot.pdf is not a script file: choose a .fountain, .spmd, .txt (Fountain) or .fdx (Final Draft) file.',
    );
    expect(scriptFileProblem('pilot.txt', 0)).toBe('The script is empty.');
    expect(scriptFileProblem('pilot.txt', 50 * 1024 * 1024)).toBe(
      'The script is 50.0 MB; a script may be at most 5 MB.',
    );
  });

  it('sends the bytes as base64, large files too', () => {
    expect(bytesToBase64(new TextEncoder().encode('INT. CAFÉ'))).toBe(
      Buffer.from('INT. CAFÉ').toString('base64'),
    );
    const big = new Uint8Array(100_000).map((_, i) => i % 256);
    expect(bytesToBase64(big)).toBe(Buffer.from(big).toString('base64'));
  });
});

describe('the preview summary', () => {
  it('counts what is added, changed and kept per level', () => {
    const shot = (change: 'add' | 'change' | 'keep') =>
      ({ change }) as ScriptPreview['scenes'][0]['shots'][0];
    const preview = {
      scenes: [
        { change: 'keep', shots: [shot('keep'), shot('change')] },
        { change: 'add', shots: [shot('add')] },
      ],
      characters: [{ change: 'add' }],
    } as unknown as ScriptPreview;
    const counts = importCounts(preview);
    expect(counts).toEqual({
      scenes: { add: 1, change: 0, keep: 1 },
      shots: { add: 1, change: 1, keep: 1 },
      characters: { add: 1, change: 0, keep: 0 },
    });
    expect(countsText(counts.scenes)).toBe('1 added, 1 kept');
    expect(countsText({ add: 0, change: 0, keep: 0 })).toBe('nothing');
  });
});
