import type { Route } from "./+types/answers";
import { CsvLinks } from "~/components/admin/csv-links";
import { PageHeader } from "~/components/admin/page-header";
import { FilterForm, FilterSelect } from "~/components/admin/search-form";
import { pageOf, Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { answerRows } from "~/models/answers.server";
import { answersFilterFrom } from "~/routes/admin/answers-filter.server";
import { requireAdminPage } from "~/session.server";
import { useHydrated } from "~/utils/hydrated";

export const meta: Route.MetaFunction = () => [{ title: "Answers | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const filter = answersFilterFrom(url);
  const { questions, rows: all } = answerRows(filter);
  const { rows, pagination } = pageOf(all, url);
  return { questions, rows, pagination, filter: { q: filter.search ?? "", question: filter.questionId ?? "", status: filter.status ?? "" }, query: url.search };
}

const AGE = { adult: "Adult", kid: "Kid", baby: "Baby" } as const;

/** Issue 24: every person's answers to the host's questions, one row each. */
export default function Answers({ loaderData }: Route.ComponentProps) {
  const { questions, rows, pagination, filter, query } = loaderData;
  const hydrated = useHydrated();
  const csv = `/admin/answers.csv${query.replace(/([?&])page=\d+&?/, "$1").replace(/[?&]$/, "")}`;
  return (
    <>
      <PageHeader title="Answers" description="Each person's answers to your questions. A dash: not asked of them." actions={<CsvLinks href={csv} />} />
      <FilterForm label="Search and filter the answers" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-col gap-1.5">
          <Label htmlFor="answers-q">Search</Label>
          <Input id="answers-q" name="q" type="search" defaultValue={filter.q} placeholder="Name or party" className="h-9" />
        </div>
        <FilterSelect
          id="answers-question"
          label="Question"
          name="question"
          value={filter.question}
          any="All questions"
          options={questions.map((q) => ({ value: q.id, label: q.retired ? `${q.text} (retired)` : q.text }))}
          className="flex min-w-56 flex-col gap-1.5"
        />
        <FilterSelect
          id="answers-status"
          label="Answers"
          name="status"
          value={filter.status}
          any="Everyone"
          options={[
            { value: "answered", label: "Has answered" },
            { value: "missing", label: "A required answer missing" },
          ]}
          className="flex min-w-44 flex-col gap-1.5"
        />
        <Button type="submit" size="sm" variant="secondary">
          {hydrated ? "Search" : "Apply"}
        </Button>
      </FilterForm>
      {rows.length ? (
        <div className="overflow-x-auto rounded-lg border bg-background">
          <table className="w-full text-sm">
            <caption className="sr-only">Answers, one row per person</caption>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="p-2">Person</th>
                <th scope="col" className="p-2">Party</th>
                {questions.map((q) => (
                  <th key={q.id} scope="col" className="p-2">
                    {q.text}
                    {q.retired ? <span className="font-normal text-muted-foreground"> (retired)</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.guestId} className="border-b last:border-0">
                  <th scope="row" className="p-2 text-left font-medium">
                    {r.name} <span className="font-normal text-muted-foreground">({AGE[r.ageCategory]})</span>
                  </th>
                  <td className="p-2">{r.partyId ? <a href={`/admin/parties/${r.partyId}`} className="underline-offset-4 hover:underline">{r.partyName}</a> : "-"}</td>
                  {questions.map((q) => (
                    <td key={q.id} className="p-2">{r.cells[q.id] === null ? "-" : r.cells[q.id] || <span className="text-muted-foreground">No answer</span>}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="rounded-lg border border-dashed bg-background px-4 py-10 text-center text-sm text-muted-foreground">Nobody matches.</p>
      )}
      <div className="mt-4">
        <Pagination pagination={pagination} label="Answers pages" />
      </div>
    </>
  );
}
