import { useNavigate } from "@tanstack/react-router";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { errorMessage } from "../../lib/errors.js";
import { toast } from "../../lib/toast.js";
import { trpc } from "../../lib/trpc.js";
import { useInvalidateCourses } from "./queries.js";

export function DeleteCourseButton({ course, orgSlug }: { course: { id: number; title: string }; orgSlug: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const invalidate = useInvalidateCourses();
  const remove = trpc.courses.delete.useMutation({
    onSuccess: async () => {
      toast.success("Course deleted successfully!");
      setOpen(false);
      await navigate({ to: "/$orgSlug/courses", params: { orgSlug } });
      // Only after leaving: the detail page, still mounted until now, must not refetch a deleted course.
      void invalidate();
    },
    onError: (error) => {
      toast.error(errorMessage(error, "Failed to delete course."));
    },
  });

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
