/*
 * How guests pay for their rooms: the one place these details live. The
 * payment card on /rsvp and /my-rsvp and the confirmation e-mail all read
 * them from here. The host edits this file (and redeploys) if an account
 * changes; the details are fictional placeholders of the right shape.
 */
export const PAYMENT_DETAILS = {
  moneyTransfer: {
    provider: "Wise",
    url: "https://wise.com/pay/me/marianac40",
  },
  bankTransfer: {
    accountHolder: "Mariana Carvalho Sousa",
    iban: "PT50 0035 0651 0000 4821 7730 5",
    bic: "CGDIPTPL",
    bankName: "Caixa Geral de Depósitos",
    bankAddress: "Avenida João XXI, 63, 1000-300 Lisboa, Portugal",
  },
  mobilePayment: {
    app: "MB WAY / Revolut",
    phone: "+351 912 480 040",
    holder: "Mariana Sousa",
  },
} as const;

export type PaymentDetails = typeof PAYMENT_DETAILS;
