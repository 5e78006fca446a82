// CSV reading/writing (app/utils/csv.server.ts) and the guest import model.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { importGuests, previewGuestImport } from "~/models/guest-import.server";
import { createGuest, listGuests } from "~/models/guests.server";
import { createParty, listParties } from "~/models/parties.server";
import { csvCell, decodeCsvBytes, detectDelimiter, parseCsv, parseCsvWithLines, toCsv, unguardFormula } from "~/utils/csv.server";

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","line1\r\nline2"\r\n';
    expect(parseCsv(text)).toEqual([
      ["a", "b", "c"],
      ["x, y", 'say "hi"', "line1\nline2"],
    ]);
  });

  it("drops a byte order mark, accepts LF and CR line ends, skips blank lines", () => {
    expect(parseCsv("\uFEFFa,b\n1,2\r3,4\n\n,\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("keeps empty fields and a last line without a line end", () => {
    expect(parseCsv("a,,c\n,b,")).toEqual([
      ["a", "", "c"],
      ["", "b", ""],
    ]);
  });

  it("reports the line each row starts on, counting line breaks inside quotes", () => {
    const rows = parseCsvWithLines('h\n"multi\nline"\nlast');
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it("detects semicolons and tabs (European spreadsheets)", () => {
    expect(detectDelimiter("First Name;Last Name;Email\nA;B;C")).toBe(";");
    expect(detectDelimiter('"a,b";c;d')).toBe(";");
    expect(detectDelimiter("a\tb")).toBe("\t");
    expect(detectDelimiter("single")).toBe(",");
    expect(parseCsv("a;b\n1;2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("reads a tab-separated file with a byte order mark and a line break inside a field", () => {
    expect(parseCsv('\uFEFFFirst Name\tNote\r\nAna\t"one\rtwo"\r\n')).toEqual([
      ["First Name", "Note"],
      ["Ana", "one\ntwo"],
    ]);
  });

  it("refuses a quote that is never closed, naming the row it starts on", () => {
    expect(() => parseCsv('a\n"open')).toThrow(/line 2 is never closed/);
    expect(() => parseCsv('a\n\n,\n"open\nmore')).toThrow(/line 4 is never closed/);
  });
});

describe("toCsv", () => {
  it("quotes what needs quoting and round-trips through parseCsv", () => {
    const rows = [["Name", "Note"], ["Müller, Anna", 'She said "olá"\nbye'], [" padded ", null]];
    const csv = toCsv(rows);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(parseCsv(csv)).toEqual([["Name", "Note"], ["Müller, Anna", 'She said "olá"\nbye'], [" padded ", ""]]);
  });

  it("defuses spreadsheet formulas but leaves phone numbers alone", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("+351912345678")).toBe("+351912345678");
    // Issue 36.6: signs with nothing after them start no formula, and an apostrophe before them would show.
    expect([csvCell("-"), csvCell("--"), csvCell("+")]).toEqual(["-", "--", "+"]);
    expect(csvCell("-fish")).toBe("'-fish");
    expect([csvCell("a\nb"), csvCell("a;b"), csvCell(true), csvCell(null)]).toEqual(['"a\nb"', '"a;b"', "true", ""]);
    expect(unguardFormula("'=1+1")).toBe("=1+1");
    expect(unguardFormula("'plain")).toBe("'plain");
  });

  it("reads Windows-1252 files from older spreadsheets", () => {
    const latin1 = new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]); // "Müller"
    expect(decodeCsvBytes(latin1)).toBe("Müller");
    expect(decodeCsvBytes(new TextEncoder().encode("Müller"))).toBe("Müller");
  });
});

describe("guest import", () => {
  beforeEach(() => {
    for (const table of ["event_rsvps", "rsvps", "party_room_assignments", "guests", "parties"]) db.run(sql.raw(`delete from ${table}`));
  });

  it("previews every row with its problems and saves nothing", () => {
    createParty({ name: "The Almeidas" });
    createGuest({ firstName: "Old", lastName: "Friend", email: "taken@example.org" }, "admin");
    const preview = previewGuestImport(
      [
        "first name;SURNAME;E-mail;WhatsApp;Age;Party;RSVP",
        "Ana;Lima;ana@example.org;+351 911 222 333;Kid (>2y);the almeidas;Attending",
        ";Nobody;bad-email;912;toddler;;",
        "Rui;Dup;TAKEN@example.org;;;New Crew;",
        "Eva;Dup;eva@example.org;;baby;New Crew;",
      ].join("\n"),
    );
    expect(preview.fileErrors).toEqual([]);
    expect(preview.ignoredColumns).toEqual(["RSVP"]);
    expect(preview.validCount).toBe(2);
    expect(preview.errorCount).toBe(2);
    const [ana, bad, rui, eva] = preview.rows;
    expect(ana).toMatchObject({ line: 2, firstName: "Ana", phone: "+351911222333", ageCategory: "kid", partyName: "the almeidas", newParty: false, errors: [] });
    expect(bad!.errors).toEqual([
      "First Name: First name is required",
      "Email: Please enter a valid email address.",
      "Phone: Phone number must start with country code (e.g. +351912345678)",
      "Age Category: use adult, kid or baby",
    ]);
    expect(rui!.errors).toEqual(["Email: another invitation already uses TAKEN@example.org"]);
    expect(eva).toMatchObject({ ageCategory: "baby", newParty: true, errors: [] });
    expect(listGuests()).toHaveLength(1);
  });

  it("saves the valid rows in one go, creating each new party once", () => {
    const csv = "First Name,Last Name,Party\nA,One,Crew\nB,Two,crew\nC,,Crew\nD,Four,";
    const result = importGuests(csv);
    expect(result).toEqual({ created: 3, skipped: 1, partiesCreated: 1 });
    const parties = listParties();
    expect(parties.map((p) => [p.name, p.memberCount])).toEqual([["Crew", 2]]);
    expect(parties[0]!.authCode).toHaveLength(10);
    expect(listGuests().map((g) => `${g.firstName} ${g.partyName ?? "-"}`).sort()).toEqual(["A Crew", "B Crew", "D -"]);
  });

  it("refuses a file without the name columns or without rows", () => {
    expect(previewGuestImport("Email\nx@example.org").fileErrors[0]).toMatch(/First Name/);
    expect(previewGuestImport("First Name,Last Name\n").fileErrors[0]).toMatch(/no guest rows/);
    expect(previewGuestImport("").fileErrors[0]).toMatch(/empty/);
    expect(() => importGuests("First Name,Last Name\n,\n")).toThrow();
    expect(() => importGuests("First Name,Last Name\nA,\n")).toThrow(/No row can be imported/);
    expect(listGuests()).toHaveLength(0);
  });

  it("reads a language column (issue 13): en / pt or the language's name; a new party takes its first row's", () => {
    const csv = "First Name,Last Name,Party,Language\nAna,Silva,Silvas,Português\nRui,Silva,Silvas,pt\nJo,Brown,,en\nMo,Lee,,\nXu,Bad,,klingon";
    const preview = previewGuestImport(csv);
    expect(preview.rows.map((r) => r.language)).toEqual(["pt", "pt", "en", "en", "en"]);
    expect(preview.rows[4]!.errors).toEqual(["Language: use en or pt"]);
    importGuests(csv);
    expect(listParties().map((p) => [p.name, p.language])).toEqual([["Silvas", "pt"]]);
    expect(listGuests().map((g) => `${g.firstName}:${g.language}`).sort()).toEqual(["Ana:pt", "Jo:en", "Mo:en", "Rui:pt"]);
  });
});
