import { Link } from "react-router";
import type { SharedContact } from "~/models/identity-owner.server";

/**
 * Issue 22: e-mail addresses and phone numbers that more than one invitation
 * holds (saved before the rule). They sign in to nobody until the host gives
 * each to one invitation; each holder links to where it is edited.
 */
export function SharedContactsNotice({ contacts, total }: { contacts: SharedContact[]; total: number }) {
  if (total === 0) return null;
  return (
    <section
      role="status"
      aria-labelledby="shared-contacts-title"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="shared-contacts"
    >
      <h2 id="shared-contacts-title" className="font-semibold">
        {total === 1 ? "1 e-mail or phone belongs to more than one invitation" : `${total} e-mails or phones belong to more than one invitation`}
      </h2>
      <p className="mt-1">
        Guests cannot sign in with these until each belongs to one invitation (a party with its members, or an individual guest). Change or
        remove each on the invitation it links to.
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {contacts.map((c) => (
          <li key={`${c.kind}:${c.value}`} className="[overflow-wrap:anywhere]">
            <span className="font-medium">{c.value}</span> <span className="text-amber-900">({c.kind === "email" ? "e-mail" : "phone"})</span>:{" "}
            {c.holders.map((h, i) => (
              <span key={`${h.type}:${h.id}`}>
                {i > 0 ? ", " : null}
                <Link className="underline underline-offset-2" to={h.type === "party" ? `/admin/parties/${h.id}` : `/admin/guests?edit=${h.id}`}>
                  {h.type === "party" ? `${h.name} (party)` : `${h.name} (guest)`}
                </Link>
              </span>
            ))}
          </li>
        ))}
      </ul>
      {total > contacts.length ? <p className="mt-2">{`And ${total - contacts.length} more: resolve these first.`}</p> : null}
    </section>
  );
}
