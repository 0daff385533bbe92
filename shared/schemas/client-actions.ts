import { z } from "zod";

/**
 * Work done on a device while it was offline and sent later (decision 0140). Each action carries
 * an id the device made (a UUID), so that the server does it once however often it arrives.
 */
export const CLIENT_ACTION_MESSAGES = {
  clientIdInvalid: "Client ID must be a UUID.",
  clientIdTaken: "This offline action was already sent by someone else.",
  doneAtInvalid: "Done at must be a date and time with a time zone.",
} as const;

// The kinds live in a module without zod: the browser's offline queue needs them in its first script.
export { CLIENT_ACTION_KINDS, type ClientActionKind } from "#shared/client-action-kinds.js";

const clientIdField = z.uuid({ error: CLIENT_ACTION_MESSAGES.clientIdInvalid });

/**
 * When the member did it, by the device's clock (ISO 8601 with a time zone). The server believes it only
 * within bounds (server/platform/api/action-time.ts, decision 0142).
 */
const doneAtField = z.iso
  .datetime({ offset: true, error: CLIENT_ACTION_MESSAGES.doneAtInvalid })
  .transform((value) => new Date(value));

/** What every action a device may queue takes besides its own fields. */
export const offlineActionFields = { clientId: clientIdField.optional(), doneAt: doneAtField.optional() };
