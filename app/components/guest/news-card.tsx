import { GuestCard } from "~/components/guest/guest-shell";
import { LinkifiedText } from "~/components/linkified-text";
import { fmt, useLang, useT } from "~/i18n";
import { formatDate } from "~/utils/format";

export type NewsItem = { id: string; at: string; correctedAt: string | null; subject: string; body: string };

/** Issue 23: "News from the host" on /my-rsvp, newest first, as plain text (never HTML). */
export function NewsCard({ items }: { items: NewsItem[] }) {
  const t = useT().announcements;
  const lang = useLang();
  return (
    <GuestCard id="news" title={t.newsHeading}>
      <ol className="flex flex-col divide-y divide-ink/10">
        {items.map((item) => (
          <li key={item.id} className="py-5 first:pt-0 last:pb-0">
            <article aria-labelledby={`news-${item.id}`}>
              <h3 id={`news-${item.id}`} className="font-display text-2xl font-semibold text-ink [overflow-wrap:anywhere]">
                {item.subject}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">
                <time dateTime={item.at}>{fmt(t.postedOn, { date: formatDate(item.at, lang) })}</time>
                {item.correctedAt ? `, ${fmt(t.correctedOn, { date: formatDate(item.correctedAt, lang) })}` : null}
              </p>
              <LinkifiedText text={item.body} className="mt-3 text-lg leading-relaxed" linkClassName="text-wine" />
            </article>
          </li>
        ))}
      </ol>
    </GuestCard>
  );
}
