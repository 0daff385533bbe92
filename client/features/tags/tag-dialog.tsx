import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#client/components/ui/button.js";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { focusTargetElement } from "#client/lib/focus.js";
import { DEFAULT_DEPARTMENT_COLOR } from "#shared/constants.js";
import { tagFormInput } from "#shared/schemas/tags.js";
import { ColorPicker } from "./color-picker.js";
import { type Department, type TagItem, useTagMutations } from "./queries.js";

/** What the dialog is for (docs/SPEC.md §4 "Tag dialog": create or edit; the colour only for departments). */
export type TagDialogTarget =
  | { mode: "create"; type: "department" }
  | { mode: "create"; type: "role"; parent: Department }
  | { mode: "edit"; tag: TagItem };

type TagFormValues = z.input<typeof tagFormInput>;

const TYPE_LABEL = { department: "Department", role: "Role" } as const;

function titleOf(target: TagDialogTarget): string {
  return target.mode === "create" ? `Create New ${TYPE_LABEL[target.type]}` : `Edit ${TYPE_LABEL[target.tag.type]}`;
}

function descriptionOf(target: TagDialogTarget): string {
  if (target.mode === "edit")
    return `Rename "${target.tag.name}"${target.tag.type === "department" ? " or change its color" : ""}.`;
  if (target.type === "role") return `Add a role to the ${target.parent.name} department.`;
  return "Departments group the roles of your team. Pick a color to tell them apart.";
}

/**
 * Where focus goes when the control that opened a tag's dialog is gone: its department's "Add Role"
 * for a role, else "Add Department" (the header's, once the empty state's has gone with the first one).
 */
export function nextToTag(tag: { type: string; parentId: number | null } | null): HTMLElement | null {
  if (tag?.type === "role" && tag.parentId !== null) return focusTargetElement("add-role", tag.parentId);
  return focusTargetElement("add-department");
}

function focusAfter(target: TagDialogTarget): HTMLElement | null {
  if (target.mode === "edit") return nextToTag(target.tag);
  return target.type === "role" ? focusTargetElement("add-role", target.parent.id) : nextToTag(null);
}

export interface TagDialogProps {
  /** The open dialog's target; null when closed. */
  target: TagDialogTarget | null;
  onClose: () => void;
}

export function TagDialog({ target, onClose }: TagDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Keyed by target, so each opening starts from that tag's values, not the last dialog's. */}
      {target && <TagDialogBody key={keyOf(target)} target={target} onClose={onClose} />}
    </Dialog>
  );
}

function keyOf(target: TagDialogTarget): string {
  if (target.mode === "edit") return `edit-${target.tag.id}`;
  return target.type === "role" ? `role-${target.parent.id}` : "department";
}

function TagDialogBody({ target, onClose }: { target: TagDialogTarget; onClose: () => void }) {
  const { create, update } = useTagMutations();
  const type = target.mode === "create" ? target.type : target.tag.type;
  const isDepartment = type === "department";
  const pending = create.isPending || update.isPending;

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TagFormValues>({
    resolver: zodResolver(tagFormInput),
    defaultValues: {
      name: target.mode === "edit" ? target.tag.name : "",
      color: isDepartment
        ? target.mode === "edit"
          ? (target.tag.color ?? DEFAULT_DEPARTMENT_COLOR)
          : DEFAULT_DEPARTMENT_COLOR
        : undefined,
    },
  });

  const onSubmit = handleSubmit((values) => {
    const color = isDepartment ? values.color : undefined;
    if (target.mode === "edit") {
      update.mutate({ id: target.tag.id, name: values.name, color }, { onSuccess: onClose });
    } else {
      create.mutate(
        {
          name: values.name,
          type: target.type,
          parentId: target.type === "role" ? target.parent.id : undefined,
          color,
        },
        { onSuccess: onClose },
      );
    }
  });

  return (
    <DialogContent hideCloseButton={pending} returnFocus={() => focusAfter(target)}>
      <DialogHeader>
        <DialogTitle>{titleOf(target)}</DialogTitle>
        <DialogDescription>{descriptionOf(target)}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={pending || undefined}>
        <FormField label="Name" error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              {...register("name")}
              autoComplete="off"
              placeholder={isDepartment ? "e.g. Kitchen" : "e.g. Line Cook"}
              // Radix focuses the first focusable element; the name is what people come to type.
              autoFocus
            />
          )}
        </FormField>
        {isDepartment && <ColorPicker field={register("color")} value={watch("color")} error={errors.color?.message} />}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {target.mode === "edit" ? "Save Changes" : `Create ${TYPE_LABEL[type]}`}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
