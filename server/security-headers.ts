import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { VIDEO_FRAME_SOURCES } from "#shared/video-embed.js";
import type { Config } from "./config.js";

export { VIDEO_FRAME_SOURCES };

export function securityHeaders(config: Config): FastifyHelmetOptions {
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

/** Helmet has no Permissions-Policy; this sends it on every response, pages, API, files and errors alike. */
export function registerPermissionsPolicy(app: FastifyInstance): void {
  app.addHook("onRequest", async (_req, reply) => {
    reply.header("Permissions-Policy", PERMISSIONS_POLICY);
  });
}
