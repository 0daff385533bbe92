/** The document-control module's public face: the only file of it that other modules and the app may import. */

export { documentControlDrafts } from "./revision-drafts.js";
