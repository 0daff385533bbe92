import { Check, Copy, Users } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { Label } from "#client/components/ui/label.js";
import { Textarea } from "#client/components/ui/textarea.js";
import { toast } from "#client/lib/toast.js";
import { BULK_INVITE_MAX } from "#shared/schemas/team-admin.js";
import { type InviteManyResult, useInviteMany } from "./admin-queries.js";
import { copyText } from "./invite-dialog.js";
import { type InviteLine, parseInviteLines } from "./invite-lines.js";
import { inviteLinkOnThisPage } from "./invite-link.js";
import { TEAM_TEXT } from "./queries.js";

/**
 * Invite many people at once (team/invite-many). Paste addresses, or CSV lines `name,email,role,tags`; the server
 * checks every row before inviting anyone, invites the valid ones and says why it refused the others.
 */
export function BulkInviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <BulkInviteBody onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function BulkInviteBody({ onClose }: { onClose: () => void }) {
  const fieldId = useId();
  const hintId = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ lines: InviteLine[]; answer: InviteManyResult } | null>(null);
  // The lines the last round refused, with why, while they are being fixed.
  const [toFix, setToFix] = useState<readonly RejectedLine[]>([]);
  const inviteMany = useInviteMany();

  if (result) {
    const rejected = rejectedLines(result.lines, result.answer);
    return (
      <BulkInviteResults
        lines={result.lines}
        answer={result.answer}
        onClose={onClose}
        onFix={
          rejected.length === 0
            ? undefined
            : () => {
                setToFix(rejected);
                setText(rejected.map((line) => line.source).join("\n"));
                setResult(null);
              }
        }
      />
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const lines = parseInviteLines(text);
    if (lines.length === 0) return setProblem("Paste at least one e-mail address or CSV line.");
    if (lines.length > BULK_INVITE_MAX) return setProblem(`At most ${BULK_INVITE_MAX} people can be invited at once.`);
    setProblem(null);
    const rows = lines.map(({ source: _source, ...row }) => row);
    inviteMany.mutate({ rows }, { onSuccess: (answer) => setResult({ lines, answer }) });
  };

  return (
    <DialogContent hideCloseButton={inviteMany.isPending} className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>Invite Several People</DialogTitle>
        <DialogDescription>
          Each person gets a personal link that works once and expires after 7 days.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={inviteMany.isPending || undefined}>
        {toFix.length > 0 && (
          <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <p className="font-medium">Fix these lines, then invite again:</p>
            <ul className="mt-1 flex list-disc flex-col gap-0.5 pl-5" aria-label="Lines to fix">
              {toFix.map((line) => (
                <li key={line.row} className="wrap-anywhere">
                  <span className="font-mono text-xs">{line.source}</span>: {line.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fieldId}>People to invite</Label>
          <Textarea
            id={fieldId}
            aria-describedby={hintId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={8}
            disabled={inviteMany.isPending}
            placeholder={"ann@example.com, bo@example.com\nCarla Diaz,carla@example.com,teacher,Operations;Driver"}
            className="font-mono text-sm"
          />
          <p id={hintId} className="text-sm text-slate-600">
            One line per person as <code className="text-slate-800">name,email,role,tags</code> (tags separated by
            semicolons; role and tags optional, the role defaults to User), or e-mail addresses alone.
          </p>
        </div>
        {(problem ?? inviteMany.error) && <FormAlert>{problem ?? inviteMany.error?.message}</FormAlert>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={inviteMany.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={inviteMany.isPending}>
            {!inviteMany.isPending && <Users />}
            Invite All
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

interface RejectedLine {
  row: number;
  source: string;
  reason: string;
}

/** The refused rows as the lines they came from, to be fixed and sent again. */
function rejectedLines(lines: readonly InviteLine[], answer: InviteManyResult): RejectedLine[] {
  return answer.rejected.map((row) => ({
    row: row.row,
    source: lines[row.row]?.source ?? row.email,
    reason: row.reason,
  }));
}

/** Whether the server is e-mailing the links: all of them, none, or some (e-mail set up, some not queued). */
function mailedText(invited: InviteManyResult["invited"]): string {
  const mailed = invited.filter((row) => row.emailed).length;
  if (invited.length === 0) return "";
  if (mailed === invited.length) {
    return invited.length === 1
      ? "We are e-mailing their link; you can also copy it."
      : "We are e-mailing each person their link; you can also copy them.";
  }
  if (mailed === 0) return "E-mail is not set up on this server: send each person their link yourself.";
  return "Those marked E-mailed get their link by e-mail; send the others theirs yourself.";
}

function BulkInviteResults({
  lines,
  answer,
  onClose,
  onFix,
}: {
  lines: InviteLine[];
  answer: InviteManyResult;
  onClose: () => void;
  /** Back to the form with the refused lines in it. */
  onFix: (() => void) | undefined;
}) {
  const [copied, setCopied] = useState<number | "all" | null>(null);
  const copy = async (text: string, which: number | "all") => {
    if (await copyText(text, null)) {
      setCopied(which);
      toast.success(TEAM_TEXT.linkCopied);
    } else toast.error(TEAM_TEXT.copyFailed);
  };
  const allLinks = answer.invited
    .map((row) => `${row.name} <${row.email}>: ${inviteLinkOnThisPage(row.inviteLink)}`)
    .join("\n");
  return (
    <DialogContent className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>
          {answer.invited.length === 0
            ? "No one invited"
            : answer.invited.length === 1
              ? "1 person invited"
              : `${answer.invited.length} people invited`}
        </DialogTitle>
        <DialogDescription>
          {mailedText(answer.invited)}{" "}
          {answer.rejected.length > 0 && `${answer.rejected.length} not invited: see why below.`}
        </DialogDescription>
      </DialogHeader>
      <div className="flex max-h-[55vh] flex-col gap-5 overflow-y-auto">
        {answer.invited.length > 0 && (
          <ul aria-label="Invited" className="flex flex-col gap-2">
            {answer.invited.map((row) => (
              <li
                key={row.invitationId}
                className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900 wrap-anywhere">{row.name}</p>
                  <p className="text-xs text-slate-600 wrap-anywhere">{row.email}</p>
                </div>
                {row.emailed && answer.invited.some((other) => !other.emailed) && (
                  <span className="shrink-0 text-xs font-medium text-emerald-700">E-mailed</span>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Copy invite link for ${row.name}`}
                  onClick={() => void copy(inviteLinkOnThisPage(row.inviteLink), row.invitationId)}
                >
                  {copied === row.invitationId ? <Check /> : <Copy />}
                  Copy link
                </Button>
              </li>
            ))}
          </ul>
        )}
        {answer.rejected.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-red-700">Not invited</h3>
            <ul aria-label="Not invited" className="mt-2 flex flex-col gap-2">
              {answer.rejected.map((row) => (
                <li key={row.row} className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm">
                  <p className="font-mono text-xs text-slate-700 wrap-anywhere">
                    Line {row.row + 1}: {lines[row.row]?.source ?? row.email}
                  </p>
                  <p className="text-red-800">{row.reason}</p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        {onFix && (
          <Button variant={answer.invited.length > 1 ? "outline" : "primary"} onClick={onFix}>
            Fix Rejected Lines
          </Button>
        )}
        {answer.invited.length > 1 && (
          <Button onClick={() => void copy(allLinks, "all")}>
            {copied === "all" ? <Check /> : <Copy />}
            Copy All Links
          </Button>
        )}
      </DialogFooter>
    </DialogContent>
  );
}
