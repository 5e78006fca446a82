import { Panel } from "~/components/admin/page-header";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { fmt, type Lang } from "~/i18n";
import { supplierListTexts } from "~/i18n/catalog/supplier-lists";
import type { CatererSharedView } from "~/models/supplier-views.server";

/** The caterer's figures (issue 14, menus issue 24), on the admin page and on a shared link (issue 27); in English or Portuguese (decision 071). */
export function CatererBody({ list, lang }: { list: CatererSharedView; lang: Lang }) {
  const { counts } = list;
  const t = supplierListTexts[lang];
  return (
    <>
      <StatGrid className="mb-6">
        <StatCard label={t.peopleComing} value={counts.total} />
        <StatCard label={t.adults} value={counts.adults} />
        <StatCard label={t.kids} value={counts.kids} />
        <StatCard label={t.babies} value={counts.babies} />
      </StatGrid>
      <Panel title={t.dietary} description={list.dietary.length ? undefined : t.noDietary}>
        {list.dietary.length ? (
          <ul className="divide-y" data-testid="dietary-list">
            {list.dietary.map((d, i) => (
              <li key={i} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
                <span className="w-56 shrink-0 font-medium">{d.name}</span>
                <span className="whitespace-pre-line">{d.text}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </Panel>
      {/* Issue 24: each menu question's totals by age group, then who eats what. */}
      {list.menus.map((m) => (
        <Panel key={m.key} title={m.text} className="mt-6">
          {/* Room between columns: the Portuguese headings are longer ("Crianças (>2 anos)"). */}
          <table className="w-full text-sm [&_td]:pr-3 [&_th]:pr-3" data-testid="menu-totals">
            <caption className="sr-only">{fmt(t.totalsCaption, { text: m.text })}</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1">{t.choice}</th>
                <th scope="col">{t.adults}</th>
                <th scope="col">{t.kids}</th>
                <th scope="col">{t.babies}</th>
                <th scope="col">{t.total}</th>
              </tr>
            </thead>
            <tbody>
              {m.totals.map((c) => (
                <tr key={c.key} className="border-t">
                  <th scope="row" className="py-1 text-left font-medium">{c.label}</th>
                  <td>{c.adults}</td>
                  <td>{c.kids}</td>
                  <td>{c.babies}</td>
                  <td>{c.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {m.people.length ? (
            <ul className="mt-4 columns-1 text-sm sm:columns-2" data-testid="menu-people">
              {m.people.map((p, i) => (
                <li key={i}>
                  {p.name}: {p.choice}
                </li>
              ))}
            </ul>
          ) : null}
        </Panel>
      ))}
      {list.tables.length ? (
        <Panel title={t.menusByTable} className="mt-6">
          <ul className="columns-1 text-sm sm:columns-2" data-testid="menus-by-table">
            {list.tables.map((tb) => (
              <li key={tb.table} className="mb-2 break-inside-avoid">
                <span className="font-medium">{fmt(t.tableName, { name: tb.table })}</span>: {tb.menus.map((m) => `${m.count} ${m.menu}`).join(", ")}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </>
  );
}
