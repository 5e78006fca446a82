import { Form, Link } from "react-router";
import { useHrefWith } from "~/components/admin/url-state";
import { Panel } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { SeatingBoard } from "./board-type";

const lbl = "flex flex-col gap-1 text-xs font-medium";

/** Issue 37: the host's rules in words, and a form per kind. Names are typed (one shared list suggests them). */
export function SeatingRules({ board, canWrite, adding }: { board: SeatingBoard; canWrite: boolean; adding: boolean }) {
  const hrefWith = useHrefWith();
  return (
    <Panel title="Rules" description="Apart is a hard rule. Wishes, the kids' table and languages are kept where possible.">
      {board.rules.length ? (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Rules">
          {board.rules.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-1">
              <span>{r.words}</span>
              {canWrite ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="rule-delete" />
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" className={buttonVariants({ size: "sm", variant: "ghost" })}>
                    Remove<span className="sr-only"> rule: {r.words}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No rules yet: parties sit together, tables hold their seats.</p>
      )}
      {canWrite && !adding ? (
        // The forms (and the names they suggest, 340 at full size) only when asked for: the page stays small.
        <Link to={hrefWith({ rules: 1 })} preventScrollReset className="mt-3 inline-block text-sm text-primary underline">
          Add a rule
        </Link>
      ) : null}
      {canWrite && adding ? (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <datalist id="seating-names">
            {board.names.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
          <RuleForm kind="apart" title="Must not sit together" first="Guest" second="Other guest" />
          <RuleForm kind="together" title="Would like to sit together" first="Guest or party" second="Other guest or party" />
          <RuleForm kind="split" title="A party may split (two neighbouring tables)" first="Party" />
          <Form method="post" className="flex flex-col gap-2 rounded-md border p-3" aria-label="Kids' table">
            <input type="hidden" name="intent" value="rule-add" />
            <input type="hidden" name="kind" value="kids-table" />
            <h3 className="text-sm font-semibold">Kids' table</h3>
            <label className={lbl}>
              Table
              <select name="tableId" className="control control-line">
                {board.tables.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="flex gap-3 text-xs">
              <legend className="sr-only">Age groups</legend>
              <label className="flex items-center gap-1">
                <input type="checkbox" name="ages" value="kid" defaultChecked className="size-4" /> Kids
              </label>
              <label className="flex items-center gap-1">
                <input type="checkbox" name="ages" value="baby" className="size-4" /> Babies
              </label>
            </fieldset>
            <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
              Set the kids' table
            </button>
          </Form>
          <Form method="post" className="flex flex-col gap-2 rounded-md border p-3">
            <input type="hidden" name="intent" value="rule-add" />
            <input type="hidden" name="kind" value="language" />
            <h3 className="text-sm font-semibold">Languages</h3>
            <p className="text-xs text-muted-foreground">Keep speakers of a language together where possible (each party's language).</p>
            <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
              Keep languages together
            </button>
          </Form>
        </div>
      ) : null}
    </Panel>
  );
}

function RuleForm({ kind, title, first, second }: { kind: string; title: string; first: string; second?: string }) {
  return (
    <Form method="post" className="flex flex-col gap-2 rounded-md border p-3" aria-label={title}>
      <input type="hidden" name="intent" value="rule-add" />
      <input type="hidden" name="kind" value={kind} />
      <h3 className="text-sm font-semibold">{title}</h3>
      <label className={lbl}>
        {first}
        <Input name="first" list="seating-names" required autoComplete="off" />
      </label>
      {second ? (
        <label className={lbl}>
          {second}
          <Input name="second" list="seating-names" required autoComplete="off" />
        </label>
      ) : null}
      <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
        Add rule
      </button>
    </Form>
  );
}
