import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { VIDEO_FRAME_SOURCES } from "#shared/video-embed.js";
import type { Config } from "./config.js";

export { VIDEO_FRAME_SOURCES };

export function securityHeaders(config: Config): HelmetOptions {
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
        frameSrc: [...VIDEO_FRAME_SOURCES],
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

export const PERMISSIONS_POLICY = [
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
export function helmetHeaders(config: Config): Record<string, string> {
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
 * The headers that mean something on a script, style sheet, image or font: the browser applies the
 * Content-Security-Policy, Permissions-Policy, framing and referrer headers only to documents and workers
 * (decision 0200). On a mobile connection the full set, about 2.6 KB, cost more than most chunks weigh.
 */
const SUBRESOURCE_HEADERS = ["x-content-type-options", "cross-origin-resource-policy", "strict-transport-security"];

/** Vite's content-hashed files: immutable scripts, styles and images, never a document or a worker. */
const HASHED_ASSETS_PREFIX = "/assets/";

/**
 * Helmet's headers and the Permissions-Policy (which Helmet does not send) on every response (pages, API,
 * the service worker, errors), and the subresource ones on hashed assets.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers: Record<string, string> = { ...helmetHeaders(config), "permissions-policy": PERMISSIONS_POLICY };
  const assetHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADERS.includes(name)),
  );
  app.addHook("onRequest", (req, reply, done) => {
    reply.headers(req.url.startsWith(HASHED_ASSETS_PREFIX) ? assetHeaders : headers);
    done();
  });
}
