/** The signoff module's public face: the only file of it that other modules and the app may import. */

export { signoffCourseHook } from "./course-hooks.js";
export { signoffStatusOf } from "./signoffs.js";
