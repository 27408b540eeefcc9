import { SCRIPT_MESSAGES } from '@cinegraph/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../../http/errors';
import { tidyText, type DialogueLine, type ParsedScript, type ScriptElement } from './script-elements';

/** An element as fast-xml-parser gives it in document order: `{Tag: children, ':@': attributes}`. */
type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  htmlEntities: true,
});

/**
 * Reads a Final Draft script (.fdx, XML) into the same elements as Fountain, from its paragraphs' `Type`:
 * Scene Heading (its `Number`, and its SceneProperties' summary as a synopsis), Action and General,
 * Character with Parenthetical and Dialogue (inside DualDialogue, the second speaker is dual), Transition
 * and Shot; the title page's first line is the title. Refuses XML that is not a Final Draft document.
 */
export function parseFdx(xml: string): ParsedScript {
  if (/<!DOCTYPE/i.test(xml)) throw badRequest(SCRIPT_MESSAGES.doctype);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw badRequest(SCRIPT_MESSAGES.unreadableXml(`${valid.err.msg} (line ${valid.err.line})`));
  }
  const roots = (parser.parse(xml) as XmlNode[]).filter(
    (node) => tagOf(node) && !tagOf(node)!.startsWith('?'),
  );
  const root = roots[0];
  if (!root || tagOf(root) !== 'FinalDraft')
    throw badRequest(SCRIPT_MESSAGES.notFdx(tagOf(root ?? {}) ?? ''));
  const content = childrenNamed(root, 'Content')[0];
  const titlePage = childrenNamed(root, 'TitlePage')[0];
  const titleLines = titlePage
    ? childrenNamed(childrenNamed(titlePage, 'Content')[0] ?? {}, 'Paragraph')
    : [];
  const title = titleLines.map(paragraphText).find((text) => text !== '') ?? null;
  return {
    format: 'fdx',
    title,
    elements: content ? readParagraphs(childrenNamed(content, 'Paragraph')) : [],
  };
}

function readParagraphs(paragraphs: XmlNode[]): ScriptElement[] {
  const elements: ScriptElement[] = [];
  let speech: Extract<ScriptElement, { kind: 'dialogue' }> | null = null;
  const add = (element: ScriptElement) => {
    speech = null;
    elements.push(element);
  };
  for (const paragraph of paragraphs) {
    const dual = childrenNamed(paragraph, 'DualDialogue')[0];
    if (dual) {
      const speeches = readParagraphs(childrenNamed(dual, 'Paragraph'));
      speeches.forEach((element, i) =>
        add(element.kind === 'dialogue' && i > 0 ? { ...element, dual: true } : element),
      );
      continue;
    }
    const type = paragraph[':@']?.Type ?? '';
    const text = paragraphText(paragraph);
    if (type === 'Character') {
      speech = { kind: 'dialogue', cue: text, dual: false, lines: [] };
      elements.push(speech);
    } else if ((type === 'Dialogue' || type === 'Parenthetical') && speech) {
      const line: DialogueLine = { kind: type === 'Dialogue' ? 'line' : 'parenthetical', text };
      (speech as { lines: DialogueLine[] }).lines.push(line);
    } else if (type === 'Scene Heading' && text) {
      add({ kind: 'heading', text, number: paragraph[':@']?.Number || null, forced: false });
      const properties = childrenNamed(paragraph, 'SceneProperties')[0];
      const summary = properties
        ? childrenNamed(childrenNamed(properties, 'Summary')[0] ?? {}, 'Paragraph')
        : [];
      const synopsis = tidyText(summary.map(paragraphText).join('\n'));
      if (synopsis) add({ kind: 'synopsis', text: synopsis });
    } else if (text === '') continue;
    else if (type === 'Action' || type === 'General' || type === 'Dialogue') add({ kind: 'action', text });
    else if (type === 'Shot') add({ kind: 'shot', text });
    else if (type === 'Transition') add({ kind: 'transition', text });
  }
  return elements;
}

const tagOf = (node: XmlNode): string | undefined => Object.keys(node).find((key) => key !== ':@');

function childrenNamed(node: XmlNode, tag: string): XmlNode[] {
  const children = node[tagOf(node) ?? ''];
  return Array.isArray(children) ? (children as XmlNode[]).filter((child) => tagOf(child) === tag) : [];
}

/** A paragraph's text: its Text runs joined (a run per style change). */
function paragraphText(paragraph: XmlNode): string {
  const runs = childrenNamed(paragraph, 'Text').map((run) =>
    ((run.Text as XmlNode[] | undefined) ?? []).map((part) => String(part['#text'] ?? '')).join(''),
  );
  return tidyText(runs.join(''));
}
