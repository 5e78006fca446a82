import { SpriteIcon } from "~/components/ui/sprite-icon";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { AGE_LABELS } from "~/schemas/admin-guest";
import { Panel } from "../page-header";
import { useHrefWith } from "../url-state";

type Member = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  ageCategory: "adult" | "kid" | "baby";
  /** Coming (issue 14): null until the party answers. */
  attending: boolean | null;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The party's members with edit and remove; the dialogs live on the page (URL state). */
export function MembersPanel({ members }: { members: Member[] }) {
  const hrefWith = useHrefWith();
  const count = (c: Member["ageCategory"]) => members.filter((m) => m.ageCategory === c).length;
  return (
    <Panel
      id="members"
      title={`Members (${members.length})`}
      description={`${plural(count("adult"), "adult", "adults")}, ${plural(count("kid"), "kid", "kids")}, ${plural(count("baby"), "baby", "babies")}`}
      actions={
        <Link to={hrefWith({ member: "new", remove: null })} preventScrollReset className={buttonVariants({ size: "sm" })}>
          <SpriteIcon name="plus" /> Add Member
        </Link>
      }
      className="print:hidden"
    >
      {members.length === 0 ? (
        <p className="text-sm text-muted-foreground">No members yet. Add the people this invitation is for.</p>
      ) : (
        <ul className="divide-y">
          {members.map((m) => {
            const name = `${m.firstName} ${m.lastName}`;
            return (
              <li key={m.id} className="flex items-center gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {name}
                    <Badge variant="outline">{AGE_LABELS[m.ageCategory]}</Badge>
                    {m.attending === null ? null : m.attending ? (
                      <Badge variant="success">Coming</Badge>
                    ) : (
                      <Badge variant="pending">Not coming</Badge>
                    )}
                  </p>
                  {m.email || m.phone ? (
                    <p className="truncate text-sm text-muted-foreground">{[m.email, m.phone].filter(Boolean).join(" · ")}</p>
                  ) : null}
                </div>
                <Link to={hrefWith({ member: m.id, remove: null })} preventScrollReset className={buttonVariants({ variant: "ghost", size: "icon-sm" })}>
                  <SpriteIcon name="pencil" />
                  <span className="sr-only">Edit {name}</span>
                </Link>
                <Link
                  to={hrefWith({ remove: m.id, member: null })}
                  preventScrollReset
                  className={buttonVariants({ variant: "ghost-danger", size: "icon-sm" })}
                >
                  <SpriteIcon name="trash" />
                  <span className="sr-only">Remove {name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
