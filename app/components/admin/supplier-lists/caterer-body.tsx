import { Panel } from "~/components/admin/page-header";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import type { CatererSharedView } from "~/models/supplier-views.server";

/** The caterer's figures (issue 14, menus issue 24), on the admin page and on a shared link (issue 27). */
export function CatererBody({ list }: { list: CatererSharedView }) {
  const { counts } = list;
  return (
    <>
      <StatGrid className="mb-6">
        <StatCard label="People coming" value={counts.total} />
        <StatCard label="Adults" value={counts.adults} />
        <StatCard label="Kids (>2y)" value={counts.kids} />
        <StatCard label="Babies (≤2y)" value={counts.babies} />
      </StatGrid>
      <Panel title="Dietary needs" description={list.dietary.length ? undefined : "Nobody coming has told us of one."}>
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
          <table className="w-full text-sm" data-testid="menu-totals">
            <caption className="sr-only">{m.text}: totals by age group</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1">Choice</th>
                <th scope="col">Adults</th>
                <th scope="col">Kids (&gt;2y)</th>
                <th scope="col">Babies (≤2y)</th>
                <th scope="col">Total</th>
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
    </>
  );
}
