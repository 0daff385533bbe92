/**
 * Settings (the environment variables of server/platform/http/config.ts) that every test server starts with, API and
 * browser alike. Every request comes from 127.0.0.1, so the rate limits are set out of ordinary reach (the
 * tests of the limits set low ones), and passwords are hashed at argon2's least cost: a test run signs up
 * thousands of people, and the cost of production's hash proves nothing about the product.
 */
export const TEST_SERVER_SETTINGS = {
  RATE_LIMIT_PER_EMAIL: "1000",
  RATE_LIMIT_PER_IP: "100000",
  PASSWORD_HASH_MEMORY_KIB: "8",
  PASSWORD_HASH_ITERATIONS: "1",
  // PostgreSQL requires one (server/platform/crypto/secret-key.ts); on SQLite it replaces the generated one.
  SECRET_KEY: "test-secret-key-of-the-test-servers-0123456789",
} as const;
