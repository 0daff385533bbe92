/** The search module's public face: the only file of it that other modules and the app may import. */

export { courseIdsMatching } from "./search.data.js";
export { indexCourseContent, refreshSearchIndex } from "./search-index.js";
