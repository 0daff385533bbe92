/**
 * The bulk invite's text (decision 0121) as rows for team/invite-many: each line either one or more e-mail
 * addresses (separated by commas, semicolons or spaces) or a CSV line `name,email,role,tags`, the tags
 * separated by semicolons. Blank lines and a header line are skipped. Nothing is judged here: the server
 * checks every row with the spec's messages and says which it refused and why.
 */

export interface InviteLine {
  /** The text the row came from, to show beside a reason. */
  source: string;
  name: string;
  email: string;
  role?: string;
  tags?: string[];
}

const HEADER = /^\s*"?name"?\s*,\s*"?e-?mail"?/i;

const unquote = (field: string) =>
  field
    .trim()
    .replace(/^"(.*)"$/, "$1")
    .trim();

/** "jane.doe" → "Jane Doe": a name to start from when only an address was pasted. */
export function nameFromAddress(email: string): string {
  const local = email.split("@")[0] ?? "";
  return local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(" ");
}

export function parseInviteLines(text: string): InviteLine[] {
  const rows: InviteLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    const source = line.trim();
    if (source === "" || HEADER.test(source)) continue;
    const tokens = source.split(/[,;\s]+/).filter(Boolean);
    if (tokens.every((token) => token.includes("@"))) {
      for (const token of tokens) {
        const email = unquote(token).replace(/^<(.*)>$/, "$1");
        rows.push({ source: token, name: nameFromAddress(email), email });
      }
      continue;
    }
    const [name = "", email = "", role = "", ...tagFields] = source.split(",").map(unquote);
    const tags = tagFields
      .flatMap((field) => field.split(/[;|]/))
      .map((tag) => tag.trim())
      .filter(Boolean);
    rows.push({
      source,
      name,
      email,
      ...(role === "" ? {} : { role: role.toLowerCase() }),
      ...(tags.length === 0 ? {} : { tags }),
    });
  }
  return rows;
}
