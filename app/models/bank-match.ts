/*
 * Issue 25 item 4: which party a bank transaction is for, in the issue's
 * order. Pure: the model hands it the parties (their references, invitation
 * codes, members' names and open balances) and stores what it decides.
 *
 * 1. The reference names a party's payment reference or invitation code
 *    (case, spaces and dashes ignored, O read as 0 and I as 1): booked to
 *    it whatever the amount; two or more named whose open balances add up
 *    to the amount: split, each its balance.
 * 2. Else, the payer's name (or, none matching, a name in the
 *    description) is a member of exactly one party whose open balance is
 *    the amount: proposed (booked when the host accepts).
 * 3. Else unmatched. Money out and money in another currency are ignored.
 */

export type MatchParty = { id: string; codes: string[]; members: { firstName: string; lastName: string }[]; balance: number };

export type Decision =
  | { status: "booked"; split: { partyId: string; amount: number }[] }
  | { status: "proposed"; partyId: string }
  | { status: "unmatched" }
  | { status: "ignored"; reason: string };

export const IGNORED_OUTGOING = "outgoing";
export const IGNORED_NOT_EURO = "not euro";

/** "c40-7kq2", "C40 7KQ2", "C4O-7KQ2" all read "C407KQ2". */
export const normaliseCode = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "").replace(/O/g, "0").replace(/I/g, "1");

/** Codes shorter than this would be found inside ordinary words. */
const MIN_CODE_LENGTH = 6;

/**
 * Letters banks drop or spell out (issue 35): "Müller" is written Mueller or
 * Muller, "Søren" Soren, "Åse" Aase or Ase, "Straße" Strasse. Each word is
 * read both ways; accents are dropped after.
 */
const SPELLED: [RegExp, string, string][] = [
  [/ü/g, "ue", "u"],
  [/ö/g, "oe", "o"],
  [/ä/g, "ae", "a"],
  [/ß/g, "ss", "ss"],
  [/ø/g, "o", "o"],
  [/å/g, "aa", "a"],
  [/æ/g, "ae", "ae"],
];

const wordsOf = (text: string, way: 1 | 2) =>
  SPELLED.reduce((t, [letter, ...spellings]) => t.replace(letter, spellings[way - 1]!), text.toLowerCase())
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z]+/)
    .filter(Boolean);

/** A name's words, each as both spellings ("müller": mueller, muller). */
const nameWords = (text: string) => new Set([...wordsOf(text, 1), ...wordsOf(text, 2)]);

/** The one word of a name as it is compared across spellings (its spelled-out form). */
const nameTokens = (text: string) => wordsOf(text, 1);

/**
 * Two payers the same person (a possible duplicate, issue 35): the words of
 * one all in the other ("TRF DE CARLOS MENDES", "Carlos Mendes"), two at least.
 */
export function samePayer(a: string | null, b: string | null) {
  const [x, y] = [new Set(nameTokens(a ?? "")), new Set(nameTokens(b ?? ""))];
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  return small.size >= 2 && [...small].every((w) => large.has(w));
}

/**
 * A member is the payer when the payer's words hold the member's first given
 * name and last family name, in any order ("WHITFIELD SARAH"), any case,
 * with or without accents, in either spelling.
 */
function isMember(payerWords: Set<string>, member: { firstName: string; lastName: string }) {
  const has = (word: string | undefined) => !!word && [...nameWords(word)].some((w) => payerWords.has(w));
  return has(member.firstName.trim().split(/\s+/)[0]) && has(member.lastName.trim().split(/\s+/).at(-1));
}

export function createMatcher(parties: MatchParty[]) {
  const byCode = new Map<string, string>();
  for (const p of parties) for (const code of p.codes) if (normaliseCode(code).length >= MIN_CODE_LENGTH) byCode.set(normaliseCode(code), p.id);
  const balance = new Map(parties.map((p) => [p.id, p.balance]));
  const open = (id: string) => Math.max(0, balance.get(id) ?? 0);

  /** The parties whose code the reference holds, in the order they appear. */
  function named(reference: string) {
    const text = normaliseCode(reference);
    const found: { id: string; at: number }[] = [];
    for (const [code, id] of byCode) {
      const at = text.indexOf(code);
      if (at >= 0 && !found.some((f) => f.id === id)) found.push({ id, at });
    }
    return found.sort((a, b) => a.at - b.at).map((f) => f.id);
  }

  function decide(t: { amount: number; currency: string; payer: string | null; reference: string | null }): Decision {
    if (t.amount <= 0) return { status: "ignored", reason: IGNORED_OUTGOING };
    if (t.currency !== "EUR") return { status: "ignored", reason: IGNORED_NOT_EURO };
    const ids = named(`${t.reference ?? ""}`);
    if (ids.length === 1) return { status: "booked", split: [{ partyId: ids[0]!, amount: t.amount }] };
    if (ids.length > 1) {
      const parts = ids.map((id) => ({ partyId: id, amount: open(id) }));
      const adds = parts.every((p) => p.amount > 0) && parts.reduce((s, p) => s + p.amount, 0) === t.amount;
      return adds ? { status: "booked", split: parts } : { status: "unmatched" };
    }
    // Issue 35: the payer field when the bank fills one, else the names in the description ("TRF CRED SEPA+ DE SARAH WHITFIELD").
    for (const text of [t.payer, t.reference]) {
      if (!text) continue;
      const words = nameWords(text);
      const candidates = parties.filter((p) => open(p.id) === t.amount && p.members.some((m) => isMember(words, m)));
      if (candidates.length === 1) return { status: "proposed", partyId: candidates[0]!.id };
      if (candidates.length > 1) break;
    }
    return { status: "unmatched" };
  }

  /** After a booking or a proposal, so the next transaction of the same statement sees the balance left. */
  function paid(partyId: string, amount: number) {
    balance.set(partyId, (balance.get(partyId) ?? 0) - amount);
  }

  return { decide, paid };
}
