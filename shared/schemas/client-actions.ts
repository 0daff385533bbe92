import { z } from "zod";

/**
 * Work done on a device while it was offline and sent later (issue 16, decision 0140). Each action carries
 * an id the device made (a UUID), so that the server does it once however often it arrives.
 */
export const CLIENT_ACTION_MESSAGES = {
  clientIdInvalid: "Client ID must be a UUID.",
  clientIdTaken: "This offline action was already sent by someone else.",
} as const;

/** The kinds of action a device may queue; a new kind (a quiz submission, a signature) is added here. */
export const CLIENT_ACTION_KINDS = { lessonComplete: "lesson.complete" } as const;
export type ClientActionKind = (typeof CLIENT_ACTION_KINDS)[keyof typeof CLIENT_ACTION_KINDS];

export const clientIdField = z.uuid({ error: CLIENT_ACTION_MESSAGES.clientIdInvalid });
