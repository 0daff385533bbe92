/**
 * The organization texts of docs/SPEC.md, apart from the schemas that use them: the client shows them from
 * its first chunk, which must not carry the validation library.
 */
export const ORG_MESSAGES = {
  nameTooShort: "Organization name must be at least 2 characters.",
  nameTooLong: "Organization name must be at most 100 characters.",
  slugTooShort: "URL slug must be at least 3 characters.",
  slugTooLong: "URL slug must be at most 50 characters.",
  slugPattern: "Slug can only contain lowercase letters, numbers, and hyphens, and cannot start or end with a hyphen.",
  nameOrSlugRequired: "Either name or slug must be provided for an update.",
  orgIdInvalid: "Organization ID must be a positive number.",
  slugEmpty: "Organization slug cannot be empty.",
  noAccess: "You don't have access to this organization.",
  slugTaken: "This URL is already taken. Please choose another.",
  slugUnchangeable: "The organization URL cannot be changed.",
  createFailed: "Failed to create organization.",
  languageInvalid: "Choose one of the offered languages.",
} as const;
