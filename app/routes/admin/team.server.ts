import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { deleteHelper, inviteHelper, listTeam, reinviteHelper, updateHelper } from "~/models/team.server";
import { teamFormSchema } from "~/schemas/team";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { kickMailer, mailSendingEnabled } from "~/utils/mailer.server";
import { now } from "~/utils/clock.server";
import { publicOrigin } from "~/utils/origin.server";

/** /admin/team (owner only: app/models/roles.server.ts refuses the others before this runs). */
export async function teamLoader(request: Request) {
  await requireAdminPage(request);
  return { team: listTeam(), smtp: mailSendingEnabled() };
}

/** Invite, change a role, disable or enable, re-invite, remove: the same model functions as /api/team. */
export async function teamAction(request: Request) {
  await requireAdminPage(request);
  const submission = parseWithZod(await request.formData(), { schema: teamFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const opts = { linkBase: publicOrigin(), send: mailSendingEnabled(), now: now() };
  try {
    if (v.intent === "invite" || v.intent === "reinvite") {
      const { member, inviteUrl } = v.intent === "invite" ? inviteHelper(v, opts) : reinviteHelper(v.id, opts);
      kickMailer();
      // Shown this once: only the link's hash is kept.
      return data({ result: submission.reply({ resetForm: true }), invited: { name: member.name, url: inviteUrl, mailed: opts.send } });
    }
    if (v.intent === "remove") {
      const removed = listTeam().find((m) => m.id === v.id);
      deleteHelper(v.id);
      const description = `${removed?.name ?? "The helper"} is no longer on the team and is signed out.`;
      return redirectWithToast(request, "/admin/team", { type: "success", title: "Team updated", description });
    }
    const member = updateHelper(v.id, v.intent === "role" ? { role: v.role } : { disabled: v.intent === "disable" });
    const said = v.intent === "role" ? `${member.name} is now ${member.role}.` : v.intent === "disable" ? `${member.name} is disabled and signed out.` : `${member.name} can sign in again.`;
    return redirectWithToast(request, "/admin/team", { type: "success", title: "Team updated", description: said });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message], fieldErrors: error.errors }) }, { status: error.status });
  }
}
