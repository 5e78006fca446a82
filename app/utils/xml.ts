import { SaxesParser } from "saxes";

/*
 * XML for bank statements (CAMT.053, issues 25 and 35), read by a streaming
 * parser (saxes: strict XML 1.0, kept, no dependency of its own but its
 * character tables), so a 10 MB statement is never held as one tree: the
 * caller keeps only the elements it asks for (a CAMT entry at a time).
 * Refused unread, as a statement never needs them and an attacker would: a
 * DOCTYPE (so no entity can be declared, nor expanded: no "billion laughs",
 * no external entity reading a file), any entity beyond XML's five and
 * numeric character references, and elements nested more than
 * MAX_XML_DEPTH deep (a CAMT.053 needs about 12). Nothing recurses on the
 * input. Malformed XML (a tag not closed, a mismatched end tag, text after
 * the root) is refused with its line.
 */

export const MAX_XML_DEPTH = 64;

export class XmlError extends Error {}

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

/** The element's local name: "camt:Ntry" and "Ntry" are the same element. */
const localName = (qualified: string) => qualified.slice(qualified.indexOf(":") + 1);

const DOCTYPE = "The XML declares a DOCTYPE or entities, which a bank statement never does; it was not read.";

/**
 * Reads the XML, calling `open` with the path of local names of each element
 * as it starts (the root's is ["Document"]), and `kept` with each element
 * whose path `keep` accepts, whole (its children, attributes and trimmed
 * text), once it is closed. Nothing else is held.
 */
export function streamXml(input: string, handlers: { keep: (path: readonly string[]) => boolean; kept: (element: XmlElement) => void; open?: (path: readonly string[]) => void }) {
  const text = input.replace(/^\uFEFF/, "");
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new XmlError(DOCTYPE);
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  // The element being kept and its open descendants, innermost last.
  const building: XmlElement[] = [];
  let sawRoot = false;
  let failure: XmlError | null = null;
  const fail = (error: XmlError) => {
    failure ??= error;
    throw error;
  };
  parser.on("error", (error) => {
    const what = error.message.replace(/^[^:]*:\d+:\d+: /, "").replace(/\.$/, "");
    fail(new XmlError(/entity/i.test(what) ? `The XML uses an unknown entity (${what}).` : `The XML is broken on line ${parser.line}: ${what}.`));
  });
  parser.on("doctype", () => fail(new XmlError(DOCTYPE)));
  parser.on("opentag", (tag) => {
    if (path.length >= MAX_XML_DEPTH) fail(new XmlError(`The XML nests elements more than ${MAX_XML_DEPTH} deep, which a bank statement never does; it was not read.`));
    sawRoot = true;
    const name = localName(tag.name);
    path.push(name);
    handlers.open?.(path);
    if (building.length || handlers.keep(path)) {
      const attributes: Record<string, string> = {};
      for (const [key, value] of Object.entries(tag.attributes)) attributes[localName(key)] = String(value);
      const element: XmlElement = { name, attributes, children: [], text: "" };
      building.at(-1)?.children.push(element);
      building.push(element);
    }
  });
  const addText = (t: string) => {
    const open = building.at(-1);
    if (open) open.text += t;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    path.pop();
    const element = building.pop();
    if (!element) return;
    element.text = element.text.trim();
    if (!building.length) handlers.kept(element);
  });
  try {
    // Fed in pieces: saxes keeps only what it has not yet read.
    for (let i = 0; i < text.length; i += 65_536) parser.write(text.slice(i, i + 65_536));
    parser.close();
  } catch (error) {
    // A handler's own error (the caller refusing what it reads) goes out as it is.
    throw failure ?? error;
  }
  if (!sawRoot) throw new XmlError("The file has no XML element.");
}

/** The whole document as one tree (small documents only: a statement is read with streamXml). */
export function parseXml(input: string): XmlElement {
  let root: XmlElement | undefined;
  streamXml(input, { keep: (path) => path.length === 1, kept: (e) => (root = e) });
  return root!;
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
