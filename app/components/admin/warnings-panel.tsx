import { Panel } from "./page-header";

/** A page's warnings (what changed since a plan was saved), amber, one a line; nothing when there are none. */
export function WarningsPanel({ warnings, description }: { warnings: Array<{ message: string }>; description?: string }) {
  if (!warnings.length) return null;
  return (
    <Panel title="Warnings" description={description}>
      <ul className="flex flex-col gap-1 text-sm" aria-label="Warnings">
        {warnings.map((w, i) => (
          <li key={i} className="rounded-md bg-amber-50 px-3 py-2 text-amber-950">
            {w.message}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
