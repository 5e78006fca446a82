// Room Types, Room Assignments and Payment Status, with JavaScript on and off.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, request, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN_PASSWORD, expectAccessible, jsEnabled, ready } from "./utils";

// Long journeys; without JavaScript every step is a full page load.
test.describe.configure({ timeout: 120_000 });

const unique = (testInfo: TestInfo, what: string) =>
  `${what} ${testInfo.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function signIn(page: Page) {
  const res = await page.request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.status()).toBe(200);
}

async function open(page: Page, testInfo: TestInfo, path: string) {
  await page.goto(path);
  await ready(page, testInfo);
}

async function apiPost(api: APIRequestContext, path: string, data: unknown) {
  const res = await api.post(path, { data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

async function makeRoomType(page: Page, name: string, totalUnits: number, pricePerNight: number) {
  return apiPost(page.request, "/api/room-types", {
    name,
    location: "Test Wing",
    category: "Room",
    areaSqM: 30,
    areaSqFt: 323,
    maxOccupancyAdults: 2,
    totalUnits,
    pricePerNight,
  }) as Promise<{ id: string }>;
}

async function makeParty(page: Page, name: string) {
  const party = (await apiPost(page.request, "/api/parties", { name })) as { id: string; authCode: string };
  await apiPost(page.request, `/api/parties/${party.id}/members`, { firstName: "Ana", lastName: "Tester", ageCategory: "adult" });
  return party;
}

/** Two small PNGs (and a text file posing as a photo) made with sharp in the test's own folder. */
async function pictures(testInfo: TestInfo) {
  // Not under test-results: another run's clean-up there must not take the files away.
  const dir = mkdtempSync(join(tmpdir(), `convite-${testInfo.project.name}-`));
  const make = async (file: string, r: number, g: number, b: number) => {
    const path = join(dir, file);
    await sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } }).png().toFile(path);
    return path;
  };
  const notes = join(dir, "notes.txt");
  writeFileSync(notes, "not a picture");
  // Over 10MB: a PNG signature and then filler.
  const big = join(dir, "big.png");
  writeFileSync(big, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(10 * 1024 * 1024 + 10)]));
  return { pool: await make("pool.png", 40, 120, 200), vines: await make("vines.png", 90, 140, 60), notes, big };
}

/** The photo URLs of the open room type form, in order. */
const photoUrls = (page: Page) =>
  page.locator('[data-testid="photo-item"] input[type="hidden"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

/**
 * Submits a dialog and waits for its outcome: the toast with JavaScript; without
 * it, the redirect back to the list (Chromium with scripts switched off by
 * Playwright does not render <noscript>, where the flash message is).
 */
async function save(page: Page, label: string, expected: string) {
  const before = new URL(page.url());
  await page.getByRole("button", { name: label }).click();
  if (jsEnabled(test.info())) {
    await expect(page.getByText(expected).first()).toBeVisible();
  } else {
    await expect(page).not.toHaveURL(/[?&](new|edit|delete|assign)=/);
    expect(new URL(page.url()).pathname).toBe(before.pathname);
  }
}

test("room types: create with two photos, reorder, remove, and refuse a file that is not an image", async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo);
  const files = await pictures(testInfo);
  const name = unique(testInfo, "Olive Suite");
  await signIn(page);
  await open(page, testInfo, "/admin/room-types");
  await expect(page.getByRole("heading", { level: 1, name: "Room Types" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Add Room Type" }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Add Room Type" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Location", { exact: true }).fill("Olive Grove");
  await page.getByLabel("Category", { exact: true }).selectOption("Suite");
  await page.getByLabel("Total Units", { exact: true }).fill("3");
  await page.getByLabel("Area (m²)", { exact: true }).fill("40");
  await page.getByLabel("Area (ft²)", { exact: true }).fill("431");
  await page.getByLabel("Max Adults", { exact: true }).fill("2");
  await page.getByLabel("Max Children", { exact: true }).fill("1");
  await page.getByLabel("Price (€, both nights)", { exact: true }).fill("480");
  // Without JavaScript "Add facility" is a round trip that keeps what was typed.
  await page.getByRole("button", { name: "Add facility" }).click();
  await page.getByLabel("Facility 1", { exact: true }).fill("Terrace");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expectAccessible(page);

  if (js) {
    // Checked in the browser before anything is sent.
    await page.getByLabel("Add photos").setInputFiles(files.notes);
    await expect(page.getByText("Invalid file type - notes.txt is not an image file").first()).toBeVisible();
    await page.getByLabel("Add photos").setInputFiles(files.big);
    await expect(page.getByText("File too large - big.png exceeds 10MB limit").first()).toBeVisible();
    await expect(page.getByTestId("photo-item")).toHaveCount(0);
    await page.getByLabel("Add photos").setInputFiles([files.pool, files.vines]);
    await expect(page.getByTestId("photo-item")).toHaveCount(2);
  } else {
    // Always checked on the server: the form comes back with the message and what was typed.
    await page.getByLabel("Add photos").setInputFiles(files.notes);
    await page.getByRole("button", { name: "Create Room Type" }).click();
    await expect(page.getByText("Invalid file type - notes.txt is not an image file").first()).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Facility 1", { exact: true })).toHaveValue("Terrace");
    await page.getByLabel("Add photos").setInputFiles(files.big);
    await page.getByRole("button", { name: "Create Room Type" }).click();
    await expect(page.getByText("File too large - big.png exceeds 10MB limit").first()).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await page.getByLabel("Add photos").setInputFiles([files.pool, files.vines]);
  }
  await save(page, "Create Room Type", "Room type saved");

  const row = page.locator("tr", { hasText: name });
  await expect(row).toContainText("Suite");
  await expect(row).toContainText("40 m² / 431 ft²");
  await expect(row).toContainText("2 adults, 1 child");
  await expect(row).toContainText("€480");
  await expect(row).toContainText("2 photos");
  const cover = row.getByRole("img", { name: `${name}, cover photo` });
  await expect(cover).toHaveAttribute("srcset", /-480\.webp 480w, .*-960\.webp 960w, .*\.webp 2400w/);
  // Polled: a lazy picture may still be on its way when the row shows (a flake seen once on the phone without JavaScript).
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Reorder: the second photo becomes the cover.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await ready(page, testInfo);
  await expect(page.getByTestId("photo-item")).toHaveCount(2);
  const [first, second] = await photoUrls(page);
  expect(first).not.toBe(second);
  await page.getByRole("button", { name: "Move photo 2 earlier" }).click();
  await expect.poll(() => photoUrls(page)).toEqual([second, first]);
  await save(page, "Update Room Type", "Room type updated");
  await expect(page.locator("tr", { hasText: name }).getByRole("img")).toHaveAttribute("src", second!);

  // Remove one: the list and the file store follow.
  await page.locator("tr", { hasText: name }).getByRole("link", { name: `Edit ${name}` }).click();
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Remove photo 1" }).click();
  await expect.poll(() => photoUrls(page)).toEqual([first]);
  await save(page, "Update Room Type", "Room type updated");
  await expect(page.locator("tr", { hasText: name })).toContainText("1 photo");
  expect((await page.request.get(second!)).status()).toBe(404);

  // Delete, after the confirmation.
  await page.locator("tr", { hasText: name }).getByRole("link", { name: `Delete ${name}` }).click();
  await expect(page.getByText(`Are you sure you want to delete "${name}"?`)).toBeVisible();
  await expectAccessible(page);
  await save(page, "Delete", "Room type deleted");
  await expect(page.locator("tr", { hasText: name })).toHaveCount(0);
});

test("room assignments: fill a room type, see the over-booking message, confirm as a guest, get paid", async ({ page, baseURL }, testInfo) => {
  const js = jsEnabled(testInfo);
  await signIn(page);
  const small = unique(testInfo, "Cork Room");
  const large = unique(testInfo, "Barrel Suite");
  const smallType = await makeRoomType(page, small, 2, 300);
  const largeType = await makeRoomType(page, large, 3, 500);
  const partyA = unique(testInfo, "Família Teste");
  const partyB = unique(testInfo, "Other Party");
  const a = await makeParty(page, partyA);
  await makeParty(page, partyB);

  await open(page, testInfo, "/admin/room-assignments");
  await expectAccessible(page);
  const card = page.locator("li", { has: page.getByRole("heading", { name: small }) });
  await expect(card.getByTestId("available-units")).toHaveText("2");

  // Assign the whole room type to party A.
  await page.getByRole("link", { name: "Assign Room" }).click();
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Assign Room to Party" })).toBeVisible();
  await expect(page.getByLabel("Payment Deadline", { exact: true })).toHaveValue("2025-11-12");
  await expect(page.getByText("Guests must confirm and pay by this date")).toBeVisible();
  if (js) {
    await expect(page.getByRole("button", { name: "Assign Room" })).toBeDisabled();
  } else {
    await page.getByRole("button", { name: "Assign Room" }).click();
    await expect(page.getByText("Please select a party.")).toBeVisible();
    await expect(page.getByText("Please select a room type.")).toBeVisible();
  }
  await page.getByLabel("Party", { exact: true }).selectOption({ label: partyA });
  await page.getByLabel("Room Type", { exact: true }).selectOption({ label: `${small} (2 available)` });
  await page.getByLabel("Quantity", { exact: true }).fill("2");
  await expectAccessible(page);
  await save(page, "Assign Room", "Room assigned successfully");
  await expect(card.getByTestId("available-units")).toHaveText("0");
  await expect(card.getByTestId("available-units")).toHaveClass(/text-destructive/);

  // The type is full: party B cannot have one.
  await page.getByRole("link", { name: "Assign Room" }).click();
  await ready(page, testInfo);
  await page.getByLabel("Party", { exact: true }).selectOption({ label: partyB });
  await page.getByLabel("Room Type", { exact: true }).selectOption({ label: `${small} (0 available)` });
  await page.getByLabel("Quantity", { exact: true }).fill("1");
  if (js) {
    await expect(page.getByText("Only 0 rooms available. Cannot assign 1 rooms.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Assign Room" })).toBeDisabled();
    await page.getByLabel("Quantity", { exact: true }).blur();
    await expect(page.getByText("Quantity exceeds available units. Only 0 available.")).toBeVisible();
    await page.getByLabel("Quantity", { exact: true }).fill("0");
    await page.getByLabel("Quantity", { exact: true }).blur();
    await expect(page.getByText("Quantity must be greater than 0")).toBeVisible();
  } else {
    await page.getByRole("button", { name: "Assign Room" }).click();
    await expect(page.getByText("Only 0 rooms available. Cannot assign 1 rooms.")).toBeVisible();
    await expect(page.getByText("Quantity exceeds available units. Only 0 available.")).toBeVisible();
  }
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByText("Assign Room to Party")).toHaveCount(0);

  // A second room for party A, and the edit dialog's limit.
  await page.getByRole("link", { name: "Assign Room" }).click();
  await ready(page, testInfo);
  await page.getByLabel("Party", { exact: true }).selectOption({ label: partyA });
  await page.getByLabel("Room Type", { exact: true }).selectOption({ label: `${large} (3 available)` });
  await save(page, "Assign Room", "Room assigned successfully");
  const largeRow = page.locator("tr", { hasText: partyA }).filter({ hasText: large });
  await largeRow.getByRole("link", { name: /^Edit assignment/ }).click();
  await ready(page, testInfo);
  await expect(page.getByText("Up to 3 units can be assigned (including current assignment)")).toBeVisible();
  await page.getByLabel("Quantity", { exact: true }).fill("4");
  if (js) {
    await page.getByLabel("Quantity", { exact: true }).blur();
    await expect(page.getByText("Quantity exceeds available units. Maximum 3 units allowed.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Update Assignment" })).toBeDisabled();
  } else {
    await page.getByRole("button", { name: "Update Assignment" }).click();
    await expect(page.getByText("Quantity exceeds available units. Maximum 3 units allowed.")).toBeVisible();
  }
  await page.getByLabel("Quantity", { exact: true }).fill("1");
  await save(page, "Update Assignment", "Room assignment updated successfully");

  // The guest confirms both rooms through the guest API.
  const list = (await (await page.request.get("/api/room-assignments")).json()) as Array<{ id: string; partyId: string; roomTypeId: string }>;
  const mine = list.filter((x) => x.partyId === a.id);
  expect(mine).toHaveLength(2);
  const guest = await request.newContext({ baseURL });
  await apiPost(guest, "/api/party-auth", { authCode: a.authCode });
  for (const assignment of mine) await apiPost(guest, `/api/room-assignments/${assignment.id}/confirm`, {});
  await guest.dispose();

  // Payment Status: Unpaid, then Partially Paid, then Paid in Full.
  await open(page, testInfo, `/admin/payments?party=${a.id}`);
  const partyCard = page.locator("section", { has: page.getByRole("heading", { name: partyA }) });
  await expect(partyCard).toContainText("Unpaid");
  await expect(partyCard).toContainText("Due €1,100 for confirmed rooms");
  await expect(partyCard.locator("tr", { hasText: small })).toContainText("€600");
  await expectAccessible(page);
  const smallPaid = partyCard.getByRole("switch", { name: `Paid (${partyA}, ${small})` });
  if (js) {
    await smallPaid.click();
    await expect(page.getByText("Payment status updated successfully").first()).toBeVisible();
  } else {
    await smallPaid.check();
    await partyCard.getByRole("button", { name: `Save payment for ${partyA}, ${small}` }).click();
  }
  await expect(partyCard.getByText("Partially Paid")).toBeVisible();
  await expect(partyCard.getByRole("switch", { name: `Paid (${partyA}, ${small})` })).toBeChecked();

  // The other room is marked paid from Room Assignments ("Payment Received").
  await open(page, testInfo, "/admin/room-assignments?status=confirmed");
  const row = page.locator("tr", { hasText: partyA }).filter({ hasText: large });
  await expect(row).toContainText("Unpaid");
  const received = row.getByRole("checkbox", { name: `Payment Received (${partyA}, ${large})` });
  if (js) {
    await received.check();
    await expect(page.getByText("Payment status updated successfully").first()).toBeVisible();
  } else {
    await received.check();
    await row.getByRole("button", { name: `Save payment for ${partyA}, ${large}` }).click();
  }
  await expect(row).toContainText("Paid on");
  await open(page, testInfo, `/admin/payments?party=${a.id}`);
  await expect(partyCard.getByText("Paid in Full")).toBeVisible();
  await expect(partyCard).toContainText("received €1,100");

  // Filters, then delete with the confirmation.
  await open(page, testInfo, "/admin/room-assignments?status=declined");
  await expect(page.locator("tr", { hasText: partyA })).toHaveCount(0);
  await page.getByRole("link", { name: "All", exact: true }).click();
  const smallRow = page.locator("tr", { hasText: partyA }).filter({ hasText: small });
  await smallRow.getByRole("link", { name: /^Delete assignment/ }).click();
  await expect(page.getByText("Are you sure you want to delete this room assignment?")).toBeVisible();
  await save(page, "Delete", "Room assignment deleted successfully");
  await expect(page.locator("tr", { hasText: partyA }).filter({ hasText: small })).toHaveCount(0);
  await expect(card.getByTestId("available-units")).toHaveText("2");
  expect(smallType.id && largeType.id).toBeTruthy();
});

test("the inline quantity is saved on blur and refused past the inventory", async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo);
  await signIn(page);
  const roomName = unique(testInfo, "Vine Room");
  const roomType = await makeRoomType(page, roomName, 3, 200);
  const partyName = unique(testInfo, "Quantity Party");
  const party = await makeParty(page, partyName);
  await apiPost(page.request, "/api/room-assignments", { partyId: party.id, roomTypeId: roomType.id, quantity: 1 });

  await open(page, testInfo, "/admin/room-assignments");
  const field = page.getByLabel(`Quantity of ${roomName} for ${partyName}`);
  await expect(field).toHaveValue("1");
  await field.fill("2");
  if (js) {
    await field.blur();
    await expect(page.getByText("Room assignment updated successfully").first()).toBeVisible();
  } else {
    await page.getByRole("button", { name: `Save Quantity of ${roomName} for ${partyName}` }).click();
  }
  const card = page.locator("li", { has: page.getByRole("heading", { name: roomName }) });
  await expect(card.getByTestId("available-units")).toHaveText("1");
  await expect(page.getByLabel(`Quantity of ${roomName} for ${partyName}`)).toHaveValue("2");

  // Another party takes the last unit: 3 would fit the total but not what is left.
  const other = await makeParty(page, unique(testInfo, "Late Party"));
  await apiPost(page.request, "/api/room-assignments", { partyId: other.id, roomTypeId: roomType.id, quantity: 1 });
  await open(page, testInfo, "/admin/room-assignments");
  await page.getByLabel(`Quantity of ${roomName} for ${partyName}`).fill("3");
  if (js) {
    await page.getByLabel(`Quantity of ${roomName} for ${partyName}`).blur();
    await expect(page.getByText("Only 2 rooms available. Cannot assign 3 rooms.").first()).toBeVisible();
    // Past the room type's total the browser refuses before asking.
    await page.getByLabel(`Quantity of ${roomName} for ${partyName}`).fill("4");
    await page.getByLabel(`Quantity of ${roomName} for ${partyName}`).blur();
    await expect(page.getByText("Quantity exceeds available units. Maximum 3 units allowed.").first()).toBeVisible();
  } else {
    await page.getByRole("button", { name: `Save Quantity of ${roomName} for ${partyName}` }).click();
  }
  await expect(page.getByLabel(`Quantity of ${roomName} for ${partyName}`)).toHaveValue("2");
  await expect(card.getByTestId("available-units")).toHaveText("0");
});
