import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { KeyRound, TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { formatDate } from "#client/lib/dates.js";
import { ROLE_LABELS } from "#shared/roles.js";
import { API_KEY_ACCESS, type ApiKeyAccess } from "#shared/schemas/api-keys.js";
import { API_KEY_TEXT, type ApiKeyItem, apiKeysQuery, useApiKeyMutations } from "./queries.js";
import { ShownOnce } from "./shown-once.js";

const ACCESS_LABELS: Record<ApiKeyAccess, string> = { readonly: "Read-only", ...ROLE_LABELS };

const SELECT_CLASS =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs sm:text-sm " +
  "focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/25";

function CreateKeyForm({ onCreated }: { onCreated: (key: string) => void }) {
  const { create } = useApiKeyMutations();
  const [name, setName] = useState("");
  const [role, setRole] = useState<ApiKeyAccess>("readonly");
  const [expires, setExpires] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A chosen day lasts until its end, in the admin's own time zone.
    const expiresAt = expires ? new Date(`${expires}T23:59:59`) : null;
    create.mutate(
      { name, role, expiresAt },
      {
        onSuccess: (made) => {
          setName("");
          setExpires("");
          onCreated(made.key);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
      <FormField label="Name">
        {(control) => (
          <Input
            {...control}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Payroll sync"
          />
        )}
      </FormField>
      <FormField label="Access">
        {(control) => (
          <select
            {...control}
            className={SELECT_CLASS}
            value={role}
            onChange={(event) => setRole(event.target.value as ApiKeyAccess)}
          >
            {API_KEY_ACCESS.map((access) => (
              <option key={access} value={access}>
                {ACCESS_LABELS[access]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Expires (optional)">
        {(control) => (
          <Input {...control} type="date" value={expires} onChange={(event) => setExpires(event.target.value)} />
        )}
      </FormField>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create key"}
      </Button>
      {create.error && (
        <p className="text-sm text-red-600 sm:col-span-4" role="alert">
          {create.error.message}
        </p>
      )}
    </form>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyItem; onRevoke: (key: ApiKeyItem) => void }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{apiKey.name}</span>
          <Badge variant={apiKey.role === "readonly" ? "default" : "secondary"}>{ACCESS_LABELS[apiKey.role]}</Badge>
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          <code className="font-mono">{apiKey.prefix}…</code> · by {apiKey.createdBy} · created{" "}
          {formatDate(apiKey.createdAt)}
          {apiKey.expiresAt && ` · expires ${formatDate(apiKey.expiresAt)}`}
        </p>
        <p className="text-sm text-slate-600">
          {apiKey.lastUsedAt ? `Last used ${formatDate(apiKey.lastUsedAt)}` : "Never used"}
        </p>
      </div>
      <Button variant="outline" size="sm" className="self-start sm:self-center" onClick={() => onRevoke(apiKey)}>
        Revoke
      </Button>
    </li>
  );
}

/** The settings page's API keys (admins; docs/decisions/0320-api-keys.md) and the way to the API reference. */
export function ApiKeysCard({ orgSlug }: { orgSlug: string }) {
  const keys = useQuery(apiKeysQuery());
  const { revoke } = useApiKeyMutations();
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <KeyRound className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-slate-600">
            Keys let other systems call the API for this organization, without signing in.{" "}
            <Link to="/$orgSlug/api-reference" params={{ orgSlug }} className="font-medium text-brand-700 underline">
              API reference
            </Link>
          </p>
        </div>
      </div>
      {shown ? (
        <ShownOnce value={shown} what="key" onDone={() => setShown(null)} />
      ) : (
        <CreateKeyForm onCreated={setShown} />
      )}
      {keys.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : keys.isError ? (
        <p className="flex items-center gap-2 text-sm font-medium text-red-700" role="alert">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {API_KEY_TEXT.loadFailed}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-slate-600">No API keys yet.</p>
      ) : (
        <ul aria-label="API keys" className="divide-y divide-slate-200">
          {keys.data.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this API key?"
        description={`“${revoking?.name ?? ""}” stops working at once. Systems that use it will be refused.`}
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id }, { onSettled: () => setRevoking(null) })}
      />
    </Card>
  );
}
