import { describe, expect, it } from "vitest";
import { z } from "zod";
import { publicProcedure, router } from "#server/platform/api/trpc.js";
import { jsonBodyLimitOf, restRoutesOf } from "#server/platform/http/rest.js";
import { inputFromQuery } from "#server/platform/http/rest-query.js";
import { appRouter } from "#server/router.js";

/** One declaration per endpoint (docs/DESIGN.md §1): each procedure names its REST path in its own meta. */

describe("the REST routes derived from the router", () => {
  const routes = restRoutesOf(appRouter);

  it("serve every procedure at exactly one documented path", () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    expect(routes.map((route) => route.procedurePath).sort()).toEqual(procedures);
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("are the paths of docs/SPEC.md §7, named after the procedure's area", () => {
    for (const route of routes) {
      const [area = ""] = route.procedurePath.split(".");
      // An area of two words is kebab-cased in its path (apiKeys: /api-keys/…).
      const areaPath = area.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      // A file's address may end in its key (`/uploads/images/:key`); docs/SPEC.md §7 names search's path `/search`;
      // a part of an area has its own segment (`/lessons/translations/save`, docs/decisions/0410).
      const pattern = area === "search" ? "^/search$" : `^/${areaPath}/([a-z-]+/)?[a-z-]+(/:[a-z]+)?$`;
      expect(route.path, route.procedurePath).toMatch(new RegExp(pattern));
    }
    const find = (procedurePath: string) => routes.find((route) => route.procedurePath === procedurePath);
    expect(find("tags.list")).toMatchObject({ method: "GET", path: "/tags/list" });
    expect(find("orgs.checkSlug")).toMatchObject({ method: "POST", path: "/orgs/check-slug" });
    expect(find("team.updateRole")).toMatchObject({ method: "POST", path: "/team/update-role" });
  });

  it("refuse a procedure without a path", () => {
    const undeclared = router({ ping: publicProcedure.query(() => "pong") });
    expect(() => restRoutesOf(undeclared)).toThrow("ping declares no REST path");
  });

  it("refuse two procedures claiming one path", () => {
    const twice = router({
      first: publicProcedure.meta({ rest: { method: "GET", path: "/x/ping" } }).query(() => 1),
      second: publicProcedure.meta({ rest: { method: "GET", path: "/x/ping" } }).query(() => 2),
    });
    expect(() => restRoutesOf(twice)).toThrow("GET /x/ping is claimed by both first and second");
  });

  it("leave out a procedure marked as tRPC-only", () => {
    const typedOnly = router({ ping: publicProcedure.meta({ rest: false }).query(() => "pong") });
    expect(restRoutesOf(typedOnly)).toEqual([]);
  });

  it("hold the bodies of the paths a signed-out person may call to 16 KB, the others to 1 MB (decision 0260)", () => {
    const signedOut = routes.filter((route) => jsonBodyLimitOf(appRouter, [route.procedurePath]) === 16 * 1024);
    expect(signedOut.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      "GET /auth/reset-password-status",
      "GET /certificates/verify",
      "GET /mail/status",
      "GET /team/decode-invite",
      "POST /auth/forgot-password",
      "POST /auth/login",
      "POST /auth/logout",
      "POST /auth/register",
      "POST /auth/reset-password",
      "POST /mail/unsubscribe",
    ]);
    expect(jsonBodyLimitOf(appRouter, ["courses.create"])).toBe(1024 * 1024);
    // A tRPC batch: the signed-in size as soon as one of its calls needs a session; unknown names do not.
    expect(jsonBodyLimitOf(appRouter, ["auth.login", "auth.register"])).toBe(16 * 1024);
    expect(jsonBodyLimitOf(appRouter, ["auth.login", "lessons.update"])).toBe(1024 * 1024);
    expect(jsonBodyLimitOf(appRouter, ["no.such", "__proto__", "constructor", ""])).toBe(16 * 1024);
  });
});

describe("query-string input", () => {
  const schema = z
    .object({
      id: z.number().int().positive(),
      ids: z.array(z.number()).default([]),
      either: z.union([z.number(), z.literal("all")]).optional(),
      flag: z.boolean().optional(),
      slug: z.string().optional(),
    })
    .partial({ id: true });

  it("turns text into what each field takes, and nothing else", () => {
    expect(inputFromQuery({ id: "12", ids: ["3", "4"], flag: "true", slug: "123", either: "all" }, [schema])).toEqual({
      id: 12,
      ids: [3, 4],
      flag: true,
      slug: "123",
      either: "all",
    });
    expect(inputFromQuery({ ids: "7", either: "8", flag: "false" }, [schema])).toEqual({
      ids: [7],
      either: 8,
      flag: false,
    });
  });

  it("leaves text that fits no field as text, for the schema to refuse", () => {
    expect(inputFromQuery({ id: "abc", flag: "yes", other: "5", ids: ["x"] }, [schema])).toEqual({
      id: "abc",
      flag: "yes",
      other: "5",
      ids: ["x"],
    });
  });

  it("takes an empty value as none, and no query as no input", () => {
    expect(inputFromQuery({ id: "", slug: "" }, [schema])).toEqual({});
    expect(inputFromQuery({}, [schema])).toBeUndefined();
    expect(inputFromQuery(undefined, [schema])).toBeUndefined();
  });

  it("reads the fields of every input schema of a procedure", () => {
    const second = z.object({ name: z.string(), count: z.number().optional() });
    expect(inputFromQuery({ id: "1", count: "2" }, [schema, second])).toEqual({ id: 1, count: 2 });
  });
});
