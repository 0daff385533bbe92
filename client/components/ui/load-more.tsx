import { useEffect, useRef } from "react";
import { Button } from "./button.js";

export interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a list that loads a page at a time (decisions 0122 and 0162): the next page loads as this end scrolls into
 * view, or with the "Show more" button, which keyboards and screen readers reach. Takes an infinite
 * query's own fields.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: LoadMoreProps) {
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const end = endRef.current;
    if (!end || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div ref={endRef} className="mt-6 flex justify-center">
      {hasNextPage && (
        <Button variant="outline" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          Show more
        </Button>
      )}
    </div>
  );
}
