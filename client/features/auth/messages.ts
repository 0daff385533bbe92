import { errorMessage } from "#client/lib/errors.js";

/** The fixed texts of docs/SPEC.md §8 for authentication. */
export const AUTH_MESSAGES = {
  loginSuccess: "Login successful!",
  registerSuccess: "Account created successfully!",
  loginFailed: "Login failed. Please try again.",
  loginUnknown: "An unknown error occurred during login.",
  registerFailed: "Registration failed. Please try again.",
  registerUnknown: "An unknown error occurred during registration.",
  logoutFailed: "Logout failed.",
} as const;

export function loginErrorText(error: unknown): string {
  return errorMessage(error, AUTH_MESSAGES.loginFailed, AUTH_MESSAGES.loginUnknown);
}

export function registerErrorText(error: unknown): string {
  return errorMessage(error, AUTH_MESSAGES.registerFailed, AUTH_MESSAGES.registerUnknown);
}

export function logoutErrorText(error: unknown): string {
  return errorMessage(error, AUTH_MESSAGES.logoutFailed);
}
