import { expectAccessible, keepPicture } from "./utils";
import { expect, open, test } from "./guest-fixtures";

/*
 * Issue 22 (login CSRF): a visitor signed in as one party who opens another
 * party's invite link is asked before being switched, with and without
 * JavaScript; the switch is the form's POST.
 */
test("another party's invite link asks first, then switches on Continue", async ({ page, js, api }) => {
  const first = await api.createParty({ name: api.unique("First") });
  const second = await api.createParty({ name: api.unique("Second") });
  await api.addMember(first.id, { firstName: "Ana", lastName: "First" });
  await api.addMember(second.id, { firstName: "Rui", lastName: "Second" });

  await open(page, `/rsvp?code=${first.authCode}`, js);
  await expect(page.getByText(first.name).first()).toBeVisible();

  await open(page, `/rsvp?code=${second.authCode}`, js);
  await expect(page.getByText(`You are signed in as ${first.name}. Continue as ${second.name}?`)).toBeVisible();
  await expectAccessible(page);
  await keepPicture(page, `test-results/switch-invitation-${test.info().project.name}.png`);

  await page.getByRole("button", { name: `Continue as ${second.name}` }).click();
  await expect(page).toHaveURL(/\/rsvp$/);
  await expect(page.getByText(second.name).first()).toBeVisible();
});
