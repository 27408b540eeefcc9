import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCRIPT_MESSAGES } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { readScript, type ScriptInput } from './read-script';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');
const refusal = (input: ScriptInput) => {
  try {
    readScript(input);
  } catch (error) {
    return { status: (error as { statusCode?: number }).statusCode, message: (error as Error).message };
  }
  throw new Error('the script was read');
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('reading a script a caller sent', () => {
  it('reads a Fountain file, pasted text and a Final Draft file by their content', () => {
    expect(
      readScript({ filename: 'bohemia.fountain', data: base64(fixture('bohemia.fountain')) }).format,
    ).toBe('fountain');
    expect(readScript({ text: fixture('bohemia.fountain').toString() }).format).toBe('fountain');
    expect(readScript({ filename: 'bohemia.fdx', data: base64(fixture('bohemia.fdx')) }).format).toBe('fdx');
  });

  it('reads UTF-16 with its byte-order mark and legacy Windows-1252 text', () => {
    const text = 'INT. CAFÉ - DAY\n\nZoë waits.\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const latin = Buffer.from(text, 'latin1');
    for (const bytes of [utf16, latin]) {
      expect(readScript({ filename: 'cafe.txt', data: base64(bytes) }).elements).toEqual([
        { kind: 'heading', text: 'INT. CAFÉ - DAY', number: null, forced: false },
        { kind: 'action', text: 'Zoë waits.' },
      ]);
    }
  });

  it('refuses binary, empty, oversized and unknown files with a message naming the problem', () => {
    expect(refusal({ filename: 'still.txt', data: base64(PNG) })).toEqual({
      status: 400,
      message: SCRIPT_MESSAGES.binary,
    });
    expect(refusal({ filename: 'empty.fountain', data: '' }).message).toBe(SCRIPT_MESSAGES.empty);
    expect(refusal({ text: ' \n\n ' }).message).toBe(SCRIPT_MESSAGES.empty);
    expect(refusal({ text: 'x'.repeat(50 * 1024 * 1024) }).message).toBe(
      'The script is 50.0 MB; a script may be at most 5 MB.',
    );
    expect(refusal({ filename: 'still.png', data: base64(PNG) }).message).toBe(
      SCRIPT_MESSAGES.extension('still.png'),
    );
    expect(refusal({ text: 'Dear diary, nothing happened today.' }).message).toBe(SCRIPT_MESSAGES.noScenes);
    expect(refusal({ filename: 'a.txt', data: 'not base64!' }).message).toBe(SCRIPT_MESSAGES.notBase64);
  });

  it('refuses XML that is not Final Draft, XML that is not well-formed and an .fdx that is not XML', () => {
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>';
    expect(refusal({ filename: 'logo.fdx', data: base64(svg) }).message).toBe(SCRIPT_MESSAGES.notFdx('svg'));
    expect(refusal({ filename: 'cut.fdx', text: '<FinalDraft><Content></FinalDraft>' }).message).toMatch(
      /^This Final Draft file is not well-formed XML: .*line 1/,
    );
    expect(refusal({ filename: 'notes.fdx', text: 'INT. HALL - DAY' }).message).toBe(SCRIPT_MESSAGES.notXml);
    const entities = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><FinalDraft/>';
    expect(refusal({ filename: 'bomb.fdx', text: entities }).message).toBe(SCRIPT_MESSAGES.doctype);
  });
});
