/** The api-access module's public face: the only file of it that other modules and the app may import. */

export { resumeApiKey } from "./api-keys.data.js";
export { openApiDocument, undeclaredAnswers } from "./openapi.js";
export type { Webhook } from "./webhook.entity.js";
export { webhookCompletionHook } from "./webhook-completions.js";
export { WEBHOOK_DELIVERY_JOB, webhookJobs } from "./webhook-delivery.js";
export { webhookEventHook } from "./webhook-hooks.js";
