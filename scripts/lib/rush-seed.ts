/**
 * The organization `npm run bench:rush` drives (docs/benchmarks/0416-rush.md): a kitchen of `people`
 * cooks and a manager for every twenty, all in one job role that a published course is for. The course
 * has five reading lessons, a knowledge check and a sign-off lesson, made through the documented REST
 * paths as an author would; the people are inserted with set-based SQL (one INSERT … SELECT per table,
 * every one with the password hash the server made for the first cook), since registering thousands
 * through the API would spend the seed's minutes hashing passwords.
 */
import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import type { SaveQuizInput } from "#shared/schemas/quizzes.js";
import { numbers } from "./bench-large.js";

export const RUSH_PASSWORD = "rush-bench-password";
const READING_LESSONS = 5;
/** One manager for this many cooks. */
const MANAGER_EVERY = 20;

export interface RushPerson {
  email: string;
  name: string;
  manager: boolean;
}

export interface RushSeed {
  organizationId: number;
  courseId: number;
  readingLessonIds: number[];
  check: { lessonId: number; answers: { questionId: number; optionIds: number[] }[] };
  signoff: { lessonId: number; version: number };
  people: RushPerson[];
}

interface SavedCheck {
  questions: { id: number; options: { id: number; correct: boolean }[] }[];
}

/** A caller of the REST paths with the admin's session; answers are unwrapped from superjson's envelope. */
function adminCaller(base: string) {
  let cookie = "";
  let organizationId: number | undefined;
  const call = async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { cookie };
    if (organizationId !== undefined) headers[ORGANIZATION_HEADER] = String(organizationId);
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${base}/_api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    cookie = response.headers.get("set-cookie")?.split(";")[0] ?? cookie;
    const parsed = JSON.parse(text) as { json?: T } & T;
    return (parsed.json ?? parsed) as T;
  };
  return {
    post: <T>(path: string, body: unknown) => call<T>("POST", path, body),
    inOrganization(id: number) {
      organizationId = id;
    },
  };
}

async function seedCourse(base: string, firstCook: RushPerson) {
  const admin = adminCaller(base);
  await admin.post("/auth/register", { name: "Rush Owner", email: "owner@rush.example", password: RUSH_PASSWORD });
  const organization = await admin.post<{ id: number }>("/orgs/create", { name: "Rush Kitchens", slug: "rush" });
  admin.inOrganization(organization.id);
  const kitchen = await admin.post<{ id: number }>("/tags/create", { name: "Kitchen", type: "department" });
  const cooks = await admin.post<{ id: number }>("/tags/create", { name: "Cook", type: "role", parentId: kitchen.id });
  const course = await admin.post<{ id: number }>("/courses/create", {
    title: "Kitchen opening",
    description: "What every cook does before the first order.",
    status: "published",
    tagIds: [cooks.id],
    dueDays: 7,
  });
  const module = await admin.post<{ id: number }>("/modules/create", { courseId: course.id, title: "Before service" });
  const lesson = (title: string) =>
    admin.post<{ id: number }>("/lessons/create", {
      moduleId: module.id,
      title,
      content: `<h2>${title}</h2><p>Wash your hands, check the temperatures, and write them on the sheet.</p>`.repeat(
        4,
      ),
    });
  const readingLessonIds: number[] = [];
  for (let i = 1; i <= READING_LESSONS; i++) readingLessonIds.push((await lesson(`Step ${i}`)).id);
  const checkLesson = await lesson("Check: temperatures");
  const check: SaveQuizInput = {
    lessonId: checkLesson.id,
    questions: [
      {
        kind: "single",
        prompt: "How cold must the walk-in cooler be?",
        options: [
          { text: "5 °C or colder", correct: true },
          { text: "10 °C", correct: false },
        ],
      },
    ],
  };
  const saved = await admin.post<SavedCheck>("/quizzes/save", check);
  const signoffLesson = await lesson("Allergen procedure");
  const signed = await admin.post<{ version: number }>("/lessons/update", {
    id: signoffLesson.id,
    requiresSignoff: true,
  });
  // The first cook registers through the API, so the server makes the password hash everyone shares.
  await adminCaller(base).post("/auth/register", {
    name: firstCook.name,
    email: firstCook.email,
    password: RUSH_PASSWORD,
  });
  return {
    organizationId: organization.id,
    tagId: cooks.id,
    courseId: course.id,
    readingLessonIds,
    check: {
      lessonId: checkLesson.id,
      answers: saved.questions.map((question) => ({
        questionId: question.id,
        optionIds: question.options.filter((option) => option.correct).map((option) => option.id),
      })),
    },
    signoff: { lessonId: signoffLesson.id, version: signed.version },
  };
}

function personAt(index: number): RushPerson {
  return { email: `cook${index}@rush.example`, name: `Rush Cook ${index}`, manager: index % MANAGER_EVERY === 1 };
}

/** The course and the first cook through the API of a running server (`base`). */
export async function seedRushCourse(base: string) {
  return seedCourse(base, personAt(0));
}

/**
 * The other members through SQL, while no server runs (a running one may hold what it read of the
 * organization's members).
 */
export async function seedRushPeople(
  orm: MikroORM<AbstractSqlDriver>,
  postgres: boolean,
  course: Awaited<ReturnType<typeof seedRushCourse>>,
  people: number,
): Promise<RushSeed> {
  const everyone = Array.from({ length: people }, (_, i) => personAt(i));
  const [first] = everyone;
  if (!first || people < 2) throw new Error("The rush needs at least two people.");
  const em = orm.em.fork();
  const at = postgres ? new Date().toISOString() : Date.now();
  const [hashed] = await em.execute<{ id: unknown; password_hash: string }[]>(
    "select id, password_hash from users where email_key = ?",
    [first.email],
  );
  if (!hashed) throw new Error("The first cook was not registered.");
  const firstId = Number(hashed.id);
  await em.transactional(async (tx) => {
    await tx.execute(
      `${numbers(people - 1, postgres)} insert into users (name, email, email_key, password_hash, current_org_id, created_at)
       select 'Rush Cook ' || (i + 1), 'cook' || (i + 1) || '@rush.example', 'cook' || (i + 1) || '@rush.example', ?, ?, ?
       from numbers`,
      [hashed.password_hash, course.organizationId, at],
    );
    await tx.execute("update users set current_org_id = ? where id = ?", [course.organizationId, firstId]);
    // Cook i (by the number in the address) is a manager when i % MANAGER_EVERY = 1, as personAt says.
    await tx.execute(
      `insert into memberships (organization_id, user_id, role, created_at, display_name, sort_name)
       select ?, u.id, case when cast(substr(u.email_key, 5, length(u.email_key) - 17) as integer) % ${MANAGER_EVERY} = 1
         then 'manager' else 'learner' end, ?, null, lower(u.name)
       from users u where u.email_key like 'cook%@rush.example'`,
      [course.organizationId, at],
    );
    await tx.execute(
      `insert into member_tags (organization_id, membership_id, tag_id, created_at)
       select organization_id, id, ?, ? from memberships where organization_id = ? and role <> 'admin'`,
      [course.tagId, at, course.organizationId],
    );
  });
  return {
    organizationId: course.organizationId,
    courseId: course.courseId,
    readingLessonIds: course.readingLessonIds,
    check: course.check,
    signoff: course.signoff,
    people: everyone,
  };
}
