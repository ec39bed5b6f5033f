/**
 * A small XML writer for the UBL builders: elements as plain data, written
 * out with escaping. Nothing else in the hub writes XML, and the documents
 * are small, so a string writer is enough (no DOM, no dependency).
 */

/** One element: a name with its prefix ("cbc:ID"), attributes, and either text or child elements. */
export type XmlElement = {
  name: string;
  attrs: Record<string, string>;
  text?: string;
  children: XmlElement[];
};

/** A child slot: `false`/`undefined` leave nothing, so optional parts read as `cond && el(...)`. */
export type XmlChild = XmlElement | false | undefined | null;

/** An element with child elements (falsy slots are dropped). */
export function el(name: string, attrs: Record<string, string>, ...children: (XmlChild | XmlChild[])[]): XmlElement {
  const kept = children.flat().filter((child): child is XmlElement => Boolean(child));
  return { name, attrs, children: kept };
}

/** An element holding only text. */
export function leaf(name: string, value: string, attrs: Record<string, string> = {}): XmlElement {
  return { name, attrs, text: value, children: [] };
}

/**
 * Characters XML 1.0 cannot carry at all (C0 controls other than tab, line
 * feed and carriage return; lone surrogates; U+FFFE/U+FFFF). A dish name
 * with a stray control character must not make the whole invoice unreadable
 * to SUNAT, so these are dropped rather than refused.
 */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text content: `&`, `<` and `>` escaped (the last so that `]]>` can never appear). */
export function escapeText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value in double quotes: also `"`, and tab/newline as references so they survive attribute normalisation. */
export function escapeAttr(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

function writeElement(element: XmlElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(element.attrs).map(([key, value]) => ` ${key}="${escapeAttr(value)}"`).join('');
  if (element.text !== undefined) {
    out.push(`${pad}<${element.name}${attrs}>${escapeText(element.text)}</${element.name}>`);
  } else if (element.children.length === 0) {
    out.push(`${pad}<${element.name}${attrs}/>`);
  } else {
    out.push(`${pad}<${element.name}${attrs}>`);
    for (const child of element.children) writeElement(child, depth + 1, out);
    out.push(`${pad}</${element.name}>`);
  }
}

/** The whole document, UTF-8, indented two spaces (whitespace between elements is insignificant to UBL and to the signature's C14N of the same bytes). */
export function writeXml(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  writeElement(root, 0, out);
  return `${out.join('\n')}\n`;
}
