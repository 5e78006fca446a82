import { Form, Link } from "react-router";
import { fmt, useT } from "~/i18n";
import type { SwitchLink } from "~/schemas/guest-switch";
import { GuestCard } from "./guest-shell";
import { button } from "./styles";

/**
 * Opening another invitee's link while signed in (issue 22): the switch is a
 * POST the visitor confirms, so a page elsewhere cannot sign them in to a
 * party not theirs. A plain form: works without JavaScript.
 */
export function SwitchInvitationCard({ current, other, link, action }: { current: string; other: string; link: SwitchLink; action: string }) {
  const t = useT().rsvp;
  return (
    <GuestCard title={t.switchTitle}>
      <p className="text-lg">{fmt(t.switchText, { current, other })}</p>
      <Form method="post" action={action} className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <input type="hidden" name="intent" value="switch-invitation" />
        {"code" in link ? <input type="hidden" name="code" value={link.code} /> : <input type="hidden" name="emailToken" value={link.emailToken} />}
        <button type="submit" className={button.primary}>
          {fmt(t.switchContinue, { other })}
        </button>
        <Link to="/rsvp" className={button.quiet}>
          {fmt(t.switchStay, { current })}
        </Link>
      </Form>
    </GuestCard>
  );
}
