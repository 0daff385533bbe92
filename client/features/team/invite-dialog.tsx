import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Copy, UserPlus } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
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
import { errorMessage } from "#client/lib/errors.js";
import { toast } from "#client/lib/toast.js";
import { DEFAULT_INVITE_ROLE } from "#shared/constants.js";
import type { Role } from "#shared/roles.js";
import { inviteLinkOnThisPage } from "./invite-link.js";
import { inviteFormSchema, MemberFields, type MemberFormValues } from "./member-fields.js";
import { TEAM_TEXT, useInvite } from "./queries.js";

export interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The roles the inviter may give (a manager never grants admin). */
  allowedRoles: readonly Role[];
}

/** docs/SPEC.md §2: name, email, role (default user) and tags; on success the link, a copy button and Close. */
export function InviteDialog({ open, onOpenChange, allowedRoles }: InviteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && <InviteDialogBody allowedRoles={allowedRoles} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function InviteDialogBody({ allowedRoles, onClose }: { allowedRoles: readonly Role[]; onClose: () => void }) {
  const invite = useInvite();
  // The control that opened the dialog ("Invite Member"), as the body first renders: the link's content
  // replaces the form's, so its own record of the opener is the form's submit button, gone (or <body>,
  // where focus fell while that button was disabled).
  const [opener] = useState(() => document.activeElement);
  const [result, setResult] = useState<{ link: string; name: string; emailed: boolean } | null>(null);
  const form = useForm<MemberFormValues>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { name: "", email: "", role: DEFAULT_INVITE_ROLE, tagIds: [] },
  });

  const onSubmit = form.handleSubmit((values) => {
    invite.mutate(values, {
      onSuccess: ({ inviteLink, emailed }) => setResult({ link: inviteLink, name: values.name, emailed }),
    });
  });

  if (result) return <InviteLink {...result} onClose={onClose} returnFocus={() => opener} />;

  return (
    <DialogContent hideCloseButton={invite.isPending}>
      <DialogHeader>
        <DialogTitle>Invite Member</DialogTitle>
        <DialogDescription>
          Create a personal invitation link. The link works once and expires after 7 days.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={invite.isPending || undefined}>
        <MemberFields form={form} allowedRoles={allowedRoles} disabled={invite.isPending} />
        {/* The server's refusal, in the form too (an invitation limit reached says when to try again). */}
        {invite.error && <FormAlert>{errorMessage(invite.error, TEAM_TEXT.inviteFailed)}</FormAlert>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            {!invite.isPending && <UserPlus />}
            Create Invite Link
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** Copies with the Clipboard API, or by selecting the field where that is refused (plain HTTP, no permission). */
export async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.focus();
    field.select();
    // The legacy command is the only fallback browsers offer; it still copies a selection.
    return document.execCommand("copy");
  }
}

/** The link of an invitation just made (or made anew), to copy; shown once, as the server keeps no copy. */
export function InviteLink({
  link: serverLink,
  name,
  emailed,
  onClose,
  title = "Invitation Created",
  returnFocus,
}: {
  link: string;
  name: string;
  emailed: boolean;
  onClose: () => void;
  title?: string;
  /** Where focus goes on closing when the control focused as the link appeared is gone. */
  returnFocus?: () => Element | null;
}) {
  const link = inviteLinkOnThisPage(serverLink);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(link, fieldRef.current)) {
      setCopied(true);
      toast.success(TEAM_TEXT.linkCopied);
    } else {
      toast.error(TEAM_TEXT.copyFailed);
    }
  };
  return (
    <DialogContent returnFocus={returnFocus}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {emailed
            ? `We are e-mailing this link to ${name}; you can also copy it.`
            : `E-mail is not set up on this server: send this link to ${name} yourself.`}{" "}
          It works once, for their email address only, and expires after 7 days.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="invite-link">Invite link</Label>
        {/* A text area, so the whole link shows even on a phone and can be selected by hand. */}
        <Textarea
          ref={fieldRef}
          id="invite-link"
          value={link}
          readOnly
          rows={4}
          onFocus={(event) => event.currentTarget.select()}
          className="resize-none font-mono break-all"
        />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => void copy()}>
          {copied ? <Check /> : <Copy />}
          Copy Invite Link
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
