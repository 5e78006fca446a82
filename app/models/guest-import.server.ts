import { sql } from "drizzle-orm";
import { z } from "zod";
import { guests, parties } from "../../db/schema";
import { db, immediate } from "../db.server";
import { guestFields } from "../schemas/admin-guest";
import { CsvError, parseCsvWithLines, unguardFormula } from "../utils/csv.server";
import { ValidationError } from "../utils/errors";
import { createGuest } from "./guests.server";
import { createParty } from "./parties.server";
import { contactHolderIndex, contactKey } from "./identity-owner.server";

/*
 * Guest import from CSV: every row is checked and shown to the host first
 * (previewGuestImport); only then are the valid rows saved, all in one
 * transaction (importGuests). Both run the same checks on the same text.
 */

export const MAX_IMPORT_ROWS = 2000;

type Column = "firstName" | "lastName" | "email" | "phone" | "ageCategory" | "party" | "customCode" | "dateOfBirth" | "notes" | "language";

const COLUMN_LABELS: Record<Column, string> = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  phone: "Phone",
  ageCategory: "Age Category",
  party: "Party",
  customCode: "Invitation Code",
  dateOfBirth: "Date of Birth",
  notes: "Notes",
  language: "Language",
};

/** Header spellings a spreadsheet might use, compared without case, spaces or punctuation. */
const HEADER_ALIASES: Record<string, Column> = {
  firstname: "firstName", first: "firstName", givenname: "firstName", forename: "firstName",
  lastname: "lastName", last: "lastName", surname: "lastName", familyname: "lastName",
  email: "email", emailaddress: "email",
  phone: "phone", phonenumber: "phone", mobile: "phone", whatsapp: "phone", whatsappnumber: "phone", telephone: "phone",
  agecategory: "ageCategory", age: "ageCategory", agegroup: "ageCategory",
  party: "party", partyname: "party", group: "party",
  customcode: "customCode", invitationcode: "customCode", code: "customCode",
  dateofbirth: "dateOfBirth", dob: "dateOfBirth", birthdate: "dateOfBirth", birthday: "dateOfBirth",
  notes: "notes", note: "notes",
  language: "language", lang: "language", idioma: "language", lingua: "language",
};

/** The invitee's language (issue 13): en / pt, or the language's name in either. */
const LANGUAGE_WORDS: Record<string, "en" | "pt"> = {
  en: "en", english: "en", ingles: "en", inglês: "en",
  pt: "pt", portuguese: "pt", portugues: "pt", português: "pt", ptpt: "pt",
};

const AGE_WORDS: Record<string, "adult" | "kid" | "baby"> = {
  adult: "adult", adults: "adult",
  kid: "kid", kids: "kid", child: "kid", children: "kid",
  baby: "baby", babies: "baby", infant: "baby",
};

const rowSchema = z.object({
  firstName: guestFields.firstName,
  lastName: guestFields.lastName,
  email: guestFields.email,
  phone: guestFields.phone,
  customCode: guestFields.customCode,
  dateOfBirth: guestFields.dateOfBirth,
  notes: guestFields.notes,
});

export type ImportRow = {
  line: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  ageCategory: "adult" | "kid" | "baby";
  customCode: string | null;
  dateOfBirth: string | null;
  notes: string | null;
  language: "en" | "pt";
  partyName: string | null;
  /** True when the party does not exist yet and will be created. */
  newParty: boolean;
  errors: string[];
};

export type ImportPreview = {
  rows: ImportRow[];
  /** Problems with the file as a whole (nothing can be imported). */
  fileErrors: string[];
  ignoredColumns: string[];
  validCount: number;
  errorCount: number;
};

const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z]/g, "");

