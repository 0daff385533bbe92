import { createFileRoute } from "@tanstack/react-router";
import { CenteredCardPage } from "#client/components/layout/centered-card-page.js";
import { tokenSearch } from "#client/features/mail/outcome.js";
import { UnsubscribeCard } from "#client/features/mail/unsubscribe-card.js";

export const Route = createFileRoute("/unsubscribe")({
  validateSearch: tokenSearch,
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const { token } = Route.useSearch();
  return (
    <CenteredCardPage>
      <div className="flex flex-col gap-6 p-6 sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">Training reminders</h1>
        <UnsubscribeCard token={token} />
      </div>
    </CenteredCardPage>
  );
}
