/**
 * Every number and fixed text the spec (§1, §9) names, in one place, so that both the server and the
 * client read the same values and a test can assert them.
 */

export const APP_NAME = "Trainwright";
export const MARKETING_LINE = "Easily Train Your Team By Creating & Organizing Standard Operating Procedures";
export const THEME_COLOR = "#6366f1";
export const BACKGROUND_COLOR = "#ffffff";
export const COPYRIGHT_YEAR = 2025;

const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
const SECOND = SECOND_MS;
const MINUTE = MINUTE_MS;

/** A session's "last seen" is written at most this often (decision 0015), so it is shown to that precision. */
export const LAST_SEEN_STEP_MS = 5 * MINUTE_MS;

/** docs/DESIGN.md §5: an invitation link works for this many days. */
export const INVITATION_DAYS = 7;

/**
 * Not in the spec: how many invitations (new, resent, or in a list) may be sent in any hour and any 24
 * hours, by one organization and by one person across their organizations, so that nobody uses
 * Trainwright to mail strangers. An organization or an account younger than `newForDays` has the lower
 * limits; an ordinary team's onboarding (a list of up to 200 at once) fits in them
 * (docs/decisions/0270-invitation-limits-pages-fair-outbox.md).
 */
export const INVITATION_LIMITS = {
  newForDays: 7,
  organization: { new: { perHour: 200, perDay: 300 }, established: { perHour: 500, perDay: 2000 } },
  account: { new: { perHour: 200, perDay: 300 }, established: { perHour: 500, perDay: 2000 } },
} as const;

export const FRESHNESS = {
  currentUserMs: 5 * MINUTE,
  defaultQueryMs: 60 * SECOND,
  /** Course lists, details, structure, completions, org slug validation and the tag list. */
  contentMs: 5 * MINUTE,
  slugCheckCacheMs: 10 * MINUTE,
} as const;

export const SLUG_CHECK = { debounceMs: 500, minLength: 3 } as const;

/**
 * The largest id there is: ids live in integer columns (PostgreSQL's `integer`, 32 bits), so no record
 * has a larger one, and PostgreSQL refuses a larger number as a parameter compared with one
 * (docs/decisions/0261-bounded-lists-and-ids.md).
 */
export const ID_MAX = 2_147_483_647;

export const LIMITS = {
  orgNameMin: 2,
  orgNameMax: 100,
  orgSlugMin: 3,
  orgSlugMax: 50,
  tagNameMin: 1,
  tagNameMax: 100,
  courseTitleMin: 3,
  courseTitleMax: 255,
  courseDescriptionMax: 1000,
  moduleTitleMin: 1,
  moduleTitleMax: 255,
  moduleDescriptionMax: 1000,
  lessonTitleMin: 1,
  lessonTitleMax: 255,
  personNameMin: 2,
  passwordMin: 8,
  /** Not in the spec: a cap so that a password cannot be used to make hashing expensive. */
  passwordMax: 200,
  /** Not in the spec: a cap on stored names and e-mail addresses. */
  personNameMax: 100,
  emailMax: 254,
  courseCardTags: 3,
  /** Not in the spec: how many hits one search answers with, by default and at most. */
  searchResultsDefault: 20,
  searchResultsMax: 50,
  /**
   * Not in the spec: the most one lesson's content may weigh, in bytes of UTF-8 (decision 0010). Generous for a
   * written procedure; converting this much well-formed Markdown stays well inside the server's time limit.
   */
  lessonContentMaxBytes: 256 * 1024,
  /**
   * Not in the spec: the most modules a course and lessons a module hold, and so the most items one
   * reorder names (docs/decisions/0261-bounded-lists-and-ids.md). Far beyond a written procedure.
   */
  modulesPerCourseMax: 500,
  lessonsPerModuleMax: 500,
  /** Not in the spec: the most tags (departments and roles) one course or one member carries. */
  tagsPerCourseMax: 100,
  tagsPerMemberMax: 100,
} as const;

/**
 * Not in the spec: how many bytes of images one organization may store, all its courses together
 * (docs/decisions/0276-image-storage-per-organization.md). An upload or a course copy that would go past it is refused.
 */
export const ORGANIZATION_STORAGE_BYTES = 500 * 1024 * 1024;

export const MOBILE_BREAKPOINT_PX = 767;
export const OFFLINE_RETRY_TIMEOUT_MS = 5 * SECOND;
/**
 * Work done offline is timed when the member did it, as the device says (decision 0142), within these
 * bounds: a device clock this far ahead of the server's is still believed (and the time taken as the
 * arrival), and nothing older than the age limit is backdated (it is timed at its arrival instead).
 */
export const OFFLINE_CLOCK_SKEW_MS = 5 * MINUTE_MS;
export const OFFLINE_ACTION_MAX_AGE_MS = 14 * DAY_MS;
export const LOGIN_FOCUS_DELAY_MS = 100;

export const DEFAULT_INVITE_ROLE = "user";
export const DEFAULT_COURSE_STATUS = "draft";
export const DEFAULT_MODULE_TITLE = "New Module";
export const DEFAULT_LESSON_TITLE = "New Lesson";

