/**
 * An invite link as the admin sees it on screen: the server's link (built on PUBLIC_URL, or on the address
 * the server listens on, never on a request's Host header) moved onto the origin of the page the admin
 * has open, which is where they reach the app, behind a proxy too
 * (docs/decisions/0270-invitation-limits-pages-fair-outbox.md). What the server mails is its own link.
 */
export function inviteLinkOnThisPage(link: string, origin: string = window.location.origin): string {
  try {
    const url = new URL(link);
    return `${origin}${url.pathname}${url.search}`;
  } catch {
    return link;
  }
}
