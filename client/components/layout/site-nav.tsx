import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { buttonClassName } from "#client/components/ui/button.js";
import { cn } from "#client/lib/cn.js";
import type { NavItem } from "./nav-items.js";

const LINK_BASE =
  "rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

const LAYOUT = {
  bar: {
    list: "flex items-center gap-1",
    link: "px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-brand-700 aria-[current=page]:bg-brand-50",
    emphasis: "ml-2",
  },
  menu: {
    list: "flex flex-col gap-1",
    link: "block px-3 py-2.5 text-base text-slate-700 hover:bg-slate-100 aria-[current=page]:text-brand-700 aria-[current=page]:bg-brand-50",
    emphasis: "mt-2 w-full",
  },
} as const;

export interface SiteNavProps {
  items: readonly NavItem[];
  /** "bar": the desktop row in the header; "menu": the stacked mobile menu. */
  layout: "bar" | "menu";
  id?: string;
  className?: string;
}

export function SiteNav({ items, layout, id, className }: SiteNavProps) {
  const { t } = useTranslation();
  const styles = LAYOUT[layout];
  return (
    <nav aria-label={t("nav.main")} id={id} className={className}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={`${item.label}-${item.to}`}>
            <Link
              to={item.to}
              hash={item.hash}
              // Home, Features and About share "/": only the one whose hash matches is the current page.
              activeOptions={{ exact: true, includeHash: true, includeSearch: false }}
              className={
                item.emphasis
                  ? buttonClassName({ size: layout === "menu" ? "lg" : "sm", className: styles.emphasis })
                  : cn(LINK_BASE, styles.link)
              }
            >
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
