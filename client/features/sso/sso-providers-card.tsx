import { useQuery } from "@tanstack/react-query";
import { Building2, TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { tagOptions, useTagTree } from "#client/features/tags/queries.js";
import { ROLE_LABELS, ROLES, type Role } from "#shared/roles.js";
import { SSO_TEXT, type SsoProviderItem, ssoProvidersQuery, useSsoProviderMutations } from "./queries.js";

const SELECT_CLASS =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs sm:text-sm " +
  "focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/25";

const EMPTY_FORM = { name: "", issuer: "", clientId: "", clientSecret: "", domains: "", defaultRole: "user" as Role };

function AddProviderForm({ onDone }: { onDone: () => void }) {
  const { create } = useSsoProviderMutations();
  const [form, setForm] = useState(EMPTY_FORM);
  const [autoLink, setAutoLink] = useState(false);
  const [requireSso, setRequireSso] = useState(false);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const jobRoles = tagOptions(useTagTree().data);
  const toggleTag = (id: number, on: boolean) =>
    setTagIds((chosen) => (on ? [...chosen, id] : chosen.filter((tagId) => tagId !== id)));
  const field = (key: keyof typeof EMPTY_FORM) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const domains = form.domains
      .split(/[\s,]+/)
      .map((domain) => domain.trim())
      .filter(Boolean);
    create.mutate(
      { ...form, name: form.name || undefined, domains, defaultTagIds: tagIds, autoLink, requireSso },
      {
        onSuccess: () => {
          setForm(EMPTY_FORM);
          setTagIds([]);
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
      <FormField label="Name shown to people (optional)">
        {(control) => <Input {...control} {...field("name")} placeholder="Okta" />}
      </FormField>
      <FormField label="Issuer URL">
        {(control) => <Input {...control} {...field("issuer")} placeholder="https://company.okta.com" required />}
      </FormField>
      <FormField label="Client ID">{(control) => <Input {...control} {...field("clientId")} required />}</FormField>
      <FormField label="Client secret">
        {(control) => <Input {...control} {...field("clientSecret")} type="password" autoComplete="off" required />}
      </FormField>
      <FormField label="E-mail domains (comma separated)">
        {(control) => <Input {...control} {...field("domains")} placeholder="company.com" required />}
      </FormField>
      <FormField label="Access level of people it brings in">
        {(control) => (
          <select
            {...control}
            className={SELECT_CLASS}
            value={form.defaultRole}
            onChange={(event) => setForm({ ...form, defaultRole: event.target.value as Role })}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {jobRoles.length > 0 && (
        <fieldset className="flex flex-col gap-1.5 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">Departments and job roles they get</legend>
          {jobRoles.map((option) => (
            <label
              key={option.value}
              className={`flex items-center gap-2 text-sm text-slate-700 ${"nested" in option ? "pl-6" : ""}`}
            >
              <input
                type="checkbox"
                className="size-4"
                checked={tagIds.includes(Number(option.value))}
                onChange={(event) => toggleTag(Number(option.value), event.target.checked)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      )}
      <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={autoLink}
          onChange={(event) => setAutoLink(event.target.checked)}
        />
        Link members' existing accounts by their verified e-mail without asking their password
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={requireSso}
          onChange={(event) => setRequireSso(event.target.checked)}
        />
        Require this sign-in: members of these domains can no longer use a password (admins keep theirs)
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Adding…" : "Add sign-in"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {create.error && (
        <p className="text-sm text-red-600 sm:col-span-2" role="alert">
          {create.error.message}
        </p>
      )}
    </form>
  );
}

function ProviderRow({ provider, onRemove }: { provider: SsoProviderItem; onRemove: (item: SsoProviderItem) => void }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{provider.name}</span>
          <Badge variant="secondary">{ROLE_LABELS[provider.defaultRole]}</Badge>
          {provider.requireSso && <Badge>Required</Badge>}
        </p>
        <p className="mt-0.5 break-all text-sm text-slate-600">{provider.issuer}</p>
        <p className="break-words text-sm text-slate-600">{provider.domains.join(", ")}</p>
      </div>
      <Button variant="outline" size="sm" className="self-start sm:self-center" onClick={() => onRemove(provider)}>
        Remove
      </Button>
    </li>
  );
}

/** The settings page's company sign-ins (admins; docs/decisions/0370-oidc-sign-in.md). */
export function SsoProvidersCard() {
  const providers = useQuery(ssoProvidersQuery());
  const { remove } = useSsoProviderMutations();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SsoProviderItem | null>(null);
  const callbackUrl = `${window.location.origin}/_api/sso/callback`;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Building2 className="size-5" aria-hidden="true" />
        </span>
        <p className="min-w-0 text-sm text-slate-600">
          Let people sign in with your company's identity provider (OpenID Connect: Entra ID, Google Workspace, Okta…).
          Register this redirect URI there:{" "}
          <code className="break-all rounded bg-slate-100 px-1 font-mono text-slate-900">{callbackUrl}</code>
        </p>
      </div>
      {adding ? (
        <AddProviderForm onDone={() => setAdding(false)} />
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setAdding(true)}>
          Add a sign-in
        </Button>
      )}
      {providers.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : providers.isError ? (
        <p className="flex items-center gap-2 text-sm font-medium text-red-700" role="alert">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {SSO_TEXT.loadFailed}
        </p>
      ) : providers.data.length === 0 ? (
        <p className="text-sm text-slate-600">No company sign-in yet: people sign in with a password.</p>
      ) : (
        <ul aria-label="Company sign-ins" className="divide-y divide-slate-200">
          {providers.data.map((provider) => (
            <ProviderRow key={provider.id} provider={provider} onRemove={setRemoving} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this sign-in?"
        description={`People can no longer sign in with “${removing?.name ?? ""}”. Their accounts and training stay.`}
        confirmLabel="Remove sign-in"
        pendingLabel="Removing…"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id }, { onSettled: () => setRemoving(null) })}
      />
    </Card>
  );
}
