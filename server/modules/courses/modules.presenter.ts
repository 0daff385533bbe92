import type { CourseModule } from "./course.entity.js";

/** A module as its writes answer (modules/create, update). */
export interface ModuleView {
  id: number;
  courseId: number;
  title: string;
  description: string | null;
  orderIndex: number;
  version: number;
}

export function presentModule(module: CourseModule): ModuleView {
  return {
    id: module.id,
    courseId: module.course.id,
    title: module.title,
    description: module.description,
    orderIndex: module.orderIndex,
    version: module.version,
  };
}
