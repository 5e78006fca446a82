import { expectAccessible } from "./utils";
import { expect, open, test } from "./guest-fixtures";

// A browser that asks for Portuguese gets every guest text in Portuguese (pt-PT).
test.use({ locale: "pt-PT" });

// Whole journeys, several pages and accessibility checks each.
test.describe.configure({ timeout: 90_000 });

test.describe("the guest pages in Portuguese", () => {
  test("sign-in, messages, form and My RSVP", async ({ page, api, js }) => {
    await open(page, "/rsvp", js);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    await expect(page.getByRole("heading", { name: "Autenticação de convidado" })).toBeVisible();
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.locator("[data-slot=field]").getByText("Introduza o seu código do convite")).toBeVisible();
    await page.getByRole("link", { name: "Número de telefone" }).click();
    await page.getByLabel("Número de telefone").fill("912345678");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(
      page.locator("[data-slot=field]").getByText("O número de telefone tem de começar pelo indicativo do país (ex.: +351912345678)"),
    ).toBeVisible();
    await expectAccessible(page);

    const party = await api.createParty();
    await api.addMember(party.id, { firstName: "Joana", lastName: "Sousa" });
    const room = await api.createRoomType({ name: api.unique("Quarto"), pricePerNight: 250 });
    await api.assignRoom({ partyId: party.id, roomTypeId: room.id, paymentDeadline: "2026-06-01" });
    await open(page, `/rsvp?code=${party.authCode}`, js);
    await expect(page.getByText(`Bem-vindos, ${party.name}!`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Vai estar presente?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Membros do grupo" })).toBeVisible();
    await page.getByRole("button", { name: "Enviar resposta" }).click();
    await expect(
      page.getByText("Decisão sobre os quartos obrigatória - Confirme ou recuse todos os quartos atribuídos antes de enviar a sua resposta."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByText("Confirmado", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Enviar resposta" }).click();
    await expect(page.getByRole("heading", { name: "Obrigado" })).toBeVisible();
    await expect(page.getByText("Recebemos a sua resposta")).toBeVisible();
    await expect(page.getByTestId("payment-total")).toHaveText("250,00 €");
    await expect(page.getByTestId("payment-deadline").first()).toHaveText("1 de junho de 2026");

    await page.getByRole("link", { name: "Ver a minha resposta" }).click();
    await expect(page.getByRole("heading", { name: "Estado da resposta" })).toBeVisible();
    await expect(page.getByTestId("rsvp-status")).toHaveText("Vai estar presente");
    await expect(page.getByRole("link", { name: "Adicionar ao calendário" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the language switch on a guest page keeps the page", async ({ page, js }) => {
    await open(page, "/my-rsvp?method=whatsapp", js);
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "View Your RSVP" })).toBeVisible();
    await page.getByRole("button", { name: "Português" }).click();
    await expect(page).toHaveURL(/\/my-rsvp\?method=whatsapp$/);
    await expect(page.getByRole("heading", { name: "Ver a sua resposta" })).toBeVisible();
    await expect(page.getByLabel("Número de WhatsApp")).toBeVisible();
  });
});
