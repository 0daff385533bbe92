/**
 * How long a page's loader waits for its data. Data already cached (or fetched since a link was
 * hovered, `defaultPreload: "intent"`) is there at once and the page opens without skeletons; a slow
 * answer leaves the page to show its own skeletons (docs/SPEC.md §9) rather than a blank wait.
 */
const LOADER_PATIENCE_MS = 300;

/**
 * For a route's `loader`, given the `queryClient.ensureQueryData(…)` calls for what the page reads.
 * A failure is left to the page, whose query shows its own error state and retry.
 */
export async function ensurePageData(loads: readonly Promise<unknown>[]): Promise<void> {
  const loaded = Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patience = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOADER_PATIENCE_MS);
  });
  await Promise.race([loaded, patience]);
  clearTimeout(timer);
}

/**
 * For the `loader` of a page titled after its record (a course, a lesson), given its
 * `ensureQueryData(…)` call: the record's title once loaded. A failure leaves the title to the product
 * name and the page to its own error state.
 */
export async function titleOf(load: Promise<{ title: string }> | null): Promise<{ title: string | undefined }> {
  try {
    return { title: (await load)?.title };
  } catch {
    return { title: undefined };
  }
}

/** The page title (docs/SPEC.md §1: the product name unless the page names itself), for a route's `head`. */
export function titled(title: string | undefined) {
  return { meta: title ? [{ title }] : [] };
}
