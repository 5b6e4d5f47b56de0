import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-server";

type Schema = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };

const methods = ["get", "post", "put", "patch", "delete"] as const;
const typingKeys = ["type", "$ref", "enum", "const", "anyOf", "oneOf", "allOf"];

/**
 * Where a schema says nothing about a value: `{}` (zod's unknown/any), or an object with no named
 * properties whose extra properties are untyped (a record of unknown). The serializer passes such
 * values through unchecked, so the web cannot infer their shape from the contract.
 */
export function untypedPlaces(schema: unknown, at = "#"): string[] {
  if (schema === true) return [at];
  if (!schema || typeof schema !== "object") return [];
  const s = schema as Schema;
  if (!typingKeys.some((key) => key in s)) return [at];
  const found: string[] = [];
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const list = s[key];
    if (Array.isArray(list)) list.forEach((part, i) => found.push(...untypedPlaces(part, `${at}/${key}/${i}`)));
  }
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  for (const [name, part] of Object.entries(properties)) found.push(...untypedPlaces(part, `${at}/properties/${name}`));
  if ("additionalProperties" in s && s.additionalProperties !== false) {
    found.push(...untypedPlaces(s.additionalProperties, `${at}/additionalProperties`));
  }
  if ("items" in s) found.push(...untypedPlaces(s.items, `${at}/items`));
  return found;
}

/** Every problem with one operation's success responses; an empty list when it is fully typed. */
export function responseProblems(operation: Operation): string[] {
  const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
  if (success.length === 0) return ["no 2xx response declared"];
  const problems: string[] = [];
  for (const [status, response] of success) {
    if (status === "204") continue;
    const content = Object.entries(response.content ?? {});
    if (content.length === 0) problems.push(`${status}: no schema`);
    for (const [type, { schema }] of content) {
      for (const place of untypedPlaces(schema)) problems.push(`${status} ${type}: untyped at ${place}`);
    }
  }
  return problems;
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("OpenAPI response schemas", () => {
  it("finds the gaps it is meant to find", () => {
    expect(responseProblems({ responses: { 200: {} } })).toEqual(["200: no schema"]);
    expect(responseProblems({ responses: { 400: {} } })).toEqual(["no 2xx response declared"]);
    const record = { type: "object", propertyNames: { type: "string" }, additionalProperties: {} };
    const body = { type: "object", properties: { alert: record, ids: { type: "array", items: {} } } };
    expect(responseProblems({ responses: { 200: { content: { "application/json": { schema: body } } } } })).toEqual([
      "200 application/json: untyped at #/properties/alert/additionalProperties",
      "200 application/json: untyped at #/properties/ids/items",
    ]);
    const typed = { type: "object", properties: { counts: { type: "object", additionalProperties: { type: "number" } } } };
    expect(responseProblems({ responses: { 204: {}, 200: { content: { "application/json": { schema: typed } } } } })).toEqual([]);
  });

  it("declares a typed 2xx response schema for every operation", async () => {
    const doc = (await app.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const method of methods) {
        const operation = item[method];
        if (!operation) continue;
        for (const problem of responseProblems(operation)) problems.push(`${method.toUpperCase()} ${path} ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
