import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const STYLESHEET = path.resolve(import.meta.dirname, 'src/index.css');
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/;
/**
 * Marks the whole sheet's preload among the page's others: a signed-in page also preloads its route's own
 * sheets (the server's route preloads), and the app must apply this one (applyWholeStylesheet).
 */
const WHOLE_STYLESHEET_ATTRIBUTE = 'data-whole-stylesheet';

/**
 * The first page paints without waiting for the whole stylesheet (89 kB, every screen's utilities, all
 * parsed before the first frame and before any script may run): index.html carries, inline, the rules of
 * the utilities that the JavaScript before the first paint names (the entry chunk and its static imports:
 * the landing page's opening, the layout, the providers), and only preloads the whole sheet, which
 * `applyWholeStylesheet` applies after the first paint and before any other screen or panel renders.
 * Tailwind orders its rules the same in both sheets, so the page looks the same under either.
 */
export function firstPaintCss(): Plugin {
  return {
    name: 'cinegraph-first-paint-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        const link = STYLESHEET_LINK.exec(html);
        if (!bundle || !link) throw new Error('first-paint-css: no built stylesheet link in index.html');
        const css = await firstPaintRules(codeBeforeFirstPaint(bundle));
        return html.replace(
          link[0],
          `<style>${css}</style>\n    <link rel="preload" as="style" crossorigin href="${link[1]}" ${WHOLE_STYLESHEET_ATTRIBUTE}>`,
        );
      },
    },
  };
}

/** The code of the entry chunk and of every chunk it imports statically. */
function codeBeforeFirstPaint(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const loaded = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || loaded.has(chunk)) return;
    loaded.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  for (const chunk of chunks.filter((c) => c.isEntry)) visit(chunk);
  return [...loaded].map((c) => c.code);
}

/** index.css (theme, base layer, components) with only the utilities the given code names, minified. */
async function firstPaintRules(code: string[]): Promise<string> {
  const candidates = new Scanner({}).scanFiles(code.map((content) => ({ content, extension: 'js' })));
  const compiler = await compile(readFileSync(STYLESHEET, 'utf8'), {
    base: path.dirname(STYLESHEET),
    onDependency: () => {},
  });
  return optimize(compiler.build(candidates), { minify: true }).code.trim();
}
