import { fmt, useLang, useT } from "~/i18n";
import type { GuestGiftFund } from "~/models/gifts/gifts.server";
import { formatCents, formatDate } from "~/utils/format";

/** A fund as a guest reads it: its text and picture; the total, the names or only a count, as the host chose. */
export function FundSummary({ fund }: { fund: GuestGiftFund }) {
  const g = useT().gifts;
  const lang = useLang();
  const money = (c: number) => formatCents(c, lang);
  return (
    <article className="space-y-2" data-testid="gift-fund">
      <h3 className="font-display text-2xl font-semibold">{fund.title}</h3>
      {fund.imageId ? <img src={fund.imageId} alt="" width={480} height={320} loading="lazy" className="h-auto w-full max-w-md rounded-xl" /> : null}
      {fund.text ? <p className="whitespace-pre-line">{fund.text}</p> : null}
      {fund.total != null ? (
        <div>
          <p className="font-semibold">{fund.goal ? fmt(g.raisedOfGoal, { total: money(fund.total), goal: money(fund.goal) }) : fmt(g.raised, { total: money(fund.total) })}</p>
          {fund.goal ? (
            <div role="progressbar" aria-label={fund.title} aria-valuemin={0} aria-valuemax={fund.goal} aria-valuenow={Math.min(fund.total, fund.goal)} className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-wine/15">
              <div className="h-full rounded-full bg-wine" style={{ width: `${Math.min(100, (fund.total / fund.goal) * 100)}%` }} />
            </div>
          ) : null}
        </div>
      ) : null}
      {fund.givers ? (fund.givers.length ? <p>{fmt(g.givenBy, { names: fund.givers.join(", ") })}</p> : null) : <p>{fmt(g.giverCount, { count: fund.giverCount })}</p>}
      {fund.closesAt ? <p className="text-muted-foreground">{fmt(g.closes, { date: formatDate(fund.closesAt, lang) })}</p> : null}
    </article>
  );
}
