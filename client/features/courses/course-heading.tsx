import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/**
 * "card": the course grid's card, whose title link stretches (::after) over the whole card so that the card
 * is one click target while the link's name stays just the title; the badge sits at the far end.
 * "row": a row of My training, with its own buttons, so only the title is the link; the badge follows it.
 */
const VARIANTS = {
  card: {
    Heading: "h2",
    header: "flex items-start justify-between gap-3",
    heading: "min-w-0 text-base font-semibold leading-snug text-slate-900",
    link: "break-words after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none",
  },
  row: {
    Heading: "h4",
    header: "flex flex-wrap items-center gap-2",
    heading: "min-w-0 font-semibold break-words text-slate-900",
    link: "hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
  },
} as const;

export interface CourseHeadingProps {
  orgSlug: string;
  courseId: number;
  title: string;
  /** The heading level follows the page: h2 in the course grid, h4 under My training's h3 lists. */
  variant: keyof typeof VARIANTS;
  /** The course's status badge (draft or published; the member's training status). */
  badge: ReactNode;
}

/** A course's title, linked to its page, with its status badge: the head of every course card and row. */
export function CourseHeading({ orgSlug, courseId, title, variant, badge }: CourseHeadingProps) {
  const { Heading, header, heading, link } = VARIANTS[variant];
  return (
    <div className={header}>
      <Heading className={heading}>
        <Link to="/$orgSlug/courses/$courseId" params={{ orgSlug, courseId: String(courseId) }} className={link}>
          {title}
        </Link>
      </Heading>
      {badge}
    </div>
  );
}
