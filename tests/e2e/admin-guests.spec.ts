import { expectAccessible } from "./utils";
import { dialogOrSection, expect, expectToast, test } from "./admin-fixtures";

test("the host adds, edits, moves and deletes a guest", async ({ page, admin }) => {
  test.slow();
  const lastName = admin.unique("Zed").replace(" ", "-");
  await admin.signIn();
  await admin.open("/admin/guests");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Add Guest" }).click();
  const add = dialogOrSection(page, admin.js, "Add Guest");
  await expect(add).toBeVisible();
  await add.getByRole("button", { name: "Add Guest" }).click();
  await expect(add.getByText("First name is required")).toBeVisible();
  await expect(add.getByText("Last name is required")).toBeVisible();
  await expectAccessible(page);

  await add.getByLabel("First name").fill("Zoe");
  await add.getByLabel("Last name").fill(lastName);
  await add.getByLabel("Email (optional)").fill("zoe@nowhere");
  // Unique per project: an address or phone belongs to one invitation (issue 22).
  const d = admin.phoneDigits();
  await add.getByLabel("Phone (optional)").fill(`+351 9${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5)}`);
  await add.getByLabel("Age category").selectOption("kid");
  await add.getByLabel("Party").selectOption({ label: "Friends from Lisbon" });
  await add.getByRole("button", { name: "Add Guest" }).click();
  await expect(add.getByText("Please enter a valid email address.")).toBeVisible();
  await add.getByLabel("Email (optional)").fill(`zoe.${lastName}@example.org`);
  await add.getByRole("button", { name: "Add Guest" }).click();
  await expectToast(page, admin.js, "Guest added");
  await expect(add).toBeHidden();

  await page.getByLabel("Search").fill(lastName);
  await page.getByRole("button", { name: "Filter" }).click();
  const rows = page.getByRole("table", { name: "Guests" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Zoe ${lastName}`);
  await expect(rows.first()).toContainText("Friends from Lisbon");
  // Typed with spaces, kept in the +digits form phone sign-in matches.
  await expect(rows.first()).toContainText(`+3519${d}`);
  await expect(rows.first()).toContainText("Kid (>2y)");

  await page.getByRole("link", { name: `Edit Zoe ${lastName}` }).click();
  const edit = dialogOrSection(page, admin.js, "Edit Guest");
  await expect(edit.getByLabel("First name")).toHaveValue("Zoe");
  await edit.getByLabel("First name").fill("Zoé");
  await edit.getByLabel("Party").selectOption({ label: "No party (individual guest)" });
  await edit.getByRole("button", { name: "Update Guest" }).click();
  await expectToast(page, admin.js, "Guest updated");
  await expect(rows.first()).toContainText(`Zoé ${lastName}`);
  await expect(rows.first()).toContainText("Individual");
  // The search survived the round trip.
  await expect(rows).toHaveCount(1);

  await page.getByRole("link", { name: `Delete Zoé ${lastName}` }).click();
  const confirm = dialogOrSection(page, admin.js, "Delete Guest");
  await expect(confirm).toContainText("Are you sure you want to delete");
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, admin.js, "Guest removed");
  await expect(page.getByText("No guests match these filters.")).toBeVisible();
});

test("the guest list filters by party, age and RSVP status, and exports what it shows", async ({ page, admin }) => {
  await admin.signIn();
  await admin.open("/admin/guests");
  const rows = page.getByRole("table", { name: "Guests" }).locator("tbody tr");
  // The search finds a party by its name (no select of every party: issue 16).
  await page.getByLabel("Search").fill("The Almeida Family");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(rows).toHaveCount(4);
  await page.getByLabel("Age category").selectOption("baby");
  if (!admin.js) await page.getByRole("button", { name: "Filter" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Tomás Almeida");

  await admin.open("/admin/guests?rsvp=declined");
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole("table", { name: "Guests" })).toContainText("Mette Jensen");

  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", "/admin/guests/export?rsvp=declined");
  const res = await page.request.get("/admin/guests/export");
  expect(res.headers()["content-type"]).toContain("text/csv");
  expect(res.headers()["content-disposition"]).toContain('filename="guests.csv"');
  const csv = await res.text();
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const lines = csv.slice(1).trim().split("\r\n");
  expect(lines[0]).toBe("First Name,Last Name,Party,Email,Phone,Age Category,RSVP,Dietary Restrictions");
  expect(lines).toContain("Rita,Almeida,The Almeida Family,rita.almeida@example.pt,+351912345678,adult,Attending,Tomás: no nuts");
  expect(lines).toContain("Laura,Bianchi,,laura.bianchi@example.it,+393471234567,adult,Attending,Vegetarian");
});

test("a CSV import shows every row and its errors before anything is saved", async ({ page, admin }) => {
  test.slow();
  const tag = admin.unique("Imp").replace(" ", "");
  const party = `The ${tag} Family`;
  const d = admin.phoneDigits();
  const csv = [
    "\uFEFFFirst Name,Last Name,Email,Phone,Age Category,Party,Notes",
    `Ana,${tag},ana.${tag}@example.org,+351 9${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5)},adult,${party},"Arrives Friday, late"`,
    `Bruno,,not-an-email,,adult,${party},`,
    `Carla,${tag},,,kid,${party},"Allergic to nuts` + "\n" + `and shellfish"`,
  ].join("\r\n");

  await admin.signIn();
  await admin.open("/admin/guests");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import Guests" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("CSV file").setInputFiles({ name: "guests.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview" }).click();

  const preview = page.getByRole("region", { name: "2. Check and import" });
  await expect(preview).toContainText("2 rows are ready, 1 row has errors and will be skipped. Nothing has been saved yet.");
  const rows = preview.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("Last Name: Last name is required");
  await expect(rows.nth(1)).toContainText("Email: Please enter a valid email address.");
  await expect(rows.nth(0)).toContainText(`+3519${d}`);
  await expect(rows.nth(0)).toContainText("New party");
  await expect(rows.nth(2)).toContainText("Kid (>2y)");
  await expectAccessible(page);

  // Nothing is saved by the preview.
  const before = await page.request.get(`/api/guests?search=${tag}`);
  expect(await before.json()).toEqual([]);

  await preview.getByRole("button", { name: "Import 2 guests" }).click();
  await expect(page).toHaveURL(/\/admin\/guests$/);
  await expectToast(page, admin.js, "Guests imported");
  const saved = (await (await page.request.get(`/api/guests?search=${tag}`)).json()) as Array<Record<string, unknown>>;
  expect(saved.map((g) => g.firstName).sort()).toEqual(["Ana", "Carla"]);
  expect(saved.every((g) => g.partyName === party)).toBe(true);
  expect(saved.find((g) => g.firstName === "Carla")?.notes).toBe("Allergic to nuts\nand shellfish");
  expect(saved.find((g) => g.firstName === "Ana")?.notes).toBe("Arrives Friday, late");
});
