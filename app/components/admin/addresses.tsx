import { Fragment } from "react";

/**
 * E-mail addresses that wrap only where a reader expects (issue 36): between
 * addresses, before the "@" and after a dot, never in the middle of a word
 * (overflow-wrap: anywhere cut "ana.silva@exam|ple.com" at 390 px).
 */
export function Addresses({ text }: { text: string }) {
  const parts = text.split(/(?=@)|(?<=\.)/);
  return (
    <span className="break-words">
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i ? <wbr /> : null}
          {p}
        </Fragment>
      ))}
    </span>
  );
}
