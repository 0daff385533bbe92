import { useQuery } from "@tanstack/react-query";
import { TriangleAlert, Webhook } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { FormField } from "#client/components/ui/form-field.js";
import { Input } from "#client/components/ui/input.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { formatDate, formatDateTime } from "#client/lib/dates.js";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from "#shared/schemas/webhooks.js";
import {
  type DeliveryItem,
  useWebhookMutations,
  WEBHOOK_TEXT,
  type WebhookItem,
  webhookDeliveriesQuery,
  webhooksQuery,
} from "./queries.js";
import { ShownOnce } from "./shown-once.js";

const STATUS_LABELS: Record<DeliveryItem["status"], string> = {
  pending: "Waiting",
  retrying: "Retrying",
  delivered: "Delivered",
  failed: "Failed",
};

function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { create } = useWebhookMutations();
  const eventsLabel = useId();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["course.completed"]);
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((chosen) => (on ? [...chosen, event] : chosen.filter((name) => name !== event)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url, events },
      {
        onSuccess: (made) => {
          setUrl("");
          onCreated(made.secret);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <FormField label="Endpoint address">
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://example.com/trainwright-events"
          />
        )}
      </FormField>
      <fieldset aria-labelledby={eventsLabel} className="flex flex-col gap-2">
        <legend id={eventsLabel} className="text-sm font-medium text-slate-900">
          Events
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-start gap-2.5 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
                checked={events.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
              />
              <span>
                <span className="text-slate-900">{WEBHOOK_EVENT_LABELS[name]}</span>{" "}
                <code className="font-mono text-xs text-slate-600">{name}</code>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? "Adding…" : "Add webhook"}
      </Button>
      {create.error && (
        <p className="text-sm text-red-600" role="alert">
          {create.error.message}
        </p>
      )}
    </form>
  );
}

function DeliveryRow({ delivery }: { delivery: DeliveryItem }) {
  const { redeliver } = useWebhookMutations();
  const answered =
    delivery.attemptedAt &&
    `${delivery.responseStatus === null ? "No answer" : `HTTP ${delivery.responseStatus}`} · ${formatDateTime(delivery.attemptedAt)}${delivery.responseMs === null ? "" : ` · ${delivery.responseMs} ms`}`;
  return (
    <li className="flex flex-col gap-1.5 py-2.5">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm text-slate-900">{delivery.event}</code>
        <Badge
          variant={
            delivery.status === "failed" ? "destructive" : delivery.status === "delivered" ? "default" : "secondary"
          }
        >
          {STATUS_LABELS[delivery.status]}
        </Badge>
        <span className="text-xs text-slate-600">
          {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"}
        </span>
      </div>
      <p className="text-sm text-slate-600">{answered || `Queued ${formatDateTime(delivery.createdAt)}`}</p>
      {delivery.error && <p className="break-words text-sm text-red-700">{delivery.error}</p>}
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700">Request</summary>
        <p className="mt-1 break-all text-slate-600">POST {delivery.request.url}</p>
        <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-2 font-mono text-xs text-slate-800 ring-1 ring-slate-200">
          {delivery.request.body}
        </pre>
      </details>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={redeliver.isPending}
        onClick={() => redeliver.mutate({ deliveryId: delivery.id })}
      >
        Redeliver
      </Button>
    </li>
  );
}

function Deliveries({ webhook }: { webhook: WebhookItem }) {
  const deliveries = useQuery(webhookDeliveriesQuery(webhook.id));
  if (deliveries.isPending) return <Skeleton className="h-12 w-full" />;
  if (deliveries.isError) {
    return (
      <p className="text-sm font-medium text-red-700" role="alert">
        {WEBHOOK_TEXT.deliveriesFailed}
      </p>
    );
  }
  if (deliveries.data.length === 0) return <p className="text-sm text-slate-600">Nothing delivered yet.</p>;
  return (
    <ul aria-label={`Deliveries to ${webhook.url}`} className="divide-y divide-slate-100">
      {deliveries.data.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} />
      ))}
    </ul>
  );
}

function WebhookRow({ webhook, onDelete }: { webhook: WebhookItem; onDelete: (webhook: WebhookItem) => void }) {
  const [open, setOpen] = useState(false);
  const logId = useId();
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            <span className="break-all">{webhook.url}</span>
            {webhook.disabledAt ? (
              <Badge variant="destructive">Turned off {formatDate(webhook.disabledAt)}</Badge>
            ) : (
              <Badge variant="secondary">On</Badge>
            )}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            {webhook.events.map((name) => WEBHOOK_EVENT_LABELS[name]).join(", ")} · added{" "}
            {formatDate(webhook.createdAt)}
          </p>
        </div>
        <div className="flex gap-2 self-start">
          <Button variant="outline" size="sm" aria-expanded={open} aria-controls={logId} onClick={() => setOpen(!open)}>
            {open ? "Hide deliveries" : "Deliveries"}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDelete(webhook)}>
            Delete
          </Button>
        </div>
      </div>
      <div id={logId} hidden={!open}>
        {open && <Deliveries webhook={webhook} />}
      </div>
    </li>
  );
}

/** The settings page's webhooks (admins; docs/decisions/0341-webhooks-through-the-outbox.md). */
export function WebhooksCard() {
  const webhooks = useQuery(webhooksQuery());
  const { remove } = useWebhookMutations();
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookItem | null>(null);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Webhook className="size-5" aria-hidden="true" />
        </span>
        <p className="min-w-0 text-sm text-slate-600">
          Webhooks post the events you choose to another system as they happen, signed per the Standard Webhooks
          specification. Failed deliveries are retried for a day; an endpoint that keeps failing is turned off and the
          admins are told.
        </p>
      </div>
      {secret ? (
        <ShownOnce value={secret} what="secret" onDone={() => setSecret(null)} />
      ) : (
        <CreateWebhookForm onCreated={setSecret} />
      )}
      {webhooks.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : webhooks.isError ? (
        <p className="flex items-center gap-2 text-sm font-medium text-red-700" role="alert">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {WEBHOOK_TEXT.loadFailed}
        </p>
      ) : webhooks.data.length === 0 ? (
        <p className="text-sm text-slate-600">No webhooks yet.</p>
      ) : (
        <ul aria-label="Webhooks" className="divide-y divide-slate-200">
          {webhooks.data.map((webhook) => (
            <WebhookRow key={webhook.id} webhook={webhook} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this webhook?"
        description={`${deleting?.url ?? ""} receives no more events, and its delivery log is deleted with it.`}
        confirmLabel="Delete webhook"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </Card>
  );
}