export const SKELETON_COUNTS = { tagCards: 3, memberCards: 3, courseCards: 6, statCards: 4 } as const;

export const TOAST = {
  visibleToasts: 3,
  durationMs: 4000,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 45,
  removeDelayMs: 200,
  position: "bottom-right",
  hotkey: ["altKey", "KeyT"],
} as const;

export const TOOLTIP = { delayDurationMs: 700, skipDelayDurationMs: 300, sideOffsetPx: 4 } as const;

export const DEPARTMENT_COLORS = [
  { name: "Red", hex: "#FFC1C0" },
  { name: "Orange", hex: "#FFE3C1" },
  { name: "Yellow", hex: "#FFF8E0" },
  { name: "Green", hex: "#CFF3CF" },
  { name: "Blue", hex: "#E4F2F9" },
  { name: "Indigo", hex: "#D7D3F4" },
  { name: "Violet", hex: "#EBD6F5" },
] as const;
export const DEFAULT_DEPARTMENT_COLOR = DEPARTMENT_COLORS[0].hex;

/** The one key the app keeps in local storage (docs/SPEC.md §3). */
export const INSTALL_BANNER_DISMISSED_KEY = "trainwright.installBannerDismissed";
/** Local storage: the id of each organization this browser has opened, by slug (decision 0161). */
export const ORGANIZATION_IDS_KEY = "trainwright.organizationIds";

export const CACHED_OFFLINE_PAGES = ["/", "/demo", "/offline"] as const;

/** The web app manifest and the service worker are served by the API (docs/SPEC.md §1, §7). */
export const MANIFEST_URL = "/_api/manifest";
export const SERVICE_WORKER_URL = "/_api/service-worker";
/** The file vite-plugin-pwa builds from client/sw.ts into the client folder. */
export const SERVICE_WORKER_FILE = "sw.js";
/** `/` for signed-out visitors: the prerendered landing page, beside index.html (decision 0160). */
export const LANDING_SHELL_FILE = "landing.html";
/** `/login` (no query) for a browser without a session, prerendered like the landing page (decision 0201). */
export const LOGIN_SHELL_FILE = "login.html";
/** The prerendered pages: path → file written at build and sent to a browser without a session. */
export const PRERENDERED_PAGES = { "/": LANDING_SHELL_FILE, "/login": LOGIN_SHELL_FILE } as const;
/**
 * The id of the JSON block in a signed-in course or lesson page's HTML that holds the first API answers
 * the page asks for, so it starts without waiting on the network (decision 0220).
 */
export const PAGE_ANSWERS_ELEMENT_ID = "trainwright-page-answers";
/** Written at build beside index.html: the scripts each of those pages' routes loads (decision 0222). */
export const PAGE_PRELOADS_FILE = "page-preloads.json";
/** Members per page on the team page: a large team opens as fast as a small one (decision 0122). */
export const MEMBERS_PAGE_SIZE = 24;
/** Pending invitations per page on the team page; more with "Show more" (docs/decisions/0270-invitation-limits-pages-fair-outbox.md). */
export const INVITATIONS_PAGE_SIZE = 10;
/** The landing shell's own install banner, shown by its boot script until the app takes over (decision 0163). */
export const LANDING_INSTALL_BANNER_ID = "landing-install-banner";
/** The message the update prompt posts to a waiting service worker to make it take over. */
export const SKIP_WAITING_MESSAGE = "SKIP_WAITING";
/** How long the offline page shows "Connection restored! Redirecting..." before it goes to /. */
export const OFFLINE_REDIRECT_DELAY_MS = 1500;
/** While the browser says it is online but the server does not answer, the offline page asks again this often. */
export const OFFLINE_AUTO_CHECK_INTERVAL_MS = 10_000;
/**
 * How long a read waits for the server before the app answers from the device (decision 0293): the saved
 * copy of a course or lesson, or "needs a connection" once the server is known not to answer.
 */
export const OFFLINE_PATIENCE_MS = 3 * SECOND;

/**
 * The product tour shown on the landing, logged-out, onboarding and demo pages: a short silent video of
 * Trainwright's own screens, served by the app itself (so it needs no third-party player and plays offline
 * once cached). It is cut from the browser tests' screenshots; see docs/decisions/0008-demo-video.md.
 */
export const DEMO_VIDEO = { src: "/demo/trainwright-tour.mp4", poster: "/demo/trainwright-tour.jpg" } as const;

export const API_PREFIX = "/_api";

/** Whether a request URL is under the API's prefix (its answers are JSON, never a page). */
export const isApiPath = (url: string): boolean => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);

/**
 * The organization a typed-client call acts on: the one of the page it comes from (docs/DESIGN.md §4), so that
 * two tabs on two organizations never mix. Without it (the documented REST paths) the session's current
 * organization applies.
 */
export const ORGANIZATION_HEADER = "x-organization-id";

export const SESSION_COOKIE = "tw_session";
/** Marks a browser that has signed in before (decision 0016); sent to the sign-in paths only. */
export const DEVICE_COOKIE = "tw_device";
