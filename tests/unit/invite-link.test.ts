import { describe, expect, it } from "vitest";
import { inviteLinkOnThisPage } from "#client/features/team/invite-link.js";
import { publicBaseUrl } from "#server/platform/http/public-url.js";

/** docs/decisions/0270-invitation-limits-pages-fair-outbox.md: where invite links point. */

const listening = (address: string, port = 3000) => ({ addresses: () => [{ address, port, family: "IPv4" }] });

describe("publicBaseUrl (the server's links)", () => {
  it("is PUBLIC_URL when it is set", () => {
    expect(publicBaseUrl({ publicUrl: "https://training.example.com" }, listening("0.0.0.0"))).toBe(
      "https://training.example.com",
    );
  });

  it("is the address the server listens on otherwise, with 'every address' as localhost", () => {
    expect(publicBaseUrl({ publicUrl: null }, listening("0.0.0.0"))).toBe("http://localhost:3000");
    expect(publicBaseUrl({ publicUrl: null }, listening("::", 8080))).toBe("http://localhost:8080");
    expect(publicBaseUrl({ publicUrl: null }, listening("127.0.0.1", 4000))).toBe("http://127.0.0.1:4000");
    expect(publicBaseUrl({ publicUrl: null }, listening("::1", 4000))).toBe("http://[::1]:4000");
  });
});

describe("inviteLinkOnThisPage (the link an admin sees)", () => {
  it("keeps the path and token, on the page's own origin", () => {
    expect(inviteLinkOnThisPage("http://localhost:3000/acme/invite?token=acme.abc", "https://t.example.org")).toBe(
      "https://t.example.org/acme/invite?token=acme.abc",
    );
  });
});
