import { expectAccessible } from "./utils";
import { E2E_ADMIN_PASSWORD } from "./utils";
import { expect, isPhone, open, settle, test } from "./guest-fixtures";

/*
 * Issue 24: a party of three answers the dinner's menus at 390 px, with
 * JavaScript and without, in English and in Portuguese. The menu is asked
 * once the dinner is ticked; "Which cut?" only of whoever chose meat. Each
 * run makes its own dinner, so the demo's questions and other runs stay apart.
 */

test.describe.configure({ timeout: 90_000 });

const TEXTS = {
  en: { forPerson: "For", meat: "Meat", fish: "Fish", kids: "Children's menu", menu: "Dinner menu", cut: "Which cut?", onlyIf: "Only if you attend", onlyIfMeat: "Only if you answered Meat to “Dinner menu”", missing: "Please choose a dinner menu for Leo" },
  pt: { forPerson: "Para", meat: "Carne", fish: "Peixe", kids: "Menu infantil", menu: "Menu do jantar", cut: "Que corte?", onlyIf: "Só se for a", onlyIfMeat: "Só se respondeu Carne a “Menu do jantar”", missing: "Escolha uma opção em \"Menu do jantar\" para Leo" },
} as const;

for (const lang of ["en", "pt"] as const) {
  test(`a party of three answers its menus (${lang})`, async ({ page, api, js, playwright, baseURL }, testInfo) => {
    test.skip(!isPhone(testInfo), "the phone projects (390 px) cover it");
    const x = TEXTS[lang];
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } })).status()).toBe(200);
    const post = async (path: string, data: unknown) => {
      const res = await admin.post(path, { data });
      expect(res.status(), await res.text()).toBe(201);
      return res.json();
    };
    const dinner = await post("/api/events", { title: api.unique("Menu Dinner"), titlePt: null, date: "Saturday", timeFrom: "8 PM", timeTo: "11 PM" });
    const menu = await post("/api/questions", {
      text: "Dinner menu", textPt: "Menu do jantar", type: "choice", per: "person", eventId: dinner.id, required: true,
      choices: [{ label: "Meat", labelPt: "Carne" }, { label: "Fish", labelPt: "Peixe" }, { label: "Children's menu", labelPt: "Menu infantil" }],
    });
    const cut = await post("/api/questions", { text: "Which cut?", textPt: "Que corte?", type: "text", per: "person", eventId: dinner.id, showIf: { questionId: menu.id, choiceIds: [menu.choices[0].id] } });
    const party = await api.createParty();
    await api.addMember(party.id, { firstName: "Ana", lastName: "Menu" });
    await api.addMember(party.id, { firstName: "Rui", lastName: "Menu" });
    await api.addMember(party.id, { firstName: "Leo", lastName: "Menu", ageCategory: "kid" });
    // Other runs' dinners and questions share the server: each field is found by its question.
    const [meat, fish, kids] = menu.choices.map((c: { id: string }) => c.id) as [string, string, string];
    const choose = (name: string, choiceId: string) => person(name).locator(`input[name^="answer:${menu.id}:"][value="${choiceId}"]`);
    const cutOf = (name: string) => person(name).locator(`input[name^="answer:${cut.id}:"]`);

    const person = (name: string) => page.getByRole("group", { name: `${x.forPerson} ${name}` });
    await open(page, `/rsvp?code=${party.authCode}&lang=${lang}`, js);
    const dinnerBox = page.getByTestId("event").filter({ hasText: dinner.title }).getByRole("checkbox");

    if (js) {
      // Not asked until the dinner is ticked; then each person's menu, labelled in the page's language.
      await expect(choose("Ana", meat)).toBeHidden();
      await dinnerBox.check();
      await expect(choose("Ana", meat)).toBeVisible();
      await expect(person("Ana").getByRole("radio", { name: x.meat })).toBeVisible();
      await expect(cutOf("Ana")).toBeHidden();
      await choose("Ana", meat).check();
      await expect(cutOf("Ana")).toBeVisible();
      await choose("Rui", fish).check();
      await expect(cutOf("Rui")).toBeHidden();
      // Changing her mind hides the question again.
      await choose("Ana", fish).check();
      await expect(cutOf("Ana")).toBeHidden();
      await choose("Ana", meat).check();
    } else {
      // Without JavaScript every question shows, with when it applies.
      await expect(person("Ana").getByText(`${x.onlyIf} ${dinner.title}`).first()).toBeVisible();
      await expect(person("Ana").getByText(x.onlyIfMeat).first()).toBeVisible();
      await dinnerBox.check();
      await choose("Ana", meat).check();
      await choose("Rui", fish).check();
      // Rui chose fish: his cut is ignored by the server.
      await cutOf("Rui").fill("Ignored");
    }
    await cutOf("Ana").fill("Sirloin");
    await expectAccessible(page);

    // Leo's menu is missing: the message sits next to his question, nothing is stored.
    await page.locator("button[name=intent][value=submit]").click();
    await settle(page, js);
    await expect(person("Leo").getByText(x.missing)).toBeVisible();
    expect(((await (await admin.get(`/api/answers?questionId=${menu.id}`)).json()) as { items: unknown[] }).items).toHaveLength(0);
    await expectAccessible(page);

    await choose("Leo", kids).check();
    await page.locator("button[name=intent][value=submit]").click();
    await settle(page, js);
    await expect(page).toHaveURL(/step=done/);

    const menus = (await (await admin.get(`/api/answers?questionId=${menu.id}`)).json()) as { totals: Record<string, Record<string, number>> };
    expect(menus.totals[menu.id]).toEqual({ [menu.choices[0].id]: 1, [menu.choices[1].id]: 1, [menu.choices[2].id]: 1 });
    const cuts = (await (await admin.get(`/api/answers?questionId=${cut.id}`)).json()) as { items: Array<{ value: string }> };
    expect(cuts.items.map((i) => i.value)).toEqual(["Sirloin"]);

    // My RSVP shows the answers and changes one.
    await open(page, "/my-rsvp", js);
    const mine = page.locator("#my-questions");
    await expect(mine.locator(`input[name^="answer:${menu.id}:"][value="${meat}"]`).first()).toBeChecked();
    await mine.getByRole("group", { name: `${x.forPerson} Rui` }).locator(`input[name^="answer:${menu.id}:"][value="${meat}"]`).check();
    await mine.getByRole("button").last().click();
    await settle(page, js);
    const after = (await (await admin.get(`/api/answers?questionId=${menu.id}`)).json()) as { totals: Record<string, Record<string, number>> };
    expect(after.totals[menu.id]![menu.choices[0].id]).toBe(2);
    await admin.dispose();
  });
}
