import type { SqlEntityManager } from "@mikro-orm/knex";
import type { FastifyInstance, FastifyReply } from "fastify";
import { type AppServices, nowOf } from "#server/platform/api/trpc.js";
import { publicError } from "#server/platform/http/errors.js";
import { escapeHtml } from "#server/platform/http/html.js";
import { mailDay } from "#server/platform/mail/templates.js";
import { CERTIFICATE_MESSAGES, verifyCertificateInput } from "#shared/schemas/certificates.js";
import { certificateByCode } from "./certificate-verification.data.js";
import { certificateStatus, type PublicStatus, publicStatusOf } from "./certifications.rules.js";

/**
 * The public verification of a certificate (decision 0311): `/verify/<code>` as a page the server writes
 * (no script, no sign-in) and certificates/verify as JSON. Both say only whether it is valid, expired or
 * revoked, whose it is, for what, from which organization and the dates; both are rate limited per
 * address and marked `noindex`.
 */

export interface CertificateVerification {
  status: PublicStatus;
  holderName: string;
  title: string;
  organizationName: string;
  issuedAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Search engines index neither the page nor its JSON. */
export const NOINDEX = "noindex, nofollow";

export async function verificationOf(
  em: SqlEntityManager,
  code: string,
  now: Date,
): Promise<CertificateVerification | null> {
  const certificate = await certificateByCode(em, code);
  if (!certificate) return null;
  return {
    status: publicStatusOf(certificateStatus(certificate, certificate.recertifyDaysBefore, now)),
    holderName: certificate.holderName,
    title: certificate.title,
    organizationName: certificate.organizationName,
    issuedAt: certificate.issuedAt,
    expiresAt: certificate.expiresAt,
    revokedAt: certificate.revokedAt,
  };
}

/** The status line, in the words the page and its tests share. */
function statusLine(verification: CertificateVerification): string {
  if (verification.status === "revoked") {
    return verification.revokedAt ? `Revoked on ${mailDay(verification.revokedAt)}` : "Revoked";
  }
  if (verification.expiresAt === null) return "Valid (does not expire)";
  const until = mailDay(verification.expiresAt);
  return verification.status === "valid" ? `Valid until ${until}` : `Expired on ${until}`;
}

const STATUS_COLORS: Record<PublicStatus, { ink: string; background: string }> = {
  valid: { ink: "#14532d", background: "#dcfce7" },
  expired: { ink: "#7c2d12", background: "#ffedd5" },
  revoked: { ink: "#7f1d1d", background: "#fee2e2" },
};

const PAGE_STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:36rem;margin:0 auto;padding:2rem 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 1rem}
.status{display:inline-block;font-weight:700;font-size:1.125rem;border-radius:8px;padding:.5rem .75rem;margin:0 0 1.25rem}
dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem}
dt{color:#475569}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
p.note{color:#475569;font-size:.875rem;margin:1.25rem 0 0}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${NOINDEX}">
<meta name="description" content="Verification of a training certificate.">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body><main><div class="card">${body}</div></main></body>
</html>`;
}

function verificationPage(verification: CertificateVerification, now: Date): string {
  const colors = STATUS_COLORS[verification.status];
  const rows: [string, string][] = [
    ["Name", verification.holderName],
    ["Certification", verification.title],
    ["Organization", verification.organizationName],
    ["Issued on", mailDay(verification.issuedAt)],
    ["Valid until", verification.expiresAt ? mailDay(verification.expiresAt) : "Does not expire"],
  ];
  return page(
    `Certificate: ${statusLine(verification)}`,
    `<h1>Certificate verification</h1>
<p class="status" style="color:${colors.ink};background:${colors.background}">${escapeHtml(statusLine(verification))}</p>
<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>
<p class="note">Checked on ${mailDay(now)}.</p>`,
  );
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header("Cache-Control", "no-store")
    .header("X-Robots-Tag", NOINDEX)
    .type("text/html; charset=utf-8")
    .send(html);
}

const messagePage = (message: string) =>
  page("Certificate verification", `<h1>Certificate verification</h1><p>${escapeHtml(message)}</p>`);

/** `/verify/<code>`: registered by server/app.ts before the single-page app's fallback. */
export function registerVerificationPage(app: FastifyInstance, services: AppServices): void {
  app.get<{ Params: { code: string } }>("/verify/:code", async (req, reply) => {
    try {
      await services.rateLimiter.attemptVerification(req.ip);
    } catch (error) {
      return sendPage(reply, publicError(error).status, messagePage(publicError(error).message));
    }
    const parsed = verifyCertificateInput.safeParse({ code: req.params.code });
    const now = nowOf(services);
    const found = parsed.success ? await verificationOf(services.orm.em.fork(), parsed.data.code, now) : null;
    if (!found) return sendPage(reply, 404, messagePage(CERTIFICATE_MESSAGES.codeInvalid));
    return sendPage(reply, 200, verificationPage(found, now));
  });
}
