import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR } from './fixtures';

/** One recorded call: its heading, the response body line, and the WebSocket lines that followed. */
export interface RecordedExchange {
  title: string;
  status: number | null;
  response: string | null;
  ws: string[];
}

/** The exchanges recorded from a real ComfyUI (fixtures/comfyui-protocol/exchanges-<version>.md). */
export function recordedExchanges(version: '0.8.0' | '0.3.18'): RecordedExchange[] {
  const file = path.join(FIXTURES_DIR, `comfyui-protocol/exchanges-${version}.md`);
  const exchanges: RecordedExchange[] = [];
  let current: RecordedExchange | null = null;
  let inBlock = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('### ')) {
      current = { title: line.slice(4).trim(), status: null, response: null, ws: [] };
      exchanges.push(current);
    } else if (line.startsWith('```')) inBlock = !inBlock;
    else if (current && inBlock && line.startsWith('{')) current.ws.push(line);
    else if (current && line.startsWith('response: `')) current.response = line.slice(11, -1);
    const status = /→ \*\*(\d+)\*\*/.exec(line);
    if (current && status) current.status = Number(status[1]);
  }
  return exchanges;
}

/** The exchange with this exact heading (throws when the fixture lacks it). */
export function recorded(version: '0.8.0' | '0.3.18', title: string): RecordedExchange {
  const found = recordedExchanges(version).find((exchange) => exchange.title === title);
  if (!found) throw new Error(`No recorded exchange "${title}" for ${version}`);
  return found;
}

/** True for a recorded line that is whole JSON (long lines were shortened with '…(+N chars)'). */
export const isWholeJson = (line: string): boolean => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
};
