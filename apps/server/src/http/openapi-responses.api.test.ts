import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-server";

type Schema = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };

const methods = ["get", "post", "put", "patch", "delete"] as const;
const typingKeys = ["type", "$ref", "enum", "const", "anyOf", "oneOf", "allOf"];

/**
 * Where a schema says nothing about a value: `{}` (zod's unknown/any), or an object with no named
 * properties whose extra properties are untyped (a record of unknown). The serializer passes such
 * values through unchecked, so the web cannot infer their shape from the contract. A value the
 * contract marks `x-free-form` (packages/shared/src/free-form.ts) is free-form on purpose.
 */
export function untypedPlaces(schema: unknown, at = "#"): string[] {
  if (schema === true) return [at];
  if (!schema || typeof schema !== "object") return [];
  const s = schema as Schema;
  if (s["x-free-form"] === true) return [];
  if (!typingKeys.some((key) => key in s)) return [at];
  const found: string[] = [];
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const list = s[key];
    if (!Array.isArray(list)) continue;
    for (const [i, part] of list.entries()) found.push(...untypedPlaces(part, `${at}/${key}/${i}`));
  }
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  for (const [name, part] of Object.entries(properties)) found.push(...untypedPlaces(part, `${at}/properties/${name}`));
  // Named properties with more allowed beside them (a loose object) are typed where it matters.
  if ("additionalProperties" in s && s.additionalProperties !== false && Object.keys(properties).length === 0) {
    found.push(...untypedPlaces(s.additionalProperties, `${at}/additionalProperties`));
  }
  if ("items" in s) found.push(...untypedPlaces(s.items, `${at}/items`));
  return found;
}

/**
 * Every problem with one operation's success responses; an empty list when it is fully typed. A
 * redirect (3xx, single sign-on) or a 204 has no body to describe.
 */
export function responseProblems(operation: Operation): string[] {
  const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]\d\d$/.test(status));
  if (success.length === 0) return ["no 2xx or 3xx response declared"];
  const problems: string[] = [];
  for (const [status, response] of success) {
    if (status === "204" || status.startsWith("3")) continue;
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
    expect(responseProblems({ responses: { 400: {} } })).toEqual(["no 2xx or 3xx response declared"]);
    expect(responseProblems({ responses: { 302: {} } })).toEqual([]);
    const record = { type: "object", propertyNames: { type: "string" }, additionalProperties: {} };
    const body = { type: "object", properties: { alert: record, ids: { type: "array", items: {} } } };
    expect(responseProblems({ responses: { 200: { content: { "application/json": { schema: body } } } } })).toEqual([
      "200 application/json: untyped at #/properties/alert/additionalProperties",
      "200 application/json: untyped at #/properties/ids/items",
    ]);
    const free = { type: "object", additionalProperties: {}, "x-free-form": true };
    const loose = { type: "object", properties: { id: { type: "string" } }, additionalProperties: {} };
    const typed = {
      type: "object",
      properties: { counts: { type: "object", additionalProperties: { type: "number" } }, free, loose },
    };
    expect(responseProblems({ responses: { 204: {}, 200: { content: { "application/json": { schema: typed } } } } })).toEqual([]);
  });

  it("declares a typed success response schema for every operation", async () => {
    const answer = await app.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(answer.statusCode, answer.body).toBe(200);
    const doc = answer.json();
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
