import { VIDEO_FRAME_SOURCES } from "./security-headers.js";

/**
 * Video addresses a lesson names, turned into the player a frame may show. Apart from the Markdown and
 * sanitizing of content.ts, so that presenting a lesson does not load those libraries into the server
 * process at start (they run in the content worker threads).
 */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d+$/;
const LOOM_ID = /^[A-Za-z0-9]+$/;
const WISTIA_ID = /^[A-Za-z0-9]+$/;

function hostIs(host: string, ...domains: string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

function segments(url: URL): string[] {
  return url.pathname.split("/").filter((part) => part !== "");
}

function youtubeId(url: URL, host: string): string | null {
  const parts = segments(url);
  if (host === "youtu.be") return parts[0] ?? null;
  if (!hostIs(host, "youtube.com", "youtube-nocookie.com")) return null;
  if (parts[0] === "watch") return url.searchParams.get("v");
  if (parts[0] !== undefined && ["shorts", "embed", "live", "v"].includes(parts[0])) return parts[1] ?? null;
  return null;
}

/** The player URL of a known host, or null: the client then shows the address as a plain link. */
function embedCandidate(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const parts = segments(url);

  const youtube = youtubeId(url, host);
  if (youtube !== null) {
    return YOUTUBE_ID.test(youtube) ? `https://www.youtube-nocookie.com/embed/${youtube}` : null;
  }
  if (hostIs(host, "vimeo.com")) {
    // vimeo.com/123, vimeo.com/channels/x/123, player.vimeo.com/video/123; an unlisted video adds its hash.
    const at = parts.findIndex((part) => VIMEO_ID.test(part));
    if (at === -1) return null;
    const hash = parts[at + 1] ?? url.searchParams.get("h");
    const suffix = hash && /^[A-Za-z0-9]+$/.test(hash) ? `?h=${hash}` : "";
    return `https://player.vimeo.com/video/${parts[at]}${suffix}`;
  }
  if (hostIs(host, "loom.com")) {
    const id = (parts[0] === "share" || parts[0] === "embed") && parts[1];
    return id && LOOM_ID.test(id) ? `https://www.loom.com/embed/${id}` : null;
  }
  if (hostIs(host, "wistia.com", "wistia.net", "wi.st")) {
    // acme.wistia.com/medias/ID, fast.wistia.net/embed/iframe/ID, fast.wistia.com/embed/medias/ID
    const at = parts.findIndex((part) => part === "medias" || part === "iframe");
    const id = at === -1 ? undefined : parts[at + 1]?.replace(/\.jsonp?$/, "");
    return id && WISTIA_ID.test(id) ? `https://fast.wistia.net/embed/iframe/${id}` : null;
  }
  return null;
}

/** Only hosts the Content-Security-Policy lets a frame load from: a frame the policy blocks is a blank box. */
export function embedUrlFor(videoUrl: string | null | undefined): string | null {
  if (!videoUrl) return null;
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const embed = embedCandidate(url);
  if (embed === null) return null;
  const origin = new URL(embed).origin;
  return (VIDEO_FRAME_SOURCES as readonly string[]).includes(origin) ? embed : null;
}
