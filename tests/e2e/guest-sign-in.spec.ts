import { expectAccessible } from "./utils";
import { expect, expectMessage, open, test } from "./guest-fixtures";

/*
 * SPEC.md 5's guest sign-in checks: under the field, and as a toast with
 * JavaScript. SPEC.md 8's refusals for an unknown invitation or RSVP.
 */
test.describe("guest sign-in on /rsvp", () => {
  const cases = [
    { method: "Invitation Code", value: "", title: "Identifier required", message: "Please enter your invitation code" },
    { method: "Email Address", value: "", title: "Identifier required", message: "Please enter your email address" },
    { method: "Email Address", value: "not-an-email", title: "Invalid format", message: "Please enter a valid email address." },
    { method: "Phone Number", value: "", title: "Identifier required", message: "Please enter your phone number" },
    {
      method: "Phone Number",
      value: "351912345678",
      title: "Invalid format",
      message: "Phone number must start with country code (e.g. +351912345678)",
    },
    {
      method: "Phone Number",
      value: "+351 912 345 678",
      title: "Invalid format",
      message: "Phone number must not contain spaces (e.g. +351912345678)",
    },
    { method: "Phone Number", value: "+351-912345678", title: "Invalid format", message: "Phone number must contain only digits after the + sign." },
  ];

  for (const c of cases) {
    test(`${c.method} "${c.value}": ${c.message}`, async ({ page, js }) => {
      await open(page, "/rsvp", js);
      await page.getByRole("link", { name: c.method }).click();
      await expect(page.getByRole("link", { name: c.method })).toHaveAttribute("aria-current", "true");
      const field = page.getByLabel(c.method, { exact: true });
      await field.fill(c.value);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.locator("[data-slot=field]").getByText(c.message, { exact: true })).toBeVisible();
      if (js) await expectMessage(page, js, c.title, c.message);
      await expect(field).toHaveAttribute("aria-invalid", "true");
    });
  }

  test("an unknown code or e-mail is refused with SPEC.md's messages", async ({ page, js }) => {
    await open(page, "/rsvp", js);
    await page.getByLabel("Invitation Code").fill("no-such-code");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByText("Authentication failed - Could not find your party invitation. Please check your information or contact the host."),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Email Address" }).click();
    await page.getByLabel("Email Address").fill("nobody@nowhere.example");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Authentication failed - Could not find your invitation. Please check your information.")).toBeVisible();
    if (js) await expectMessage(page, js, "Authentication failed");
  });

  test("a wrong invite link shows the sign-in card with the code and the reason", async ({ page, js }) => {
    const response = await open(page, "/rsvp?code=bad-link-code", js);
    expect(response?.status()).toBe(404);
    await expect(page.getByLabel("Invitation Code")).toHaveValue("bad-link-code");
    await expect(page.getByText(/Could not find your party invitation/).first()).toBeVisible();
  });
});

test.describe("guest sign-in on /my-rsvp", () => {
  test("View Your RSVP: code or WhatsApp number, with SPEC.md's checks and refusals", async ({ page, js }) => {
    await open(page, "/my-rsvp", js);
    await expect(page.getByRole("heading", { name: "View Your RSVP" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expectAccessible(page);
    const view = page.getByRole("button", { name: "View RSVP" });
    if (js) await expect(view).toBeDisabled();
    else {
      await view.click();
      await expect(page.locator("[data-slot=field]").getByText("Please enter your invitation code")).toBeVisible();
    }
    await page.getByLabel("Invitation Code").fill("unknown-code-42");
    await page.getByRole("button", { name: "View RSVP" }).click();
    await expect(page.getByText("Authentication failed - Could not find your party RSVP. Please check your code.")).toBeVisible();

    await page.getByRole("link", { name: "WhatsApp Number" }).click();
    await expect(page.getByText("Country code plus number, no spaces (e.g. +351912345678)")).toBeVisible();
    const field = page.getByLabel("WhatsApp Number");
    await field.fill("+351 91 000");
    await page.getByRole("button", { name: "View RSVP" }).click();
    await expect(page.locator("[data-slot=field]").getByText("Phone number must not contain spaces (e.g. +351912345678)")).toBeVisible();
    // "@" makes it an e-mail address.
    await page.getByLabel("WhatsApp Number").fill("someone@");
    await page.getByRole("button", { name: "View RSVP" }).click();
    await expect(page.locator("[data-slot=field]").getByText("Please enter a valid email address.")).toBeVisible();
    await page.getByLabel("WhatsApp Number").fill("+351000000001");
    await page.getByRole("button", { name: "View RSVP" }).click();
    await expect(page.getByText("Authentication failed - Could not find your RSVP. Please check your information.")).toBeVisible();
  });

  test("a phone number signs the party in", async ({ page, api, js }) => {
    const party = await api.createParty();
    const phone = `+3519${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    await api.addMember(party.id, { firstName: "Pedro", lastName: "Phone", phone });
    await open(page, "/my-rsvp?method=whatsapp", js);
    await page.getByLabel("WhatsApp Number").fill(phone);
    await page.getByRole("button", { name: "View RSVP" }).click();
    await expect(page.getByText(`Hello, ${party.name}`)).toBeVisible();
    await expect(page.getByTestId("rsvp-status")).toHaveText("Not answered yet");
    await expect(page.getByRole("link", { name: "RSVP Now" })).toHaveAttribute("href", "/rsvp");
  });
});
