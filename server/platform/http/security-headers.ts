import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { isApiPath, SERVICE_WORKER_URL } from "#shared/constants.js";
import { VIDEO_FRAME_SOURCES } from "#shared/video-embed.js";
import type { Config } from "./config.js";

export { VIDEO_FRAME_SOURCES };

function securityHeaders(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and the design system set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // 'self': a SCORM lesson's package, whose own answers sandbox it into an opaque origin (decision 0333).
        frameSrc: ["'self'", ...VIDEO_FRAME_SOURCES],
        mediaSrc: ["'self'", "https:"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  };
}

/** Powerful features no page of the app uses: off for the app and for every frame it embeds. */
const FEATURES_OFF = [
  "camera",
  "microphone",
  "geolocation",
  "payment",
  "usb",
  "serial",
  "hid",
  "bluetooth",
  "midi",
  "display-capture",
  "magnetometer",
  "xr-spatial-tracking",
  "idle-detection",
  "browsing-topics",
] as const;

/**
 * What the embedded video players ask for in their frame's `allow` (client/features/courses/lesson-body.tsx):
 * the page itself keeps those it uses (fullscreen, the demo video's picture-in-picture, copying an invite
 * link); motion sensors are only for the players' 360° videos.
 */
const FEATURES_FOR_PLAYERS = {
  fullscreen: true,
  "picture-in-picture": true,
  "encrypted-media": true,
  autoplay: true,
  "clipboard-write": true,
  "web-share": true,
  accelerometer: false,
  gyroscope: false,
} as const;

const PERMISSIONS_POLICY = [
  ...FEATURES_OFF.map((feature) => `${feature}=()`),
  ...Object.entries(FEATURES_FOR_PLAYERS).map(([feature, self]) => {
    const origins = VIDEO_FRAME_SOURCES.map((origin) => `"${origin}"`);
    return `${feature}=(${[...(self ? ["self"] : []), ...origins].join(" ")})`;
  }),
].join(", ");

/**
 * The headers Helmet sets with these options. They depend on the configuration only, so Helmet runs once,
 * against a response that records them, instead of building its policy again for every request
 * (decision 0155).
 */
function helmetHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(securityHeaders(config))({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
/**
 * What an API answer (JSON, CSV, an image's bytes; never a page) carries instead of the page's policy: it
 * loads nothing, runs nothing and may be framed by nobody, so the policy is the shortest and strictest one
 * (OWASP's REST advice), and the Permissions-Policy, which only a document uses, is left out (decision 0206).
 */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers that mean something on a script, style sheet, image or font: the browser applies the
 * Content-Security-Policy, Permissions-Policy, framing and referrer headers only to documents and workers
 * (decision 0200). On a mobile connection the full set, about 2.6 KB, cost more than most chunks weigh.
 */
const SUBRESOURCE_HEADERS = ["x-content-type-options", "cross-origin-resource-policy", "strict-transport-security"];

/** Vite's content-hashed files: immutable scripts, styles and images, never a document or a worker. */
const HASHED_ASSETS_PREFIX = "/assets/";

/**
 * The service worker is served under the API's prefix but is a worker, whose own fetches its policy
 * governs: it keeps the page's policy, or it could load nothing (decision 0206).
 */
function isApiAnswer(url: string): boolean {
  return isApiPath(url) && url.split("?")[0] !== SERVICE_WORKER_URL;
}

/** The headers of API answers, of hashed assets, and of every other response (pages, files, errors). */
function securityHeaderSets(config: Config): {
  api: Record<string, string>;
  asset: Record<string, string>;
  other: Record<string, string>;
} {
  const helmetSet = helmetHeaders(config);
  return {
    api: { ...helmetSet, "content-security-policy": API_CONTENT_SECURITY_POLICY },
    asset: Object.fromEntries(Object.entries(helmetSet).filter(([name]) => SUBRESOURCE_HEADERS.includes(name))),
    other: { ...helmetSet, "permissions-policy": PERMISSIONS_POLICY },
  };
}

/**
 * Helmet's headers on every response. Pages, the service worker and everything else outside the API also
 * carry the page's Content-Security-Policy and the Permissions-Policy (which Helmet does not send); API
 * answers carry API_CONTENT_SECURITY_POLICY instead (decision 0206), and hashed assets only the subresource
 * headers (decision 0200).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const { api, asset, other } = securityHeaderSets(config);
  app.addHook("onRequest", (req, reply, done) => {
    reply.headers(isApiAnswer(req.url) ? api : req.url.startsWith(HASHED_ASSETS_PREFIX) ? asset : other);
    done();
  });
}
