import { defineCatalog } from "../define";

/** Issue 23: news from the host, on /my-rsvp and in its e-mail. */
export const announcements = defineCatalog({
  en: {
    newsHeading: "News from the host",
    postedOn: "Sent on {date}",
    correctedOn: "corrected on {date}",
    correctionSubject: "Correction: {subject}",
    mailLinkIntro: "You can read every message from the host on your RSVP page.",
    mailLinkLabel: "Open my RSVP",
  },
  pt: {
    newsHeading: "Notícias do anfitrião",
    postedOn: "Enviada a {date}",
    correctedOn: "corrigida a {date}",
    correctionSubject: "Correção: {subject}",
    mailLinkIntro: "Pode ler todas as mensagens do anfitrião na sua página de resposta.",
    mailLinkLabel: "Abrir a minha resposta",
  },
});
