import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app imports these modules for a few constants and schemas each; zod builds every schema a
 * module declares as the module loads (~160 ms of the editor's first render under load went to schemas
 * of exports.ts and generations.ts it never used). The bundler drops an unused module-level call only
 * when it is marked `/* @__PURE__ *\/`, and keeps the calls in its arguments unless they are marked too.
 * So every call made while a module loads, outermost of each chain (`z.string().nullable()`), is marked.
 */
const SRC = __dirname;

/** The module-level calls of a source file that are not marked pure, as `file:line text`. */
function unmarkedCalls(file: string, text = readFileSync(join(SRC, file), 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return;
    if (ts.isCallExpression(node)) {
      const parent = node.parent;
      const innerOfChain =
        ts.isPropertyAccessExpression(parent) &&
        ts.isCallExpression(parent.parent) &&
        parent.parent.expression === parent;
      const start = node.getStart(source);
      if (!innerOfChain && !/\/\* @__PURE__ \*\/\s*$/.test(text.slice(0, start))) {
        const line = source.getLineAndCharacterOfPosition(start).line + 1;
        found.push(`${file}:${line} ${node.getText(source).slice(0, 60)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.initializer) visit(declaration.initializer);
    }
  }
  return found;
}

describe('module-level schemas', () => {
  // The web build replaces the endpoint files with a table of method, path and auth (apps/web/endpoint-table.ts).
  const files = readdirSync(SRC).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('endpoints.ts'),
  );

  it('are all marked pure, so a page that does not use a schema does not build it', () => {
    expect(files.flatMap((file) => unmarkedCalls(file))).toEqual([]);
  });

  it('are checked in every source file, nested and chained calls included', () => {
    expect(files).toContain('generations.ts');
    const sample = [
      'const A = /* @__PURE__ */ z.object({ id: z.string().nullable(), n: /* @__PURE__ */ z.number() });',
      'const B = z.enum(STATUSES);',
      'const C = /* @__PURE__ */ z.string().transform((value) => value.trim());',
    ].join('\n');
    expect(unmarkedCalls('sample.ts', sample)).toEqual([
      'sample.ts:1 z.string().nullable()',
      'sample.ts:2 z.enum(STATUSES)',
    ]);
  });
});
