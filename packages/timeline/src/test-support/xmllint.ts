import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function withFile<T>(xml: string, use: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeline-'));
  const file = path.join(dir, 'timeline.xml');
  fs.writeFileSync(file, xml);
  try {
    return use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Debian's xmllint: throws with its message when the document is not well-formed XML. */
export function assertWellFormed(xml: string): void {
  withFile(xml, (file) => execFileSync('xmllint', ['--noout', file], { stdio: 'pipe' }));
}

/** The string value of an XPath expression over the document, evaluated by xmllint. */
export function xpath(xml: string, expression: string): string {
  return withFile(xml, (file) =>
    execFileSync('xmllint', ['--xpath', `string(${expression})`, file], { encoding: 'utf8' }).trim(),
  );
}

/** A count() of an XPath expression, evaluated by xmllint. */
export function count(xml: string, expression: string): number {
  return Number(
    withFile(xml, (file) =>
      execFileSync('xmllint', ['--xpath', `count(${expression})`, file], { encoding: 'utf8' }).trim(),
    ),
  );
}
