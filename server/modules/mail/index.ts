/** The mail module's public face: the only file of it that other modules and the app may import. */
export { signingKey, unsubscribeToken } from "./unsubscribe.js";
