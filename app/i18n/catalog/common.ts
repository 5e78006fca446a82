import { defineCatalog } from "../define";

export const common = defineCatalog({
  en: {
    titleSuffix: " | Event RSVP",
    loading: "Loading...",
    backToHome: "Back to Home",
    language: "Language",
    english: "English",
    portuguese: "Português",
    close: "Close",
    notFoundTitle: "Page Not Found",
    notFoundText: "Sorry, we couldn't find the page you were looking for.",
    notFoundHint: "Did you forget to add the page to the router?",
    errorTitle: "Something went wrong",
    errorText: "Please try again in a moment. If it keeps happening, let the host know.",
    admin: "Admin",
  },
  pt: {
    titleSuffix: " | RSVP do Evento",
    loading: "A carregar...",
    backToHome: "Voltar ao início",
    language: "Idioma",
    english: "English",
    portuguese: "Português",
    close: "Fechar",
    notFoundTitle: "Página não encontrada",
    notFoundText: "Lamentamos, não encontrámos a página que procura.",
    notFoundHint: "Esqueceu-se de adicionar a página ao router?",
    errorTitle: "Algo correu mal",
    errorText: "Tente novamente dentro de momentos. Se continuar a acontecer, avise o anfitrião.",
    admin: "Admin",
  },
});
