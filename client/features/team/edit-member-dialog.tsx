import { zodResolver } from "@hookform/resolvers/zod";
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
import type { Role } from "#shared/roles.js";
import { MemberFields, type MemberFormValues, memberFormSchema } from "./member-fields.js";
import { type Member, useUpdateMember } from "./queries.js";

const resolver = zodResolver(memberFormSchema);

const EMAIL_LOCKED = "The login email can only be changed by its owner, on their Account page.";

export interface EditMemberDialogProps {
  /** The member being edited; null when closed. */
  member: Member | null;
  isSelf: boolean;
  allowedRoles: readonly Role[];
  onClose: () => void;
}

/** docs/SPEC.md §2: the edit member dialog (name, email, role, tags). */
export function EditMemberDialog({ member, isSelf, allowedRoles, onClose }: EditMemberDialogProps) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      {member && (
        <EditMemberBody key={member.id} member={member} isSelf={isSelf} allowedRoles={allowedRoles} onClose={onClose} />
      )}
    </Dialog>
  );
}

function EditMemberBody({ member, isSelf, allowedRoles, onClose }: EditMemberDialogProps & { member: Member }) {
  const update = useUpdateMember();
  const form = useForm<MemberFormValues>({
    resolver,
    defaultValues: {
      name: member.name,
      email: member.email,
      role: member.role,
      tagIds: member.tags.map((tag) => tag.id),
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    update.mutate({ userId: member.id, ...values }, { onSuccess: onClose });
  });
  return (
    <DialogContent hideCloseButton={update.isPending}>
      <DialogHeader>
        <DialogTitle>Edit Team Member</DialogTitle>
        <DialogDescription>Change {member.name}'s details, role and tags.</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={update.isPending || undefined}>
        <MemberFields
          form={form}
          allowedRoles={allowedRoles}
          roleLocked={isSelf ? "You cannot change your own role." : undefined}
          emailLocked={EMAIL_LOCKED}
          disabled={update.isPending}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
