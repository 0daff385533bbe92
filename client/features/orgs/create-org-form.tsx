import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { Label } from "#client/components/ui/label.js";
import { cn } from "#client/lib/cn.js";
import { errorMessage } from "#client/lib/errors.js";
import { toast } from "#client/lib/toast.js";
import { trpc } from "#client/lib/trpc.js";
import { LIMITS } from "#shared/constants.js";
import { type CreateOrgInput, createOrgInput } from "#shared/schemas/orgs.js";
import { slugify } from "#shared/slug.js";
import { ORG_TEXT } from "./messages.js";
import { organizationsQueryOptions, reloadCurrentUser } from "./queries.js";
import { useSlugAvailability } from "./slug-availability.js";
import { SlugStatusIcon, SlugStatusText } from "./slug-status.js";

/**
 * The slug as it is being typed: the rules of `slugify` (docs/SPEC.md §4), except that a trailing hyphen
 * survives, since it is how one starts typing the next word ("acme-" on the way to "acme-labs").
 * Leaving the field applies `slugify` itself.
 */
function sanitizeTypedSlug(value: string): string {
  return value
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/_/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+/, "")
    .slice(0, LIMITS.orgSlugMax);
}

/** docs/SPEC.md §2 and §4: create an organization (name, slug derived from it, availability check). */
export function CreateOrgForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Until the slug is edited by hand it follows the name; emptying it hands it back to the name.
  const [slugEdited, setSlugEdited] = useState(false);
  const ids = { slug: useId(), prefix: useId(), status: useId(), hint: useId(), error: useId() };

  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    setFocus,
    formState: { errors },
  } = useForm<CreateOrgInput>({
    resolver: zodResolver(createOrgInput),
    mode: "onTouched",
    defaultValues: { name: "", slug: "" },
  });

  useEffect(() => setFocus("name"), [setFocus]);

  const slug = slugify(watch("slug"));
  const availability = useSlugAvailability(slug);

  const create = useMutation(
    trpc.orgs.create.mutationOptions({
      meta: { failure: ORG_TEXT.createFailed },
      onSuccess: async (org) => {
        toast.success(ORG_TEXT.created(org.name));
        // The slug is taken now; the cached "available" answer must not outlive that.
        queryClient.setQueryData(trpc.orgs.checkSlug.queryKey({ slug: org.slug }), { isAvailable: false });
        // The new organization is the current one (the server made it so): the pages that follow read it.
        await Promise.all([
          reloadCurrentUser(queryClient),
          queryClient.invalidateQueries({ queryKey: organizationsQueryOptions.queryKey }),
        ]);
        await navigate({ to: "/onboarding" });
      },
      // Someone may have taken the slug since it was checked: ask again.
      onError: (_error, input) => queryClient.invalidateQueries({ queryKey: trpc.orgs.checkSlug.queryKey(input) }),
    }),
  );

  const nameField = register("name", {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited) setValue("slug", slugify(event.target.value), { shouldValidate: false });
    },
  });
  const slugField = register("slug", {
    onChange: (event: { target: { value: string } }) => {
      const typed = sanitizeTypedSlug(event.target.value);
      setValue("slug", typed);
      if (typed === "") {
        setSlugEdited(false);
        setValue("slug", slugify(getValues("name")));
      } else {
        setSlugEdited(true);
      }
    },
    onBlur: () => setValue("slug", slugify(getValues("slug"))),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Enter pressed inside the slug field skips its blur: apply the final clean-up here too.
    setValue("slug", slugify(getValues("slug")));
    void handleSubmit((values) => create.mutate({ name: values.name, slug: values.slug }))(event);
  };

  const failure = create.error ? errorMessage(create.error, ORG_TEXT.createFailed) : null;
  const slugError = errors.slug?.message;
  const canSubmit = availability === "available" && !create.isPending;
  const host = typeof window === "undefined" ? "" : window.location.host;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={create.isPending || undefined}>
      {failure && <FormAlert>{failure}</FormAlert>}

      <FormField label="Organization Name" error={errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            {...nameField}
            autoComplete="organization"
            maxLength={LIMITS.orgNameMax}
            placeholder="Acme Inc."
          />
        )}
      </FormField>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.slug}>Organization URL</Label>
        <div
          className={cn(
            // On a phone the host sits on its own row, so that the slug keeps the full width to be read.
            "flex min-w-0 flex-col overflow-hidden rounded-lg border bg-white shadow-xs transition-colors sm:h-10 sm:flex-row",
            "focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/25",
            slugError ? "border-red-500" : "border-slate-300",
          )}
        >
          <span
            id={ids.prefix}
            title={`${host}/`}
            className="truncate border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-500 sm:flex sm:max-w-[55%] sm:shrink-0 sm:items-center sm:border-r sm:border-b-0 sm:py-0 sm:text-sm"
          >
            {host}/
          </span>
          <div className="relative h-10 min-w-0 flex-1 sm:h-auto">
            <input
              {...slugField}
              id={ids.slug}
              type="text"
              inputMode="url"
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              maxLength={LIMITS.orgSlugMax}
              placeholder="acme-inc"
              aria-invalid={slugError ? true : undefined}
              aria-describedby={[ids.prefix, ids.status, ids.hint, slugError ? ids.error : ""].join(" ").trim()}
              className="h-full w-full min-w-0 bg-transparent pr-10 pl-3 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none sm:text-sm"
            />
            <SlugStatusIcon status={availability} />
          </div>
        </div>
        <SlugStatusText id={ids.status} status={availability} />
        <p id={ids.hint} className="text-xs text-slate-500">
          {ORG_TEXT.urlUnchangeable}
        </p>
        {slugError && (
          <p id={ids.error} className="text-sm text-red-600">
            {slugError}
          </p>
        )}
      </div>

      <Button type="submit" size="lg" className="mt-1 w-full" loading={create.isPending} disabled={!canSubmit}>
        {create.isPending ? "Creating..." : "Create Organization"}
      </Button>
    </form>
  );
}
