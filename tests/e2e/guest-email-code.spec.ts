import Database from "better-sqlite3";
import { test as base, expect, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { startServer, type TestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";
import { E2E_ADMIN_PASSWORD, expectAccessible, jsEnabled } from "./utils";

/*
 * Issue 15 in the browser, JavaScript on and off: the two-step e-mail sign-in
 * of /rsvp and /my-rsvp (English and Portuguese) against a real SMTP server,
 * and the marker check on what a hydrated page received (the HTML, and every
 * response the browser fetched, `.data` requests included). Each worker runs
 * its own server: switching `emailCodeRequired` on must not touch other specs.
 */

type World = { server: TestServer; smtp: Awaited<ReturnType<typeof startSmtp>> };

const test = base.extend<{ js: boolean }, { world: World }>({
  world: [
    async ({}, use) => {
      const smtp = await startSmtp();
      const server = await startServer({
        env: { DEMO_DATA: "0", ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, RATE_LIMIT_DISABLED: "1", SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
      });
      const admin = await fetch(`${server.url}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password: E2E_ADMIN_PASSWORD }),
      });
      const cookie = admin.headers.getSetCookie()[0]!.split(";")[0]!;
      await fetch(`${server.url}/api/auth-settings`, {
        method: "PATCH",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ emailCodeRequired: true }),
      });
      await use({ server, smtp });
      await server.stop();
      await smtp.close();
    },
    // A cold start with the demo photos can take over 20 s on a loaded 2-core machine.
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ world }, use) => use(world.server.url),
  js: async ({}, use, testInfo) => use(jsEnabled(testInfo)),
});

/** A party with a primary e-mail, made straight in the database (as the host would through the admin). */
function makeParty(world: World, markers: boolean) {
  const tag = randomBytes(4).toString("hex");
  const email = `p${tag}@example.com`;
  const db = new Database(world.server.dbPath);
  db.pragma("busy_timeout = 5000");
  const id = `party${tag}`;
  const note = markers ? `MKpartynote${tag}` : null;
  db.prepare("insert into parties (id, name, primary_email, auth_code, notes, invited_via, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)").run(
    id,
    `Party ${tag}`,
    email,
    `CODE${tag}`,
    note,
    markers ? `MKinvitedvia${tag}` : null,
    markers ? `MKpartycreated${tag}` : new Date().toISOString(),
    markers ? `MKpartyupdated${tag}` : new Date().toISOString(),
  );
  db.prepare(
    "insert into guests (id, party_id, first_name, last_name, email, notes, payment_status, payment_amount, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    `guest${tag}`,
    id,
    "Ana",
    `Member ${tag}`,
    null,
    markers ? `MKguestnote${tag}` : null,
    markers ? `MKpaystatus${tag}` : "pending",
    markers ? `MKpayamount${tag}` : 0,
    markers ? `MKguestcreated${tag}` : new Date().toISOString(),
    markers ? `MKguestupdated${tag}` : new Date().toISOString(),
  );
  db.close();
  return { email, code: `CODE${tag}`, tag };
}

const codeFrom = (text: string) => /(?:code|acesso): (\d{6})/.exec(text)?.[1];

async function nextCode(world: World, email: string, after: number) {
  const mail = await waitFor(() => world.smtp.mails.slice(after).find((m) => m.to.includes(email)));
  return codeFrom(mail.text)!;
}

async function settle(page: Page, js: boolean) {
  if (js) {
    await page.waitForLoadState("networkidle");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  } else await page.waitForLoadState("load");
}

test.describe("e-mail sign-in with a one-time code (issue 15)", () => {
  test("/rsvp: the code step, a wrong code, a new code, signed in", async ({ page, js, world }) => {
    const party = makeParty(world, false);
    await page.goto("/rsvp?method=email");
    await settle(page, js);
    const before = world.smtp.mails.length;
    await page.getByLabel("Email Address").fill(party.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(`Enter the 6-digit code we sent to p...@example.com`)).toBeVisible();
    await settle(page, js);
    await expectAccessible(page);
    const first = await nextCode(world, party.email, before);

    await page.getByLabel("6-digit code").fill(first === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Code not accepted - This code is wrong, has expired or was already used.").first()).toBeVisible();
    await settle(page, js);

    const mid = world.smtp.mails.length;
    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByText("A new code is on its way").first()).toBeVisible();
    await settle(page, js);
    const second = await nextCode(world, party.email, mid);
    await page.getByLabel("6-digit code").fill(second);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/rsvp$/);
    await expect(page.getByText(`Party ${party.tag}`).first()).toBeVisible();
    // Signed in by e-mail: the invitation code is nowhere on the page.
    expect(await page.content()).not.toContain(party.code);
  });

  test("/my-rsvp in Portuguese: the code step and signed in", async ({ page, js, world }) => {
    const party = makeParty(world, false);
    await page.goto("/my-rsvp?method=whatsapp");
    await settle(page, js);
    await page.getByRole("button", { name: "PT Português" }).click();
    await expect(page.getByLabel("Número de WhatsApp")).toBeVisible();
    await settle(page, js);
    const before = world.smtp.mails.length;
    await page.getByLabel("Número de WhatsApp").fill(party.email);
    await page.getByRole("button", { name: "Ver resposta" }).click();
    await expect(page.getByText("Introduza o código de 6 dígitos que enviámos para p...@example.com")).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar um novo código" })).toBeVisible();
    await settle(page, js);
    await expectAccessible(page);
    const code = await nextCode(world, party.email, before);
    await page.getByLabel("Código de 6 dígitos").fill(code);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/my-rsvp$/);
    await expect(page.getByText(`Party ${party.tag}`).first()).toBeVisible();
  });

  test("a hydrated page and every response the browser fetched carry no host-only field", async ({ page, js, world }) => {
    const party = makeParty(world, true);
    const bodies: string[] = [];
    page.on("response", async (res) => {
      try {
        bodies.push(`${res.url()}\n${await res.text()}`);
      } catch {
        // redirects have no body
      }
    });
    await page.goto("/rsvp?method=email");
    await settle(page, js);
    const before = world.smtp.mails.length;
    await page.getByLabel("Email Address").fill(party.email);
    await page.getByRole("button", { name: "Continue" }).click();
    const code = await nextCode(world, party.email, before);
    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(`Party ${party.tag}`).first()).toBeVisible();
    await settle(page, js);
    const pages = [await page.content()];
    // With JavaScript the sign-in's redirect was followed by a `.data` request.
    if (js) expect(bodies.some((b) => b.split("\n")[0]!.includes(".data"))).toBe(true);
    await page.goto("/my-rsvp");
    await settle(page, js);
    pages.push(await page.content());
    const all = [...pages, ...bodies].join("\n");
    expect(all).toContain(`Party ${party.tag}`);
    expect(all.match(/MK[a-z]+[0-9a-f]{8}/g) ?? []).toEqual([]);
    expect(all).not.toContain(party.code);
  });
});
