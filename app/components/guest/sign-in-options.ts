import type { Messages } from "~/i18n";
import type { SignInChoice } from "~/schemas/guest-sign-in";
import type { SignInOption } from "./sign-in-card";

type Enabled = { customCodeEnabled: boolean; emailEnabled: boolean; phoneEnabled: boolean };

/** /rsvp: only the methods the host has switched on (SPEC.md 2, stage 1). */
export function rsvpSignInOptions(settings: Enabled, t: Messages): SignInOption[] {
  const g = t.guest;
  const all: (SignInOption & { on: boolean })[] = [
    { value: "code", label: g.invitationCode, inputType: "text", autoComplete: "off", on: settings.customCodeEnabled },
    { value: "email", label: g.emailAddress, inputType: "email", autoComplete: "email", placeholder: g.emailPlaceholder, on: settings.emailEnabled },
    { value: "phone", label: g.phoneNumber, inputType: "tel", autoComplete: "tel", placeholder: "+351912345678", hint: g.phoneHint, on: settings.phoneEnabled },
  ];
  return all.filter((o) => o.on).map(({ on: _on, ...o }) => o);
}

/** /my-rsvp: "Invitation Code" or "WhatsApp Number" (which also takes an e-mail address). */
export function myRsvpSignInOptions(settings: Enabled, t: Messages): SignInOption[] {
  const options: SignInOption[] = [];
  if (settings.customCodeEnabled) options.push({ value: "code", label: t.guest.invitationCode, inputType: "text", autoComplete: "off" });
  if (settings.phoneEnabled || settings.emailEnabled) {
    options.push({
      value: "whatsapp",
      label: t.myRsvp.whatsappNumber,
      inputType: "text",
      autoComplete: "tel",
      placeholder: "+351912345678",
      hint: t.myRsvp.whatsappHint,
    });
  }
  return options;
}

export function chosenMethod(options: SignInOption[], requested: string | null): SignInChoice | null {
  return options.find((o) => o.value === requested)?.value ?? options[0]?.value ?? null;
}
