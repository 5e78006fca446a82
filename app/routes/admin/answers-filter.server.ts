import type { AnswerRowsFilter } from "~/models/answers.server";

/** /admin/answers' filters from its address (the page and its CSV read the same ones). */
export function answersFilterFrom(url: URL): AnswerRowsFilter {
  const status = url.searchParams.get("status");
  return {
    search: url.searchParams.get("q")?.slice(0, 200) || null,
    questionId: url.searchParams.get("question")?.slice(0, 100) || null,
    status: status === "answered" || status === "missing" ? status : null,
  };
}
