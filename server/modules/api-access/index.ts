/** The api-access module's public face: the only file of it that other modules and the app may import. */

export { resumeApiKey } from "./api-keys.data.js";
export { openApiDocument, undeclaredAnswers } from "./openapi.js";
