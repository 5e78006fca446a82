import { inflateSync } from "node:zlib";

/*
 * Just enough of a PDF (as Chromium's page.pdf() writes it) to tell what
 * each page draws: its content streams, inflated. A blank page draws no text.
 */

const objects = (pdf: string) => {
  const map = new Map<string, string>();
  for (const m of pdf.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) map.set(m[1]!, m[2]!);
  return map;
};

function streamOf(body: string) {
  const at = body.indexOf("stream");
  if (at < 0) return "";
  const start = body.indexOf("\n", at) + 1;
  const end = body.lastIndexOf("endstream");
  const raw = Buffer.from(body.slice(start, end), "latin1");
  return /\/FlateDecode/.test(body.slice(0, at)) ? inflateSync(raw).toString("latin1") : raw.toString("latin1");
}

/** Per page, in order, whether it shows any text (a "Tj" or "TJ" operator in its contents). */
export function pagesWithText(pdf: Buffer): boolean[] {
  const objs = objects(pdf.toString("latin1"));
  const pages = [...objs.values()].filter((body) => /\/Type\s*\/Page(?![s\w])/.test(body));
  return pages.map((body) => {
    const refs = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(body)?.[1] ?? "";
    return [...refs.matchAll(/(\d+) 0 R/g)].some((r) => /T[jJ]\b/.test(streamOf(objs.get(r[1]!) ?? "")));
  });
}
