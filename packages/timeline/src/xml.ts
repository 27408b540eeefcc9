/** A small XML tree for the writers: element name, attributes, and children or text. */
export interface XmlElement {
  name: string;
  attrs?: Record<string, string | number | undefined>;
  children?: (XmlElement | undefined | false)[];
  text?: string | number;
}

/** Builds an element; `children` that are undefined or false are skipped, so optional parts read inline. */
export function el(
  name: string,
  attrs: XmlElement['attrs'] = {},
  children: XmlElement['children'] | string | number = [],
): XmlElement {
  return typeof children === 'string' || typeof children === 'number'
    ? { name, attrs, text: children }
    : { name, attrs, children };
}

/** An element holding only text: `<name>text</name>`. */
export function textEl(name: string, text: string | number): XmlElement {
  return { name, text };
}

export function escapeXml(value: string): string {
  return (
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Control characters other than tab and newlines are not allowed in XML 1.0 at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}

function render(node: XmlElement, depth: number): string {
  const indent = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  if (node.text !== undefined) {
    return `${indent}<${node.name}${attrs}>${escapeXml(String(node.text))}</${node.name}>`;
  }
  const children = (node.children ?? []).filter((child): child is XmlElement => Boolean(child));
  if (children.length === 0) return `${indent}<${node.name}${attrs}/>`;
  const inner = children.map((child) => render(child, depth + 1)).join('\n');
  return `${indent}<${node.name}${attrs}>\n${inner}\n${indent}</${node.name}>`;
}

/** A whole document: the XML declaration, the DOCTYPE the editors expect, and the root element. */
export function xmlDocument(doctype: string, root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE ${doctype}>\n${render(root, 0)}\n`;
}
