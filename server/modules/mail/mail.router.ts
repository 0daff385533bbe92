import { publicProcedure, router, signedInProcedure } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { reminderPreferenceInput, unsubscribeInput } from "#shared/schemas/mail.js";
import { mailProblemRows, reminderPreferenceRows, setOwnReminders, unsubscribeByToken } from "./mail.data.js";
import {
  mailProblemsAnswer,
  presentMailProblems,
  presentReminderPreference,
  presentReminderPreferences,
} from "./mail.presenter.js";

/** Whether e-mail is set up, each member's reminder preference, and the admins' view of failed mail. */
export const mailRouter = router({
  /** Pages that would send mail say whether it is set up, so nobody waits for a mail that never comes. */
  status: publicProcedure
    .meta({ rest: { method: "GET", path: "/mail/status" } })
    .query(({ ctx }) => ({ emailEnabled: ctx.config.mail !== null })),

  preferences: signedInProcedure
    .meta({ rest: { method: "GET", path: "/mail/preferences" } })
    .query(async ({ ctx }) => presentReminderPreferences(await reminderPreferenceRows(ctx.em, ctx.user))),

  /** One's own reminders in one organization one belongs to; any other is "not found". */
  setPreference: signedInProcedure
    .meta({ rest: { method: "POST", path: "/mail/preferences" } })
    .input(reminderPreferenceInput)
    .mutation(async ({ ctx, input }) =>
      presentReminderPreference(
        await setOwnReminders(ctx.em, ctx.user, input.orgId, input.remindersEnabled),
        input.remindersEnabled,
      ),
    ),

  /** The link in a reminder: the signed token is the permission, so it works without signing in. */
  unsubscribe: publicProcedure
    .meta({ rest: { method: "POST", path: "/mail/unsubscribe" } })
    .input(unsubscribeInput)
    .mutation(({ ctx, input }) => unsubscribeByToken(ctx.em, input.token)),

  /** Mail of the organization that failed: given up, or still being retried after an error. */
  problems: permittedProcedure("mail.viewProblems")
    .meta({ rest: { method: "GET", path: "/mail/problems" }, answer: mailProblemsAnswer })
    .query(async ({ ctx }) => presentMailProblems(await mailProblemRows(ctx.em, ctx.organization.id))),
});
