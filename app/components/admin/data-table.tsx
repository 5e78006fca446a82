import { cn } from "~/utils/cn";

export type Column<Row> = {
  /** Column heading; also the label shown beside the value on phones. */
  header: string;
  cell: (row: Row) => React.ReactNode;
  className?: string;
  /** Hide the heading visually (e.g. "Actions"); it stays for screen readers. */
  srOnlyHeader?: boolean;
};

/**
 * A dense table on desktop that turns into stacked cards under 768px
 * (DESIGN.md): each cell carries its column's name in `data-label`, shown
 * before the value on phones. Pure CSS, so it works without JavaScript.
 * Rows and cells take their styles from two classes in app.css (`data-row`,
 * `data-cell`): as utilities on every cell they made the guest list 5.9 MB of
 * HTML at 1,000 guests (issue 8). A column's className still overrides them.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  rowClassName,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Names the table for screen readers. */
  caption: string;
  empty?: React.ReactNode;
  rowClassName?: (row: Row) => string | undefined;
}) {
  if (rows.length === 0 && empty) {
    return <p className="rounded-lg border border-dashed bg-background px-4 py-10 text-center text-sm text-muted-foreground">{empty}</p>;
  }
  return (
    <div className="rounded-lg border-0 md:overflow-x-auto md:border md:bg-background md:shadow-xs">
      <table className="w-full text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-md:sr-only">
          <tr className="border-b bg-muted/50">
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={cn("data-head", c.className)}
              >
                {c.srOnlyHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={cn("data-row", rowClassName?.(row))}
            >
              {columns.map((c) => (
                <td
                  key={c.header}
                  data-label={c.header}
                  className={cn(c.srOnlyHeader ? "data-cell data-cell-bare" : "data-cell", c.className)}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
