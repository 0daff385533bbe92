import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { trpc } from "#client/lib/trpc.js";
import { courseReaders } from "./queries.js";

export function DeleteCourseButton({ course, orgSlug }: { course: { id: number; title: string }; orgSlug: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.courses.delete.mutationOptions({
      meta: { success: "Course deleted successfully!", failure: "Failed to delete course." },
      onSuccess: async () => {
        setOpen(false);
        await navigate({ to: "/$orgSlug/courses", params: { orgSlug } });
        // Only after leaving (so not in `meta`): the detail page, mounted until now, must not refetch a
        // deleted course.
        for (const queryKey of courseReaders()) void queryClient.invalidateQueries({ queryKey });
      },
    }),
  );

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete Course
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this course?"
        description={
          <>
            <strong className="font-semibold text-slate-900">{course.title}</strong>, its modules and lessons, and
            everyone's progress in it will be deleted. This cannot be undone.
          </>
        }
        confirmLabel="Delete Course"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: course.id })}
      />
    </>
  );
}
