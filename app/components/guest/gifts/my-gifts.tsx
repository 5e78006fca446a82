import { fmt, useLang, useT } from "~/i18n";
import type { MyGift } from "~/models/gifts/gifts.server";
import { formatCents, formatDate } from "~/utils/format";

/** The guest's own gifts and where each stands: promised, or received on a day. */
export function MyGifts({ gifts }: { gifts: MyGift[] }) {
  const g = useT().gifts;
  const lang = useLang();
  return (
    <section aria-labelledby="my-gifts-heading" className="space-y-2" data-testid="my-gifts">
      <h3 id="my-gifts-heading" className="font-display text-xl font-semibold">
        {g.yourGifts}
      </h3>
      {gifts.length ? (
        <ul className="list-disc space-y-1 pl-6">
          {gifts.map((gift) => (
            <li key={gift.id}>
              {fmt(g.giftLine, { amount: formatCents(gift.receivedAmount ?? gift.amount, lang), fund: gift.fundTitle })}
              {" · "}
              <span className="font-semibold">{gift.status === "received" ? `${g.received} ${formatDate(gift.receivedAt, lang)}` : g.promised}</span>
              {gift.reference ? <span className="whitespace-nowrap"> · {gift.reference}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{g.noGifts}</p>
      )}
    </section>
  );
}
