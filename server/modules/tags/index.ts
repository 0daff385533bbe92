/** The tags module's public face: the only file of it that other modules and the app may import. */
export { MemberTag, Tag } from "./tag.entity.js";
export { countOwnTags, tagFromRecord, tagsOfMemberships, tagsWithIds } from "./tags.data.js";
export type { TagView } from "./tags.presenter.js";
export { compareTags } from "./tags.presenter.js";
