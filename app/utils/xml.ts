/*
 * A small, strict XML reader for bank statements (CAMT.053, issue 25). It
 * reads elements, attributes, text, CDATA, comments and processing
 * instructions, and refuses what a statement never needs and an attacker
 * would: a DOCTYPE (so no entity can be declared, nor expanded: no "billion
 * laughs", no external entity reading a file) and any entity beyond XML's
 * five and numeric character references. Malformed XML (a tag not closed, a
 * mismatched end tag, text after the root) is refused too. No dependency:
 * nothing here ever fetches or expands anything. Nothing recurses on the
 * input either: elements nest at most MAX_XML_DEPTH deep (a CAMT.053 needs
 * about 12), so 20,000 nested tags are a 400, not a blown stack.
 */

export const MAX_XML_DEPTH = 64;

export class XmlError extends Error {}

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(raw: string) {
  return raw.replace(/&([^;&\s]{0,12});/g, (_, name: string) => {
    if (name in NAMED) return NAMED[name]!;
    const code = /^#x([0-9a-f]{1,6})$/i.exec(name) ? parseInt(name.slice(2), 16) : /^#(\d{1,7})$/.exec(name) ? parseInt(name.slice(1), 10) : NaN;
    if (Number.isNaN(code) || code > 0x10ffff) throw new XmlError(`The XML uses an unknown entity "&${name};".`);
    return String.fromCodePoint(code);
  });
}

/** The element's local name: "camt:Ntry" and "Ntry" are the same element. */
const localName = (qualified: string) => qualified.slice(qualified.indexOf(":") + 1);

// Sticky: matched where the reader stands, never on a copy of the rest of a 10 MB file.
const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
const at = (pattern: RegExp, text: string, index: number) => {
  pattern.lastIndex = index;
  return pattern.exec(text);
};

export function parseXml(input: string): XmlElement {
  const text = input.replace(/^\uFEFF/, "");
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlError("The XML declares a DOCTYPE or entities, which a bank statement never does; it was not read.");
  const stack: XmlElement[] = [];
  // The qualified names as written, to check each end tag against its start tag.
  const written: string[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  const fail = (what: string): never => {
    const line = text.slice(0, i).split("\n").length;
    throw new XmlError(`The XML is broken on line ${line}: ${what}.`);
  };
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const chunk = text.slice(i, lt === -1 ? text.length : lt);
    if (chunk.trim() !== "") {
      if (!stack.length) fail("text outside the root element");
      stack[stack.length - 1]!.text += decodeEntities(chunk);
    }
    if (lt === -1) break;
    i = lt;
    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4);
      if (end === -1) fail("a comment is not closed");
      i = end + 3;
    } else if (text.startsWith("<![CDATA[", i)) {
      const end = text.indexOf("]]>", i + 9);
      if (end === -1 || !stack.length) fail("a CDATA section is not closed or outside the root");
      stack[stack.length - 1]!.text += text.slice(i + 9, end);
      i = end + 3;
    } else if (text.startsWith("<?", i)) {
      const end = text.indexOf("?>", i + 2);
      if (end === -1) fail("a processing instruction is not closed");
      i = end + 2;
    } else if (text.startsWith("</", i)) {
      const m = at(NAME, text, i + 2);
      const close = m ? text.indexOf(">", i + 2 + m[0].length) : -1;
      if (!m || close === -1 || text.slice(i + 2 + m[0].length, close).trim() !== "") fail("an end tag is malformed");
      const open = stack.pop();
      const name = written.pop();
      if (!open || name !== m![0]) fail(`</${m![0]}> does not close <${name ?? "nothing"}>`);
      open!.text = open!.text.trim();
      i = close + 1;
    } else {
      const m = at(NAME, text, i + 1);
      if (!m) fail("a tag is malformed");
      if (root && !stack.length) fail("a second root element");
      if (stack.length >= MAX_XML_DEPTH) throw new XmlError(`The XML nests elements more than ${MAX_XML_DEPTH} deep, which a bank statement never does; it was not read.`);
      const element: XmlElement = { name: localName(m![0]), attributes: {}, children: [], text: "" };
      i += 1 + m![0].length;
      for (;;) {
        const a = at(ATTRIBUTE, text, i);
        if (!a) break;
        element.attributes[localName(a[1]!)] = decodeEntities(a[3] ?? a[4] ?? "");
        i += a[0].length;
      }
      while (/\s/.test(text[i] ?? "")) i++;
      const selfClosing = text.startsWith("/>", i);
      if (!selfClosing && text[i] !== ">") fail(`the tag <${element.name}> is malformed`);
      i += selfClosing ? 2 : 1;
      if (stack.length) stack[stack.length - 1]!.children.push(element);
      else root = element;
      if (!selfClosing) {
        stack.push(element);
        written.push(m![0]);
      }
    }
  }
  if (stack.length) fail(`<${written[written.length - 1]}> is never closed`);
  if (!root) throw new XmlError("The file has no XML element.");
  // Local names throughout (namespace prefixes dropped), text trimmed: both done as each element was read.
  return root;
}

/** The first descendant along a path of local names ("BookgDt/Dt"), or undefined. */
export function child(e: XmlElement | undefined, path: string): XmlElement | undefined {
  let node = e;
  for (const name of path.split("/")) {
    node = node?.children.find((c) => c.name === name);
    if (!node) return undefined;
  }
  return node;
}

export const childText = (e: XmlElement | undefined, path: string) => child(e, path)?.text || undefined;

export function children(e: XmlElement | undefined, name: string) {
  return e ? e.children.filter((c) => c.name === name) : [];
}
