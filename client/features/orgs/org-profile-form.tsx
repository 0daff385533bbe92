import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Save, TriangleAlert } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#client/components/ui/button.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { currentUserQueryOptions } from "#client/features/auth/current-user.js";
import { errorMessage } from "#client/lib/errors.js";
import { trpc } from "#client/lib/trpc.js";
import { LIMITS } from "#shared/constants.js";
import { ORG_MESSAGES, orgNameField } from "#shared/schemas/orgs.js";
import { ORG_TEXT } from "./messages.js";
import { organizationQuery, organizationsQueryOptions } from "./queries.js";

/** Under the "Error Loading Organization" title when the server gave no message of its own. */
const LOAD_FAILED_DETAIL = "The organization's details could not be loaded. Check your connection and try again.";

const profileSchema = z.object({ name: orgNameField });
type ProfileValues = z.infer<typeof profileSchema>;

/** docs/SPEC.md §2, settings: the organization profile. The name changes with "org.manage"; the slug never does. */
export function OrgProfileCard({ orgId, canEdit }: { orgId: number; canEdit: boolean }) {
  const organization = useQuery(organizationQuery(orgId));

  if (organization.isPending) {
    return (
      <Card aria-busy="true">
        <CardHeader>
          <CardTitle>Organization Profile</CardTitle>
          <span className="sr-only">Loading</span>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </CardContent>
      </Card>
    );
  }

  if (organization.isError) {
    return (
      <Card role="alert" className="border-red-200">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-red-700">
            <TriangleAlert className="size-5" aria-hidden="true" />
            {ORG_TEXT.loadFailed}
          </CardTitle>
          <CardDescription>{errorMessage(organization.error, LOAD_FAILED_DETAIL)}</CardDescription>
        </CardHeader>
        <CardFooter>
          <Button variant="outline" onClick={() => void organization.refetch()}>
            Try Again
          </Button>
        </CardFooter>
      </Card>
    );
  }

  const { name, slug } = organization.data;
  // Keyed by the saved name: after a save, the form starts again from what the server stored.
  return <ProfileForm key={name} orgId={orgId} name={name} slug={slug} canEdit={canEdit} />;
}

interface ProfileFormProps {
  orgId: number;
  name: string;
  slug: string;
  canEdit: boolean;
}

function ProfileForm({ orgId, name, slug, canEdit }: ProfileFormProps) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { name },
  });

  const update = useMutation(
    trpc.orgs.update.mutationOptions({
      // The header shows the name from the organizations list or the current user.
      meta: {
        success: ORG_TEXT.updated,
        failure: ORG_TEXT.updateFailed,
        invalidates: [organizationsQueryOptions.queryKey, currentUserQueryOptions.queryKey],
      },
      onSuccess: (updated) => queryClient.setQueryData(organizationQuery(orgId).queryKey, updated),
    }),
  );

  const onSubmit = handleSubmit((values) => update.mutate({ orgId, name: values.name }));
  const failure = update.error ? errorMessage(update.error, ORG_TEXT.updateFailed) : null;
  const host = window.location.host;

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-busy={update.isPending || undefined}>
        <CardHeader>
          <CardTitle>Organization Profile</CardTitle>
          <CardDescription>
            {canEdit ? "How your organization appears to its members." : "Only an admin can change these details."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {failure && <FormAlert>{failure}</FormAlert>}
          <FormField label="Organization Name" error={errors.name?.message}>
            {(control) => (
              <Input
                {...control}
                {...register("name")}
                readOnly={!canEdit}
                maxLength={LIMITS.orgNameMax}
                autoComplete="organization"
              />
            )}
          </FormField>
          <FormField label="Organization URL" hint={ORG_MESSAGES.slugUnchangeable}>
            {(control) => <Input {...control} value={`${host}/${slug}`} readOnly className="text-slate-600" />}
          </FormField>
        </CardContent>
        {canEdit && (
          <CardFooter className="justify-end">
            <Button type="submit" loading={update.isPending} disabled={!isDirty}>
              {!update.isPending && <Save aria-hidden="true" />}
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </CardFooter>
        )}
      </form>
    </Card>
  );
}
