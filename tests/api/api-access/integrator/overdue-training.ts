import createClient from "openapi-fetch";
import type { paths } from "./trainwright-api.gen.js";

/**
 * What a developer with a key and the OpenAPI document, and nothing else, writes to list the
 * organization's overdue training: a client generated from the document (openapi-typescript types,
 * openapi-fetch), one call, the answer's own names.
 */
export interface OverdueTraining {
  member: string;
  email: string;
  course: string;
  dueAt: string | null;
}

export async function overdueTraining(apiUrl: string, key: string): Promise<OverdueTraining[]> {
  // The matrix also answers CSV (`format=csv`): this client reads its JSON.
  const client = createClient<paths, "application/json">({
    baseUrl: apiUrl,
    headers: { Authorization: `Bearer ${key}` },
  });
  const { data, error, response } = await client.GET("/reports/matrix", { params: { query: { status: "overdue" } } });
  if (error || !data) throw new Error(`reports/matrix answered ${response.status}: ${error?.error}`);
  const members = new Map(data.members.map((member) => [member.userId, member]));
  const courses = new Map(data.courses.map((course) => [course.courseId, course]));
  return data.cells
    .filter((cell) => cell.status === "overdue")
    .map((cell) => ({
      member: members.get(cell.userId)?.name ?? "",
      email: members.get(cell.userId)?.email ?? "",
      course: courses.get(cell.courseId)?.title ?? "",
      dueAt: cell.dueAt,
    }));
}
