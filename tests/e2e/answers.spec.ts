// Issue 14 in the browser: one member not coming (JavaScript on and off, 390 px
// in the phone projects), the deadline in both languages, and the host's new
// pages: activity, rooming list, caterer's list.
import { test as adminTest } from "./admin-fixtures";
import { adminApi, expect, open, settle, test } from "./guest-fixtures";
import { E2E_ADMIN_PASSWORD, expectAccessible, jsEnabled } from "./utils";

test.describe.configure({ timeout: 90_000 });

test("a party marks one member not coming, then brings them back on My RSVP", async ({
  page,
  api,
  js,
}) => {
  const party = await api.createParty();
  await api.addMember(party.id, { firstName: "Sarah", lastName: "Reyes" });
  await api.addMember(party.id, { firstName: "Tom", lastName: "Reyes" });

  await open(page, `/rsvp?code=${party.authCode}`, js);
  const tom = page.getByTestId("member").filter({ hasText: "Tom Reyes" });
  await expect(tom.getByTestId("member-coming")).toBeChecked();
  await tom.getByTestId("member-coming").uncheck();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Submit RSVP" }).click();
  await settle(page, js);
  await expect(page.getByText("Thank You")).toBeVisible();

  await open(page, "/my-rsvp", js);
  await expect(
    page.getByText("1 (adults: 1, kids: 0, babies: 0)"),
  ).toBeVisible();
  const who = page.getByTestId("who-is-coming");
  await expect(
    who.getByRole("checkbox", { name: "Tom Reyes" }),
  ).not.toBeChecked();
  await expect(
    who.getByRole("checkbox", { name: "Sarah Reyes" }),
  ).toBeChecked();
  await who.getByRole("checkbox", { name: "Tom Reyes" }).check();
  await who.getByRole("button", { name: "Save who is coming" }).click();
  await settle(page, js);
  await expect(
    page.getByText("2 (adults: 2, kids: 0, babies: 0)"),
  ).toBeVisible();
  await expectAccessible(page);
});

/*
 * The deadline closes answers for everyone, so this test runs on the admin
 * fixture's server (its worker's own; a worker runs one test at a time) and
 * opens answers again when it ends.
 */
adminTest(
  "after the deadline a guest reads but cannot change, in English and Portuguese",
  async ({ page, playwright, baseURL, browser }, testInfo) => {
    const js = jsEnabled(testInfo);
    const context = await playwright.request.newContext({ baseURL });
    try {
      expect(
        (
          await context.post("/api/admin/login", {
            data: { password: E2E_ADMIN_PASSWORD },
          })
        ).status(),
      ).toBe(200);
      const api = adminApi(context);
      const party = await api.createParty();
      await api.addMember(party.id, { firstName: "Late", lastName: "Comer" });
      expect(
        (
          await context.patch("/api/event-config", {
            data: { rsvpDeadline: "2099-05-12" },
          })
        ).status(),
      ).toBe(200);

      await open(page, "/", false);
      await expect(page.getByTestId("deadline")).toHaveText(
        "Please reply by 12 May 2099",
      );
      // Issue 23: said at the door too, before signing in.
      await open(page, "/my-rsvp", js);
      await expect(page.getByTestId("deadline")).toHaveText(
        "Please reply by 12 May 2099",
      );
      await expectAccessible(page);
      await open(page, `/rsvp?code=${party.authCode}`, js);
      await expect(page.getByTestId("deadline")).toHaveText(
        "Please reply by 12 May 2099",
      );

      expect(
        (
          await context.patch("/api/event-config", {
            data: { rsvpDeadline: "2020-01-31" },
          })
        ).status(),
      ).toBe(200);
      await open(page, "/rsvp", js);
      await expect(page.getByTestId("deadline-passed")).toContainText(
        "The RSVP deadline has passed. Please contact the host to make changes.",
      );
      await page.getByRole("button", { name: "Submit RSVP" }).click();
      await settle(page, js);
      await expect(
        page
          .getByText(
            "The RSVP deadline has passed. Please contact the host to make changes.",
          )
          .first(),
      ).toBeVisible();
      expect(await api.partyRsvp(party.id)).toBeNull();
      await open(page, "/my-rsvp", js);
      await expect(page.getByTestId("deadline-passed")).toBeVisible();
      await expectAccessible(page);

      // A Portuguese browser reads the same in Portuguese.
      const pt = await browser.newContext({
        locale: "pt-PT",
        javaScriptEnabled: js,
        viewport: page.viewportSize() ?? undefined,
      });
      const ptPage = await pt.newPage();
      await ptPage.goto(`${baseURL}/rsvp?code=${party.authCode}`);
      await expect(ptPage.getByTestId("deadline-passed")).toContainText(
        "O prazo de resposta terminou. Por favor, contacte o anfitrião para fazer alterações.",
      );
      await pt.close();
    } finally {
      await context.patch("/api/event-config", {
        data: { rsvpDeadline: null },
      });
      await context.dispose();
    }
  },
);

adminTest(
  "the host reads the activity, the rooming list and the caterer's list",
  async ({ page, admin }) => {
    await admin.signIn();
    // A change by the host: confirm the demo's pending room of the first party with one.
    const rooms = (await (
      await page.request.get("/api/room-assignments")
    ).json()) as Array<{
      id: string;
      confirmationStatus: string;
      party: { name: string };
    }>;
    const pending = rooms.find((r) => r.confirmationStatus === "pending")!;
    expect(
      (
        await page.request.post(`/api/room-assignments/${pending.id}/confirm`)
      ).status(),
    ).toBe(200);

    await admin.open("/admin/activity");
    await expect(
      page.getByRole("heading", { name: "Activity", level: 1 }),
    ).toBeVisible();
    await expect(
      page
        .getByTestId("activity-list")
        .getByText("pending -> confirmed")
        .first(),
    ).toBeVisible();
    await expectAccessible(page);

    await admin.open("/admin/room-assignments");
    await page.getByRole("link", { name: "Rooming list" }).click();
    await expect(
      page.getByRole("heading", { name: "Rooming List", level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(pending.party.name).first()).toBeVisible();
    await expect(
      page.getByRole("link", { name: /with semicolons/ }),
    ).toHaveAttribute("href", "/admin/rooming-list.csv?sep=semicolon");
    await expectAccessible(page);

    await admin.open("/admin/event-rsvps");
    await page.getByRole("link", { name: "Caterer's list" }).click();
    await expect(
      page.getByRole("heading", { name: "Caterer's List", level: 1 }),
    ).toBeVisible();
    await expect(page.getByText("People coming")).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Dietary needs" }),
    ).toBeVisible();
    await expectAccessible(page);
    // Decision 071: the same list for a Portuguese caterer, by its language switch.
    await page.getByRole("link", { name: "Português" }).click();
    await expect(
      page.getByRole("heading", { name: "Lista para o catering", level: 1 }),
    ).toBeVisible();
  },
);
