import { Form } from "react-router";
import { useLang, useT } from "~/i18n";
import { cn } from "~/utils/cn";
import { formatCents } from "~/utils/format";
import { button, control } from "../styles";

const labelClass = "flex flex-col gap-1 text-base font-medium text-ink";

/**
 * Issue 40: a pledge to one of the open funds: the fund, a suggested amount
 * or another in whole euros, a message to the host. A real form posted to
 * /my-rsvp/gifts (works without JavaScript).
 */
export function GiveForm({
  funds,
  suggested,
  fundId,
  errors,
  idPrefix = "give",
}: {
  funds: { id: string; title: string }[];
  suggested: number[];
  fundId?: string | null;
  errors?: Record<string, string[]> | null;
  idPrefix?: string;
}) {
  const t = useT();
  const g = t.gifts;
  const lang = useLang();
  const err = (name: string) => errors?.[name]?.[0];
  return (
    <Form method="post" action="/my-rsvp/gifts" className="space-y-4" aria-label={g.submit}>
      <input type="hidden" name="intent" value="pledge" />
      {funds.length === 1 ? (
        <input type="hidden" name="fundId" value={funds[0]!.id} />
      ) : (
        <label className={labelClass}>
          {g.fund}
          <select name="fundId" defaultValue={fundId ?? funds[0]?.id} className={cn(control, "h-12")}>
            {funds.map((f) => (
              <option key={f.id} value={f.id}>
                {f.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset className="space-y-2" aria-describedby={err("amount") ? `${idPrefix}-amount-error` : undefined}>
        <legend className="text-base font-medium text-ink">{g.suggested}</legend>
        <div className="flex flex-wrap gap-3">
          {suggested.map((cents, i) => (
            <label key={cents} className="flex items-center gap-2 rounded-xl border border-input bg-white px-4 py-2">
              <input type="radio" name="preset" value={String(cents / 100)} defaultChecked={i === 1} className="size-5" />
              {formatCents(cents, lang)}
            </label>
          ))}
          <label className="flex items-center gap-2 rounded-xl border border-input bg-white px-4 py-2">
            <input type="radio" name="preset" value="other" className="size-5" />
            {g.other}
          </label>
        </div>
        <label className={labelClass}>
          {g.amount}
          <input type="text" name="other" inputMode="numeric" pattern="[0-9]*" maxLength={7} className={cn(control, "h-12 max-w-40")} aria-invalid={err("amount") ? true : undefined} />
        </label>
        {err("amount") ? (
          <p id={`${idPrefix}-amount-error`} className="text-destructive">
            {err("amount")}
          </p>
        ) : null}
      </fieldset>
      <label className={labelClass}>
        {g.message}
        <textarea name="message" rows={3} maxLength={1000} className={cn(control, "py-3")} />
      </label>
      {err("fundId") ? <p className="text-destructive">{err("fundId")}</p> : null}
      <button type="submit" className={button.primary}>
        {g.submit}
      </button>
    </Form>
  );
}
