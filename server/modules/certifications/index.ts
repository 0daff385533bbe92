/** The certifications module's public face: the only file of it that other modules and the app may import. */
export { registerVerificationPage } from "./certificate-verification.js";
export { certificateExpiryBatch } from "./expiry-reminders.mail.js";
export { certificationsMyTrainingPart, courseCertificates, latestCertificates } from "./my-training-part.js";
