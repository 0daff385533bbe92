/** The scorm module's public face: the only file of it that other modules and the app may import. */
export { registerScormFiles } from "./scorm-files.js";
