import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's first renders import these modules' constants (the editor's node widths and levels, the
 * upload rules of its media fields); zod and the schemas around it are ~84 kB the editor's page would
 * load and run before drawing if one of them imported a module holding schemas.
 */
const ZOD_FREE = ['editor-constants.ts', 'asset-files.ts', 'handles.ts', 'constants.ts'];

describe('constants the web app draws with', () => {
  it.each(ZOD_FREE)('%s imports nothing, so no schema comes with it', (file) => {
    const text = readFileSync(join(__dirname, file), 'utf8');
    expect(text.match(/^\s*(import|export .* from)\b.*$/gm) ?? []).toEqual([]);
  });

  it('are still exported where the server and the other screens import them', async () => {
    const contracts = await import('./index');
    expect(contracts.DEFAULT_NODE_WIDTHS.workflow).toBe(300);
    expect(contracts.PRIMITIVE_OUTPUT_HANDLE_ID).toBe('output');
    expect(contracts.ASSET_EXTENSIONS.lora).toEqual(['safetensors']);
    expect(contracts.extensionOf('a.PNG')).toBe('png');
    expect(contracts.AssetFileType.options).toEqual([...contracts.ASSET_FILE_TYPES]);
  });
});
