/** The sso module's public face: the only file of it that other modules and the app may import. */
export { requireSsoRule } from "./require-sso.js";
export { registerSsoSignIn } from "./sso-routes.js";
