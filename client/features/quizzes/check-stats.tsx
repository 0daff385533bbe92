import { useQuery } from "@tanstack/react-query";
import { BarChart3 } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { checkStatsQuery } from "./queries.js";

/** For content creators: how often each question of the check is answered wrongly (loaded when opened). */
export function CheckStatsPanel({ lessonId }: { lessonId: number }) {
  const [open, setOpen] = useState(false);
  const stats = useQuery({ ...checkStatsQuery(lessonId), enabled: open });
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen((now) => !now)}>
        <BarChart3 aria-hidden="true" />
        {open ? "Hide answer statistics" : "Show answer statistics"}
      </Button>
      {open && stats.data && (
        <div className="mt-3">
          <p className="text-sm text-slate-700">
            {stats.data.attempts} attempts by {stats.data.members} {stats.data.members === 1 ? "member" : "members"}
          </p>
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">Wrong answers per question</caption>
            <thead className="text-xs text-slate-600">
              <tr>
                <th className="py-1 pr-3 font-medium">Question</th>
                <th className="w-40 py-1 pr-3 font-medium">Answered wrongly</th>
              </tr>
            </thead>
            <tbody>
              {stats.data.questions.map((question, index) => (
                <tr key={question.questionId} className="border-t border-slate-200 align-top">
                  <td className="py-2 pr-3 break-words text-slate-900">
                    {index + 1}. {question.prompt}
                  </td>
                  <td className="py-2 pr-3 text-slate-700">
                    <span className="tabular-nums">
                      {question.wrong} of {question.answered} ({question.wrongPercent}%)
                    </span>
                    {/* The numbers say it; the bar, red for wrong (not the green of progress), only shows it. */}
                    <span
                      aria-hidden="true"
                      className="mt-1 block h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
                    >
                      <span className="block h-full bg-red-500" style={{ width: `${question.wrongPercent}%` }} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && stats.isError && <p className="mt-2 text-sm text-red-700">The statistics could not be loaded.</p>}
    </div>
  );
}
