import { Link } from "@tanstack/react-router";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CenteredCardPage } from "#client/components/layout/centered-card-page.js";
import { buttonClassName } from "#client/components/ui/button.js";
import { cn } from "#client/lib/cn.js";

const TONES = {
  brand: "bg-brand-50 text-brand-600",
  danger: "bg-red-50 text-red-600",
  warning: "bg-amber-50 text-amber-600",
} as const;

export interface InviteCardProps {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  title: string;
  /** The text under the title; errors are announced as alerts. */
  description?: ReactNode;
  alert?: boolean;
  children?: ReactNode;
}

/** The one frame of every state of the invite page: a centred card with an icon, a title and a body. */
export function InviteCard({
  icon: Icon,
  tone = "brand",
  title,
  description,
  alert = false,
  children,
}: InviteCardProps) {
  return (
    <CenteredCardPage>
      <div className="flex flex-col gap-6 p-6 sm:p-8">
        <div className="flex flex-col items-center text-center" role={alert ? "alert" : undefined}>
          <span className={cn("flex size-12 items-center justify-center rounded-2xl", TONES[tone])}>
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description && <div className="mt-2 text-sm text-slate-600">{description}</div>}
        </div>
        {children}
      </div>
    </CenteredCardPage>
  );
}

/** A way out of a dead end: home, or the user's own organization. */
export function HomeLink({ to = "/", label }: { to?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={buttonClassName({ variant: "outline", className: "w-full" })}>
      {label ?? t("nav.goHome")}
    </Link>
  );
}
