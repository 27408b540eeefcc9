import { SCRIPT_EXTENSIONS, SCRIPT_MAX_BYTES, SCRIPT_MESSAGES } from '@cinegraph/contracts';
import { badRequest } from '../../http/errors';
import { parseFdx } from './fdx';
import { parseFountain } from './fountain';
import type { ParsedScript } from './script-elements';

export interface ScriptInput {
  filename?: string;
  /** Pasted text. */
  text?: string;
  /** A file's bytes, base64. */
  data?: string;
}

/**
 * The script a caller sent, read into its elements, or a 400 naming what is wrong with it: an unknown
 * extension, too large, empty, binary, XML that is not Final Draft. Nothing is written before this passes.
 */
export function readScript(input: ScriptInput): ParsedScript {
  const filename = (input.filename ?? '').trim();
  const extension = /\.[^.]+$/.exec(filename.toLowerCase())?.[0] ?? '';
  if (filename && !(SCRIPT_EXTENSIONS as readonly string[]).includes(extension)) {
    throw badRequest(SCRIPT_MESSAGES.extension(filename));
  }
  if (input.data !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(input.data)) {
    throw badRequest(SCRIPT_MESSAGES.notBase64);
  }
  const text = input.data !== undefined ? decode(Buffer.from(input.data, 'base64')) : (input.text ?? '');
  const size = Buffer.byteLength(text);
  if (size > SCRIPT_MAX_BYTES) throw badRequest(SCRIPT_MESSAGES.tooLarge(size));
  if (text.trim() === '') throw badRequest(SCRIPT_MESSAGES.empty);
  if (looksBinary(text)) throw badRequest(SCRIPT_MESSAGES.binary);
  const xml = /^\s*</.test(text);
  if (extension === '.fdx' && !xml) throw badRequest(SCRIPT_MESSAGES.notXml);
  const script = xml ? parseFdx(text) : parseFountain(text);
  if (!script.elements.some((element) => element.kind === 'heading'))
    throw badRequest(SCRIPT_MESSAGES.noScenes);
  return script;
}

/** UTF-8 (with or without BOM) or UTF-16 with its BOM, as editors on every system save text. */
function decode(bytes: Buffer): string {
  if (bytes.length > SCRIPT_MAX_BYTES) throw badRequest(SCRIPT_MESSAGES.tooLarge(bytes.length));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    // Not UTF-8: a legacy 8-bit text has no NUL bytes; anything with them is binary.
    if (bytes.includes(0)) throw badRequest(SCRIPT_MESSAGES.binary);
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Control codes a text file has no use for (tab, line feed and carriage return are not among them). */
const isOddCharacter = (code: number) =>
  (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd;

/** NUL characters, or more than 1 in 100 characters control codes or undecodable: not text a writer saved. */
function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true;
  const sample = text.slice(0, 64 * 1024);
  let odd = 0;
  for (let i = 0; i < sample.length; i++) if (isOddCharacter(sample.charCodeAt(i))) odd++;
  return odd > sample.length / 100;
}
