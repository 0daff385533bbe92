import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "#server/router.js";

type Outputs = inferRouterOutputs<AppRouter>;

/** The course area's shapes as the API answers them (docs/SPEC.md §3), inferred so they never drift. */
export type CourseListItem = Outputs["courses"]["list"][number];
export type CourseDetail = Outputs["courses"]["get"];
export type CourseTag = CourseListItem["tags"][number];
export type StructureModule = Outputs["courses"]["structure"][number];
export type LessonPageData = Outputs["lessons"]["get"];
export type TagDepartment = Outputs["tags"]["list"][number];
export type CourseStatus = CourseListItem["status"];
