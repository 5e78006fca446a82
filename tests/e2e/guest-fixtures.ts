import { test as base, expect, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, jsEnabled } from "./utils";

/*
 * Guest journeys create their own party, guest and rooms through the admin
 * JSON API (SPEC.md 7), in an API context of their own: the browser page
 * never carries the admin's session, so what it sees is what a guest sees.
 * Every name is unique, so the four projects can run side by side.
 */

export type Party = { id: string; name: string; authCode: string; primaryEmail?: string | null };
export type Member = { id: string; firstName: string; lastName: string };
export type RoomType = { id: string; name: string; pricePerNight: number };
export type Assignment = { id: string; confirmationStatus: string; declineReason: string | null };

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

export function adminApi(api: APIRequestContext) {
  const call = async <T>(method: "get" | "post" | "patch" | "delete", path: string, data?: unknown): Promise<T> => {
    const res = await api[method](path, data === undefined ? undefined : { data });
    if (!res.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`);
    return (res.status() === 204 ? undefined : await res.json()) as T;
  };
  return {
    unique,
    createParty: (input: { name?: string; primaryEmail?: string | null } = {}) =>
      call<Party>("post", "/api/parties", { name: input.name ?? unique("Party"), primaryEmail: input.primaryEmail ?? null }),
    addMember: (partyId: string, m: { firstName: string; lastName: string; ageCategory?: "adult" | "kid" | "baby"; email?: string; phone?: string }) =>
      call<Member>("post", `/api/parties/${partyId}/members`, { ageCategory: "adult", ...m }),
    members: (partyId: string) => call<{ members: Member[]; total: number }>("get", `/api/parties/${partyId}/members`),
    createRoomType: (input: { name?: string; pricePerNight: number; totalUnits?: number; imageUrls?: string[] }) =>
      call<RoomType>("post", "/api/room-types", {
        name: input.name ?? unique("Suite"),
        location: "Garden Wing",
        category: "Suite",
        areaSqM: 40,
        areaSqFt: 431,
        maxOccupancyAdults: 2,
        maxOccupancyChildren: 1,
        totalUnits: input.totalUnits ?? 6,
        pricePerNight: input.pricePerNight,
        description: "A calm room above the vines.",
        facilities: ["Terrace", "Breakfast included"],
        imageUrls: input.imageUrls ?? [],
      }),
    assignRoom: (input: { partyId: string; roomTypeId: string; quantity?: number; paymentDeadline?: string }) =>
      call<Assignment>("post", "/api/room-assignments", { quantity: 1, ...input }),
    assignments: async (partyId: string) => call<Assignment[]>("get", `/api/parties/${partyId}/room-assignments`),
    markPaid: (id: string) => call<Assignment>("post", `/api/room-assignments/${id}/mark-paid`, { isPaid: true }),
    createGuest: (input: { firstName: string; lastName: string; customCode?: string; email?: string; phone?: string }) =>
      call<{ id: string }>("post", "/api/guests", { ageCategory: "adult", ...input }),
    /** Uploads a generated photo (a coloured rectangle) and answers its URL. */
    uploadPhoto: async (color: string) => {
      const sharp = (await import("sharp")).default;
      const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: color } }).png().toBuffer();
      const res = await api.post("/api/upload/images", { multipart: { files: { name: `${color}.png`, mimeType: "image/png", buffer } } });
      if (!res.ok()) throw new Error(`upload: ${res.status()} ${await res.text()}`);
      return ((await res.json()) as { urls: string[] }).urls[0]!;
    },
    events: () => call<{ id: string; title: string; hotelGuestsOnly: boolean }[]>("get", "/api/events"),
    partyRsvp: async (partyId: string) => (await call<{ rsvp: unknown }>("get", `/api/parties/${partyId}`)).rsvp,
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

export const test = base.extend<{ api: AdminApi; js: boolean }>({
  api: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL });
    const res = await context.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
    expect(res.status()).toBe(200);
    await use(adminApi(context));
    await context.dispose();
  },
  js: async ({}, use, testInfo) => use(jsEnabled(testInfo)),
});

export { expect };

/** Opens a guest page and, with JavaScript, waits until React has hydrated. */
export async function open(page: Page, path: string, js: boolean) {
  const response = await page.goto(path);
  if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

/** After a click that posts, wait for the page to settle (a reload without JavaScript, a fetch with it). */
export async function settle(page: Page, js: boolean) {
  if (js) {
    await page.waitForLoadState("networkidle");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  } else await page.waitForLoadState("load");
}

/** A dialog with JavaScript; the same step as a section of the page without. */
export function step(page: Page, js: boolean, name: string | RegExp) {
  return js ? page.getByRole("dialog", { name }) : page.getByRole("region", { name });
}

/** The room's card on the RSVP form or My RSVP. */
export function roomCard(page: Page, name: string): Locator {
  return page.locator(`[data-testid=room][data-room-name="${name}"]`);
}

/** Toast with JavaScript, the server-rendered message without. */
export async function expectMessage(page: Page, js: boolean, title: string, description?: string) {
  // Without JavaScript: the page's own message box, or the flash message after a redirect.
  const scope = js ? page.locator("[data-slot=toast]") : page.locator("body");
  await expect(scope.getByText(title, { exact: true }).first()).toBeVisible();
  if (description) await expect(scope.getByText(description).first()).toBeVisible();
}

export const isPhone = (testInfo: TestInfo) => (testInfo.project.use.viewport?.width ?? 1280) < 500;