/** Checks every row against the guest form's rules and the guests already saved. */
export function previewGuestImport(csv: string): ImportPreview {
  const empty = (fileErrors: string[]): ImportPreview => ({ rows: [], fileErrors, ignoredColumns: [], validCount: 0, errorCount: 0 });
  let parsed;
  try {
    parsed = parseCsvWithLines(csv);
  } catch (error) {
    if (error instanceof CsvError) return empty([error.message]);
    throw error;
  }
  const [header, ...body] = parsed;
  if (!header) return empty(["The file is empty."]);
  const columns = header.fields.map((h) => HEADER_ALIASES[normalizeHeader(h)] ?? null);
  if (!columns.includes("firstName") || !columns.includes("lastName")) {
    return empty(['The first row must name the columns, including "First Name" and "Last Name".']);
  }
  if (body.length === 0) return empty(["The file has no guest rows under its header."]);
  if (body.length > MAX_IMPORT_ROWS) return empty([`At most ${MAX_IMPORT_ROWS} guests can be imported at once.`]);
  const ignoredColumns = header.fields.filter((h, i) => columns[i] === null && h.trim() !== "");

  const partiesByName = new Map(
    db.select({ id: parties.id, name: parties.name }).from(parties).all().map((p) => [p.name.trim().toLowerCase(), p.id]),
  );
  // Issue 22: an address or phone belongs to one invitee. Each row's invitee is its party (existing or new) or itself.
  const holders = contactHolderIndex();
  const takenCodes = new Set([
    ...db.select({ code: guests.customCode }).from(guests).where(sql`${guests.customCode} is not null`).all().map((g) => g.code!),
    ...db.select({ code: parties.authCode }).from(parties).where(sql`${parties.authCode} is not null`).all().map((p) => p.code!),
  ]);

  const rows = body.map(({ line, fields }): ImportRow => {
    const raw: Partial<Record<Column, string>> = {};
    columns.forEach((column, i) => {
      if (column && raw[column] === undefined) raw[column] = unguardFormula((fields[i] ?? "").trim());
    });
    const errors: string[] = [];
    const input = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === "" ? undefined : v]));
    const result = rowSchema.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const column = issue.path[0] as Column;
        errors.push(`${COLUMN_LABELS[column] ?? column}: ${issue.message}`);
      }
    }
    const ageText = (raw.ageCategory ?? "").toLowerCase().split(/[\s(]/)[0] ?? "";
    const ageCategory = ageText === "" ? "adult" : AGE_WORDS[ageText];
    if (!ageCategory) errors.push(`${COLUMN_LABELS.ageCategory}: use adult, kid or baby`);
    const languageText = (raw.language ?? "").toLowerCase().replace(/[\s_-]/g, "");
    const language = languageText === "" ? "en" : LANGUAGE_WORDS[languageText];
    if (!language) errors.push(`${COLUMN_LABELS.language}: use en or pt`);

    const value = result.success ? result.data : null;
    const customCode = value?.customCode ?? null;
    if (customCode) {
      if (takenCodes.has(customCode)) errors.push(`${COLUMN_LABELS.customCode}: ${customCode} is already in use`);
      takenCodes.add(customCode);
    }
    const partyName = raw.party ? raw.party.replace(/\s+/g, " ") : null;
    if (partyName && partyName.length > 200) errors.push(`${COLUMN_LABELS.party}: at most 200 characters`);
    const existingParty = partyName ? partiesByName.get(partyName.toLowerCase()) : undefined;
    const invitee = existingParty ? `party:${existingParty}` : partyName ? `new-party:${partyName.toLowerCase()}` : `row:${line}`;
    const contacts: Array<["email" | "phone", string | null | undefined]> = [
      ["email", value?.email],
      ["phone", value?.phone],
    ];
    const claims: string[] = [];
    for (const [kind, contact] of contacts) {
      if (!contact) continue;
      const key = `${kind}:${contactKey(kind, contact)}`;
      if ([...(holders.get(key) ?? [])].some((other) => other !== invitee)) errors.push(`${COLUMN_LABELS[kind]}: another invitation already uses ${contact}`);
      claims.push(key);
    }
    // Only a row that will be saved takes its contacts: a skipped row leaves them to the rows after it.
    if (errors.length === 0) for (const key of claims) holders.set(key, (holders.get(key) ?? new Set<string>()).add(invitee));
    return {
      line,
      firstName: value?.firstName ?? raw.firstName ?? "",
      lastName: value?.lastName ?? raw.lastName ?? "",
      email: value ? value.email : (raw.email ?? null),
      phone: value ? value.phone : (raw.phone ?? null),
      ageCategory: ageCategory ?? "adult",
      customCode,
      dateOfBirth: value?.dateOfBirth ?? null,
      notes: value?.notes ?? null,
      language: language ?? "en",
      partyName,
      newParty: partyName !== null && !partiesByName.has(partyName.toLowerCase()),
      errors,
    };
  });
  const errorCount = rows.filter((r) => r.errors.length > 0).length;
  return { rows, fileErrors: [], ignoredColumns, validCount: rows.length - errorCount, errorCount };
}

/**
 * Saves the rows without errors, creating the parties they name, in one
 * transaction: either every valid row is saved or none is.
 */
export function importGuests(csv: string) {
  return immediate(() => {
    // Checked again inside the write lock: the data may have changed since the preview.
    const preview = previewGuestImport(csv);
    if (preview.fileErrors.length) throw new ValidationError(preview.fileErrors[0]!);
    const valid = preview.rows.filter((r) => r.errors.length === 0);
    if (valid.length === 0) throw new ValidationError("No row can be imported: fix the errors and try again.");
    const partyIds = new Map(
      db.select({ id: parties.id, name: parties.name }).from(parties).all().map((p) => [p.name.trim().toLowerCase(), p.id]),
    );
    let partiesCreated = 0;
    for (const row of valid) {
      let partyId: string | null = null;
      if (row.partyName) {
        const key = row.partyName.toLowerCase();
        partyId = partyIds.get(key) ?? null;
        if (!partyId) {
          partyId = createParty({
            name: row.partyName,
            primaryContactName: `${row.firstName} ${row.lastName}`,
            primaryEmail: row.email,
            primaryPhone: row.phone,
            language: row.language,
          }).id;
          partyIds.set(key, partyId);
          partiesCreated++;
        }
      }
      createGuest({
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phone: row.phone,
        ageCategory: row.ageCategory,
        customCode: row.customCode,
        dateOfBirth: row.dateOfBirth,
        notes: row.notes,
        language: row.language,
        partyId,
      }, "admin");
    }
    return { created: valid.length, skipped: preview.errorCount, partiesCreated };
  });
}
