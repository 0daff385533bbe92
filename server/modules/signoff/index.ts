/** The signoff module's public face: the only file of it that other modules and the app may import. */

export { signoffCourseHook } from "./course-hooks.js";
export { Signature } from "./signoff.entity.js";
export type { SignoffMemberView, SignoffReport } from "./signoff.presenter.js";
export { presentSignatureRecord } from "./signoff.presenter.js";
export { signoffReportCsv } from "./signoff-csv.presenter.js";
export { materialVersions, signoffStatusOf, storedUserAgent } from "./signoffs.js";
