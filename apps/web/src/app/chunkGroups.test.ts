import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_GROUPS, chunkGroupsOffTheEntry } from '../../chunk-groups';

const web = path.resolve(import.meta.dirname, '../..');
const groupOf = (id: string) => CHUNK_GROUPS.find((group) => group.test.test(id))?.name ?? null;

describe('the build’s chunk groups', () => {
  it('take the small shared modules they name, on any platform’s paths, and nothing the landing page loads', () => {
    const grouped: [string, string][] = [
      ['node_modules/swr/dist/use-swr-emll9s78.mjs', 'swr'],
      ['node_modules/swr/dist/config-context-ext53wcz.mjs', 'swr'],
      ['node_modules/dequal/lite/index.mjs', 'swr'],
      ['src/lib/swr.ts', 'swr'],
      ['src/app/DataLayout.tsx', 'swr'],
      ['src/ui/Dialog.tsx', 'screenKit'],
      ['src/ui/Menu.tsx', 'screenKit'],
      ['src/ui/useLazyDialog.ts', 'screenKit'],
      ['src/ui/NotFoundState.tsx', 'screenKit'],
      ['../../packages/contracts/src/workers.ts', 'screenKit'],
      ['src/features/generation/logic/statusCounts.ts', 'screenKit'],
      ['src/features/generation/hooks/useGenerationEvents.ts', 'screenKit'],
      ['src/features/exports/ExportMovieButton.tsx', 'screenKit'],
      ['src/features/workflows/workflowApi.ts', 'screenKit'],
      ['src/lib/offline.ts', 'screenKit'],
      ['node_modules/swr/dist/infinite/index.mjs', 'screenKit'],
    ];
    for (const [file, group] of grouped) {
      expect(groupOf(path.posix.join('/work/apps/web', file)), file).toBe(group);
      expect(groupOf(`C:\\work\\apps\\web\\${file.replaceAll('/', '\\')}`), file).toBe(group);
    }
    // The endpoints the group's modules call (each a virtual module of the endpoint table), and not others.
    expect(groupOf('\0cinegraph-endpoint:updateMovie')).toBe('screenKit');
    expect(groupOf('\0cinegraph-endpoint:listMovies')).toBeNull();
    // The landing page's own modules (its sections under the opening draw handles), and names that only
    // start like a grouped one.
    for (const file of [
      '../../packages/contracts/src/handles.ts',
      'src/ui/icons.tsx',
      'src/ui/Spinner.tsx',
      'src/ui/DialogTitle.tsx',
      'src/lib/api.ts',
      'src/lib/session.ts',
      'src/app/router.ts',
      'node_modules/react/index.js',
      'src/features/exports/ExportMovieDialog.tsx',
      'src/features/generation/hooks/liveConnection.ts',
    ])
      expect(groupOf(path.posix.join('/work/apps/web', file)), file).toBeNull();
  });
});

describe('a build whose entry loads a grouped module', () => {
  let root: string;
  beforeAll(async () => {
    // Inside the web app's folder, whose packages the build resolves.
    root = await mkdtemp(path.join(web, 'node_modules/.cinegraph-groups-'));
    await mkdir(path.join(root, 'src/ui'), { recursive: true });
    await writeFile(path.join(root, 'src/ui/Button.tsx'), 'export const Button = () => "button";\n');
    await writeFile(path.join(root, 'src/ui/Menu.tsx'), 'export const Menu = () => "menu";\n');
    await writeFile(
      path.join(root, 'screen.js'),
      'import { Menu } from "./src/ui/Menu.tsx";\ndocument.title = Menu();\n',
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const bundle = async (entry: string, sections: string | null = null) => {
    await writeFile(path.join(root, 'entry.js'), entry);
    const output = (await build({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [chunkGroupsOffTheEntry(sections)],
      build: {
        write: false,
        rolldownOptions: {
          input: path.join(root, 'entry.js'),
          output: { codeSplitting: { groups: CHUNK_GROUPS } },
        },
      },
    })) as Rolldown.RolldownOutput;
    return output.output.filter((file) => file.type === 'chunk');
  };

  it('builds when only a lazily loaded screen needs the group: the group is a chunk of its own', async () => {
    const chunks = await bundle('document.onclick = () => import("./screen.js");\n');
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    expect(chunks.some((chunk) => chunk.name === 'screenKit')).toBe(true);
    expect(entry.imports.filter((file) => file.startsWith('screenKit'))).toEqual([]);
  }, 60_000);

  it('fails when the landing page’s sections, loaded after it, import one', async () => {
    await expect(bundle('document.onclick = () => import("./screen.js");\n', 'screen.js')).rejects.toThrow(
      /chunk-groups: the landing page loads assets\/screenKit-/,
    );
  }, 60_000);

  it('fails, naming the group’s file, when the entry itself imports one of its modules', async () => {
    await expect(
      bundle(
        'import { Button } from "./src/ui/Button.tsx";\ndocument.title = Button();\ndocument.onclick = () => import("./screen.js");\n',
      ),
    ).rejects.toThrow(/chunk-groups: the landing page loads assets\/screenKit-/);
  }, 60_000);
});
