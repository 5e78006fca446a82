/*
 * The guest mails' HTML part: the site's colours around a title and the
 * body (issue 14's confirmation set the look). Pure, so every mail module can
 * use it without importing another (the receipt and the confirmation would
 * form a cycle).
 */

export const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A whole HTML document: `body` is already escaped markup. */
export function mailDocument(title: string, lang: string, body: string) {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0;background:#faf6ef;color:#1f1a17;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><h1 style="font-family:Georgia,serif;font-weight:600;font-size:28px;color:#6b1f2e;margin:0 0 24px">${escapeHtml(title)}</h1>${body}</div></body></html>`;
}

/** Plain lines as paragraphs (blank lines dropped: the paragraphs space them). */
export const linesHtml = (lines: string[]) => lines.filter(Boolean).map((l) => `<p style="margin:0 0 8px">${escapeHtml(l)}</p>`).join("");

/** Lines in groups split at blank lines, each group a block, as the confirmation's sections. */
export function groupsHtml(lines: string[]) {
  const groups: string[][] = [[]];
  for (const l of lines) {
    if (l) groups[groups.length - 1]!.push(l);
    else groups.push([]);
  }
  return groups
    .filter((g) => g.length)
    .map((g) => `<div style="margin:0 0 22px">${g.map((l) => `<p style="margin:0 0 6px">${escapeHtml(l)}</p>`).join("")}</div>`)
    .join("");
}

/**
 * The host's own text (news) as paragraphs, split at blank lines, each
 * keeping its single line breaks (issue 36.7): the plain text joins them with
 * a blank line, the HTML writes one <p> each, never an empty one.
 */
export const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/^\n+|\s+$/g, ""))
    .filter((p) => p.trim() !== "");

export const paragraphsHtml = (paragraphs: string[]) =>
  paragraphs.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("");
