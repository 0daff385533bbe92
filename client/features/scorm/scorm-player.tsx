import { useQuery } from "@tanstack/react-query";
import { CircleCheck, PlayCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { courseReaders } from "#client/features/courses/queries.js";
import { cn } from "#client/lib/cn.js";
import { needsConnection } from "#client/lib/errors.js";
import { queryClient, trpc } from "#client/lib/trpc.js";
import { API_PREFIX } from "#shared/constants.js";
import type { ScormLaunchSco, ScormLaunchView } from "#shared/schemas/scorm.js";
import { queuedCommits } from "./scorm-commits.js";

/**
 * A SCORM lesson's package, played in the lesson page (docs/decisions/0333, 0334). The runtime
 * (scorm-again's Scorm12API or Scorm2004API) lives here, in the app's window; the package runs in a frame
 * sandboxed without `allow-same-origin`, in an opaque origin, and reaches the runtime only through
 * postMessage (scorm-again's CrossFrameLMS here, CrossFrameAPI in the frame, which the server puts first
 * in each of the package's pages). Commits go to scorm/commit as they happen, and on leaving the page.
 */

const COMMIT_URL = `${API_PREFIX}/scorm/commit`;

interface PlayerProps {
  lessonId: number;
  lessonTitle: string;
}

export function ScormPlayer({ lessonId, lessonTitle }: PlayerProps) {
  // Fetched once per visit: a refetch would hand out new launch tokens and restart the running package.
  const launch = useQuery({
    ...trpc.scorm.launch.queryOptions({ lessonId }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (launch.isPending) return <Skeleton className="mt-6 h-[60vh] w-full rounded-xl" />;
  if (launch.isError) {
    return (
      <Card className="mt-6 p-5 text-sm text-slate-700" role="alert">
        {needsConnection(launch.error)
          ? // Its files are not saved on the device (docs/decisions/0361).
            "This course plays from the server: open it again when you're online. Your progress so far is kept."
          : `This course could not be started: ${launch.error.message}`}
      </Card>
    );
  }
  return <ScormPackage lessonId={lessonId} lessonTitle={lessonTitle} launch={launch.data} />;
}

function ScormPackage({ lessonId, lessonTitle, launch }: PlayerProps & { launch: ScormLaunchView }) {
  const firstOpen = Math.max(
    0,
    launch.scos.findIndex((sco) => !sco.completed),
  );
  const [current, setCurrent] = useState(firstOpen);
  const [completed, setCompleted] = useState(
    () => new Set(launch.scos.filter((sco) => sco.completed).map((sco) => sco.identifier)),
  );
  const sco = launch.scos[current];
  if (!sco) return null;
  const multi = launch.scos.length > 1;
  return (
    <section aria-label="Course player" className="mt-6">
      {multi && (
        <ol className="mb-3 flex flex-wrap gap-2" aria-label="Parts">
          {launch.scos.map((each, index) => (
            <li key={each.identifier}>
              <Button
                variant={index === current ? "primary" : "outline"}
                size="sm"
                aria-current={index === current ? "step" : undefined}
                onClick={() => setCurrent(index)}
              >
                {completed.has(each.identifier) ? (
                  <CircleCheck aria-hidden="true" />
                ) : (
                  <PlayCircle aria-hidden="true" />
                )}
                {each.title}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <ScoFrame
        key={sco.url}
        lessonId={lessonId}
        title={multi ? `${lessonTitle}: ${sco.title}` : lessonTitle}
        version={launch.version}
        packageVersion={launch.packageVersion}
        sco={sco}
        onCommitted={(answer) => {
          if (answer.scoCompleted) setCompleted((before) => new Set(before).add(sco.identifier));
        }}
      />
      {multi && (
        // Back to the part before at any time; on to the next once this one is completed (the package's order).
        <div className="mt-3 flex flex-wrap justify-between gap-2">
          {current > 0 ? (
            <Button variant="outline" onClick={() => setCurrent(current - 1)}>
              Previous part
            </Button>
          ) : (
            <span />
          )}
          {current < launch.scos.length - 1 && completed.has(sco.identifier) && (
            <Button onClick={() => setCurrent(current + 1)}>Next part</Button>
          )}
        </div>
      )}
    </section>
  );
}

interface FrameProps {
  lessonId: number;
  title: string;
  version: ScormLaunchView["version"];
  packageVersion: number;
  sco: ScormLaunchSco;
  onCommitted(answer: { scoCompleted: boolean }): void;
}

interface RuntimeControl {
  loadFromFlattenedJSON(json: Record<string, string>): void;
  isInitialized(): boolean;
  isTerminated(): boolean;
}

/** Whether the SCO's own data, as flattened for a commit, says it is completed (the server decides the lesson). */
function scoCompletedIn(version: ScormLaunchView["version"], cmi: Record<string, unknown>): boolean {
  if (version === "1.2") return ["completed", "passed"].includes(String(cmi["cmi.core.lesson_status"]));
  return cmi["cmi.completion_status"] === "completed" && cmi["cmi.success_status"] !== "failed";
}

interface RuntimeParts extends Omit<FrameProps, "onCommitted"> {
  committed: { current: FrameProps["onCommitted"] };
}

/** The runtime for one SCO, answering its frame; returns what ends it (a last commit, queued, if it runs). */
function startRuntime(
  { CrossFrameLMS, Scorm12API, Scorm2004API }: typeof import("scorm-again"),
  { lessonId, title, version, packageVersion, sco, committed }: RuntimeParts,
): () => void {
  const settings = {
    // Commits go through the device's queue (docs/decisions/0361): kept offline, sent once.
    httpService: queuedCommits({ lessonId, lessonTitle: title, sco: sco.identifier, packageVersion }, (answer, cmi) => {
      committed.current({ scoCompleted: scoCompletedIn(version, cmi) });
      if (answer?.lessonCompleted) {
        for (const queryKey of courseReaders()) void queryClient.invalidateQueries({ queryKey });
      }
    }),
    lmsCommitUrl: COMMIT_URL,
    dataCommitFormat: "flattened" as const,
    autocommit: true,
    autocommitSeconds: 5,
    useAsynchronousCommits: true,
    logLevel: 5 as const,
  };
  const api = version === "1.2" ? new Scorm12API(settings) : new Scorm2004API(settings);
  // BaseAPI's methods, which the package's declaration files do not carry through to the two classes.
  const runtime = api as unknown as RuntimeControl;
  // Resume: the learner's last data is there before Initialize, as vendor content expects.
  runtime.loadFromFlattenedJSON(sco.resume);
  // "*": the frame's origin is opaque ("null"), which no targetOrigin can name; the data is the learner's own.
  const lms = new CrossFrameLMS(api, "*");
  const finish = () => {
    if (runtime.isInitialized() && !runtime.isTerminated()) {
      if (api instanceof Scorm12API) api.LMSFinish("");
      else api.Terminate("");
    }
  };
  window.addEventListener("pagehide", finish);
  return () => {
    window.removeEventListener("pagehide", finish);
    finish();
    lms.destroy();
  };
}

function ScoFrame({ lessonId, title, version, packageVersion, sco, onCommitted }: FrameProps) {
  // The runtime is made once per SCO; the latest callback is read through the ref.
  const committed = useRef(onCommitted);
  committed.current = onCommitted;
  // The frame is loaded only once the runtime listens: a SCO initializes as soon as its page runs.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cleanup: (() => void) | null = null;
    let cancelled = false;
    setReady(false);
    // Loaded with the first SCORM lesson, not with every lesson page. The main entry: its declarations and
    // its module agree on named exports (the per-API entries' do not).
    void import("scorm-again").then((runtimeModule) => {
      if (cancelled) return;
      cleanup = startRuntime(runtimeModule, { lessonId, title, version, packageVersion, sco, committed });
      setReady(true);
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [lessonId, title, version, packageVersion, sco]);

  if (!ready) return <Skeleton className="h-[70vh] min-h-[420px] w-full rounded-xl" />;
  return (
    <iframe
      title={title}
      src={sco.url}
      // No allow-same-origin: the package runs in an opaque origin (decision 0333).
      sandbox="allow-scripts allow-forms allow-popups"
      className={cn("h-[70vh] min-h-[420px] w-full rounded-xl border border-slate-200 bg-white")}
    />
  );
}
