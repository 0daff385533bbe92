import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { Badge } from "#client/components/ui/badge.js";
import { Card } from "#client/components/ui/card.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { API_PREFIX } from "#shared/constants.js";

/**
 * A readable view of /_api/openapi.json (docs/decisions/0322-openapi-from-procedures.md): every documented
 * path with its method, who may call it, its input fields and whether its answer is described.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  format?: string;
}
interface Operation {
  operationId: string;
  security: Record<string, unknown>[];
  parameters: { name: string; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

function typeOf(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items)}[]`;
  if (schema.format === "date-time") return "date-time";
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return schema.type ?? "any";
}

function fieldsOf(operation: Operation): { name: string; type: string; required: boolean }[] {
  const body = operation.requestBody?.content["application/json"]?.schema;
  if (body?.properties) {
    return Object.entries(body.properties).map(([name, schema]) => ({
      name,
      type: typeOf(schema),
      required: body.required?.includes(name) ?? false,
    }));
  }
  return operation.parameters.map((parameter) => ({
    name: parameter.name,
    type: typeOf(parameter.schema),
    required: parameter.required,
  }));
}

function answerOf(operation: Operation): string {
  const schema = operation.responses["200"]?.content?.["application/json"]?.schema;
  if (!schema) return "a file";
  if (Object.keys(schema).length === 0) return "not described yet";
  if (schema.properties) return `{ ${Object.keys(schema.properties).join(", ")} }`;
  return typeOf(schema);
}

function whoMayCall(operation: Operation): string {
  if (operation.security.length === 0) return "anyone";
  return operation.security.some((scheme) => "apiKey" in scheme) ? "session or API key" : "signed-in browser only";
}

async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await fetch(`${API_PREFIX}/openapi.json`);
  if (!response.ok) throw new Error(`${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

export function ApiReference() {
  const document = useQuery({
    queryKey: ["openapi-document"],
    queryFn: fetchDocument,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (document.isPending) return <Skeleton className="h-40 w-full" />;
  if (document.isError) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-red-700" role="alert">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        The API reference could not be loaded.
      </p>
    );
  }
  const operations = Object.entries(document.data.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  return (
    <ul className="flex flex-col gap-3" aria-label="API paths">
      {operations.map(({ path, method, operation }) => {
        const fields = fieldsOf(operation);
        return (
          <li key={`${method} ${path}`}>
            <Card className="flex flex-col gap-2 p-4">
              <p className="flex flex-wrap items-center gap-2">
                <Badge variant={method === "GET" ? "default" : "secondary"}>{method}</Badge>
                <code className="break-all font-mono text-sm font-semibold text-slate-900">
                  {API_PREFIX}
                  {path}
                </code>
                <span className="text-xs text-slate-600">{whoMayCall(operation)}</span>
              </p>
              {fields.length > 0 && (
                <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
                  {fields.map((field) => (
                    <div key={field.name} className="contents">
                      <dt className="break-all font-mono text-slate-800">
                        {field.name}
                        {field.required ? "" : "?"}
                      </dt>
                      <dd className="break-all font-mono text-slate-600">{field.type}</dd>
                    </div>
                  ))}
                </dl>
              )}
              <p className="text-sm text-slate-600">
                Answer: <span className="break-all font-mono">{answerOf(operation)}</span>
              </p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
