// Issue 23: each mail's lane follows its kind; a lane lists only its own due mails.
import { beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { db } from "../db.server";
import { enqueueMail, laneOfKind, listPendingMails, markMailAttemptFailed } from "./outbox.server";
import { ensureSingletons } from "./seed.server";

const queue = (kind: string) => enqueueMail({ to: [`${kind}@example.com`], subject: kind, text: kind, kind, send: true, replyTo: null });

beforeEach(() => {
  ensureSingletons();
  db.delete(outbox).run();
});

describe("mail lanes", () => {
  it("puts what a guest waits for on the priority lane, everything else (new kinds too) on bulk", () => {
    expect(queue("sign-in-code").lane).toBe("priority");
    expect(queue("confirmation").lane).toBe("priority");
    for (const kind of ["invitation", "reminder", "announcement", "host-notice", "host-digest", "other", "something-new"]) {
      expect([kind, queue(kind).lane]).toEqual([kind, "bulk"]);
    }
    expect(enqueueMail({ to: ["x@example.com"], subject: "s", text: "t", send: true, replyTo: null }).lane).toBe("bulk");
    expect(laneOfKind("announcement")).toBe("bulk");
  });

  it("lists a lane's due mails only, oldest first; a bulk mail in its backoff pause is in neither list", () => {
    const invitation = queue("invitation");
    const retried = queue("reminder");
    const code = queue("sign-in-code");
    const confirmation = queue("confirmation");
    markMailAttemptFailed({ id: retried.id, error: "451 busy" });
    expect(listPendingMails({ lane: "priority" }).map((m) => m.id)).toEqual([code.id, confirmation.id]);
    expect(listPendingMails({ lane: "bulk" }).map((m) => m.id)).toEqual([invitation.id]);
  });
});
