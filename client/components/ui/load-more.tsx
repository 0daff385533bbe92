import { useEffect, useRef } from "react";
import { Button } from "./button.js";

export interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  /** false: only the button loads more (a list in the middle of a page, which scrolling past must not grow). */
  auto?: boolean;
  /** The button's accessible name, when "Show more" alone would not say of what; it starts with "Show more". */
  label?: string;
  className?: string;
}

/**
 * The end of a list that loads a page at a time (decisions 0122 and 0162): the next page loads as this end scrolls into
 * view, or with the "Show more" button, which keyboards and screen readers reach. Takes an infinite
 * query's own fields.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  auto = true,
  label,
  className = "mt-6",
}: LoadMoreProps) {
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const end = endRef.current;
    if (!end || !hasNextPage || !auto) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, auto]);

  return (
    <div ref={endRef} className={`${className} flex justify-center`}>
      {hasNextPage && (
        <Button variant="outline" aria-label={label} loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          Show more
        </Button>
      )}
    </div>
  );
}
