/**
 * One step of the rush (docs/benchmarks/0416-rush.md), in a process of its own so that the server's CPU
 * is counted apart from the load's: `node --import tsx scripts/lib/rush-child.ts '<RushStep as JSON>'`
 * prints a RushStepResult as JSON.
 *
 * Each autocannon connection walks people through what they do, one after another: a cook signs in, opens
 * My training and the course, reads and completes five lessons, takes the check and signs the procedure;
 * a manager signs in and opens the matrix and the course report. `overallRate` is the think time: N active
 * people who each act every `thinkSeconds` send N / thinkSeconds requests a second in all.
 */
import autocannon, { type RawRequest } from "autocannon";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import type { RushSeed } from "./rush-seed.js";
import { RUSH_PASSWORD } from "./rush-seed.js";

/** A person part-way through their journey, handed from one step to the next. */
interface JourneyState {
  person: number;
  step: number;
  cookie: string;
}

export interface RushStep {
  url: string;
  seed: RushSeed;
  /** The next new person (people are taken in turn, so nobody runs the journey twice). */
  nextPerson: number;
  /** Journeys the last step left part-way: the first connections carry on with them. */
  resume: JourneyState[];
  requestsPerSecond: number;
  connections: number;
  seconds: number;
}

export interface RushStepResult {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx, and connection errors and timeouts. */
  failures: number;
  nextPerson: number;
  inProgress: JourneyState[];
  /** Per path: requests and p95, so a missed target names the path behind it. */
  paths: Record<string, { requests: number; p95: number; failed: Record<number, number> }>;
}

interface Journey extends JourneyState {
  requests: RawRequest[];
  /** How many of its requests have their answer: the step ends with some sent and never answered. */
  answered: number;
}

type Context = { journey?: Journey };

const step = JSON.parse(process.argv[2] ?? "{}") as RushStep;
const { seed } = step;
const json = { "content-type": "application/json" };
let nextPerson = step.nextPerson;
const resume = [...step.resume];
/** Every journey begun or resumed in this step, to hand the unfinished ones on. */
const journeys: Journey[] = [];

function get(path: string): RawRequest {
  return { method: "GET", path: `/_api${path}` };
}
function post(path: string, body: unknown): RawRequest {
  return { method: "POST", path: `/_api${path}`, headers: json, body: JSON.stringify(body) };
}

/** Everything one person does after signing in, in order. */
function journeyOf(index: number): RawRequest[] {
  const person = seed.people[index % seed.people.length];
  if (!person) throw new Error("No people to walk.");
  const signIn = post("/auth/login", { email: person.email, password: RUSH_PASSWORD });
  if (person.manager)
    return [signIn, get("/auth/me"), get("/reports/matrix"), get(`/reports/course?courseId=${seed.courseId}`)];
  return [
    signIn,
    get("/auth/me"),
    get("/training/mine"),
    get(`/courses/get?id=${seed.courseId}`),
    ...seed.readingLessonIds.flatMap((lessonId) => [
      get(`/lessons/get?id=${lessonId}`),
      post("/lessons/complete", { lessonId }),
    ]),
    get(`/lessons/get?id=${seed.check.lessonId}`),
    post("/quizzes/submit", { lessonId: seed.check.lessonId, answers: seed.check.answers }),
    get(`/lessons/get?id=${seed.signoff.lessonId}`),
    post("/lessons/sign", {
      lessonId: seed.signoff.lessonId,
      version: seed.signoff.version,
      fullName: person.name,
      agreed: true,
    }),
  ];
}

/** A connection's next journey: one the last step left part-way, else a new person's. */
function nextJourney(): Journey {
  const carried = resume.shift();
  const state = carried ?? { person: nextPerson++, step: 0, cookie: "" };
  const journey = { ...state, requests: journeyOf(state.person), answered: state.step };
  journeys.push(journey);
  return journey;
}

/**
 * The request a connection sends next: the next of its person's journey. A finished journey answers null,
 * which makes autocannon start its list over with a fresh context, where the next journey begins.
 */
function nextRequest(_request: RawRequest, context: Context): RawRequest | null {
  if (!context.journey) context.journey = nextJourney();
  const journey = context.journey;
  if (journey.step >= journey.requests.length) return null;
  const request = journey.requests[journey.step++] as RawRequest;
  if (journey.step === 1) return request;
  return {
    ...request,
    headers: { ...request.headers, cookie: journey.cookie, [ORGANIZATION_HEADER]: String(seed.organizationId) },
  };
}

/**
 * The path of the answer autocannon reports next: its onResponse hook runs just before its "response"
 * event, in the same synchronous call, for the same answer.
 */
let answeredPath = "?";

function keepCookie(context: Context, headers: Record<string, string | string[]>) {
  const journey = context.journey;
  if (!journey) return;
  journey.answered = journey.step;
  answeredPath = (journey.requests[journey.step - 1]?.path ?? "?").split("?")[0] ?? "?";
  const setCookie = headers["set-cookie"];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (journey.step === 1 && first) journey.cookie = first.split(";")[0] ?? "";
}

const timesByPath = new Map<string, number[]>();
/** Per path, the count of each status other than 2xx. */
const failedByPath = new Map<string, Record<number, number>>();
const allTimes: number[] = [];
let failures = 0;

const run = autocannon({
  url: step.url,
  connections: step.connections,
  duration: step.seconds,
  timeout: 10,
  overallRate: step.requestsPerSecond,
  // autocannon keeps a connection's context only while it walks its list of requests, so the list is as
  // long as the longest journey; every entry sends whatever the journey needs next.
  requests: Array.from({ length: journeyOf(0).length + journeyOf(1).length }, () => ({
    setupRequest: (request: RawRequest, context: Record<string, unknown>) => nextRequest(request, context as Context),
    onResponse: (
      _status: number,
      _body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => keepCookie(context as Context, headers),
  })),
});
run.on("response", (_client, statusCode, _bytes, responseTime) => {
  if (statusCode < 200 || statusCode >= 300) {
    failures++;
    const failed = failedByPath.get(answeredPath) ?? {};
    failed[statusCode] = (failed[statusCode] ?? 0) + 1;
    failedByPath.set(answeredPath, failed);
  }
  allTimes.push(responseTime);
  const times = timesByPath.get(answeredPath) ?? [];
  times.push(responseTime);
  timesByPath.set(answeredPath, times);
});
const result = await run;

function percentile(times: number[], share: number): number {
  if (times.length === 0) return 0;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] as number;
}

const answer: RushStepResult = {
  requests: allTimes.length,
  p50: percentile(allTimes, 0.5),
  p95: percentile(allTimes, 0.95),
  p99: percentile(allTimes, 0.99),
  failures: failures + result.errors + result.timeouts,
  nextPerson,
  inProgress: [
    // A journey carries on from its first unanswered request, once signed in.
    ...journeys
      .filter((journey) => journey.answered > 0 && journey.answered < journey.requests.length)
      .map(({ person, answered, cookie }) => ({ person, step: answered, cookie })),
    ...resume,
  ],
  paths: Object.fromEntries(
    [...timesByPath].map(([path, times]) => [
      path,
      { requests: times.length, p95: percentile(times, 0.95), failed: failedByPath.get(path) ?? {} },
    ]),
  ),
};
process.stdout.write(JSON.stringify(answer));
