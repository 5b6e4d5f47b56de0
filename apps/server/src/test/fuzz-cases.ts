/**
 * Bad inputs for the fuzz suite (http/fuzz.api.test.ts), derived from the OpenAPI document so a
 * new route is covered as soon as it is registered. Deterministic: no randomness, the same cases
 * every run.
 */
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

export interface FuzzCase {
  key: string;
  method: string;
  url: string;
  payload: unknown;
  headers: Record<string, string>;
  label: string;
}

interface Fixtures {
  params: Record<string, string>;
  bodies: Record<string, unknown>;
  queries: Record<string, string>;
}

const nest = (depth: number): unknown => {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** Strings for parameters and text fields, and values of every type for body properties. */
export function badValues() {
  const strings: [string, string][] = [
    ["empty", ""],
    ["blank", "   "],
    ["nul", "a\u0000b"],
    ["huge", "x".repeat(100_000)],
    ["bidi", "\u202Eevil\u202C\u2066"],
    ["controls", "\u0007\u001b[31m\u0008\r\n"],
    ["emoji", "💥".repeat(500)],
    ["sql", "' or 1=1 --"],
    ["path", "../../../../etc/passwd"],
    ["number-like", "1e309"],
    ["negative", "-1"],
  ];
  const others: [string, unknown][] = [
    ["number", 123],
    ["huge-number", Number.MAX_SAFE_INTEGER * 4],
    ["negative-number", -1],
    ["float", 0.5],
    ["true", true],
    ["null", null],
    ["array", []],
    ["object", {}],
    ["array-of-junk", [null, 1, "x", {}]],
    ["deep", nest(200)],
  ];
  return { strings, others };
}

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`;

/** Every case for every operation: path parameters, query parameters, body properties, whole bodies. */
export function* operations(doc: OpenApiDoc, fixtures: Fixtures, values: ReturnType<typeof badValues>): Iterable<FuzzCase> {
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/v1")) continue;
    for (const [method, op] of Object.entries(methods)) {
      const key = routeKey(method, path);
      const m = method.toUpperCase();
      const pathParams = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      const queryParams = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      const baseQuery = fixtures.queries[key] ?? "";
      const fill = (overrides: Record<string, string> = {}) =>
        path.replace(/\{(\w+)\}/g, (_m, name: string) =>
          encodeURIComponent(overrides[name] ?? fixtures.params[name] ?? "missing"),
        );
      const withQuery = (url: string, extra = "") => {
        const q = [baseQuery, extra].filter(Boolean).join("&");
        return q ? `${url}?${q}` : url;
      };
      const hasBody = m !== "GET" && m !== "DELETE";
      const json = { "content-type": "application/json" };
      const base = fixtures.bodies[key] ?? (hasBody ? {} : undefined);
      const make = (
        url: string,
        payload: unknown,
        label: string,
        headers: Record<string, string> = hasBody ? json : {},
      ): FuzzCase => ({
        key,
        method: m,
        url,
        payload: hasBody ? payload : undefined,
        headers,
        label,
      });

      for (const name of pathParams) {
        for (const [label, v] of values.strings) yield make(withQuery(fill({ [name]: v })), base, `path ${name}=${label}`);
      }
      for (const name of queryParams) {
        for (const [label, v] of values.strings)
          yield make(withQuery(fill(), `${encodeURIComponent(name)}=${encodeURIComponent(v)}`), base, `query ${name}=${label}`);
        yield make(withQuery(fill(), `${encodeURIComponent(name)}=a&${encodeURIComponent(name)}=b`), base, `query ${name} twice`);
      }
      if (!hasBody) continue;
      const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
      const properties = Object.keys(schema?.properties ?? {});
      const object = base !== null && typeof base === "object" && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
      for (const prop of properties) {
        for (const [label, v] of [...values.strings, ...values.others])
          yield make(withQuery(fill()), { ...object, [prop]: v }, `body ${prop}=${label}`);
      }
      // Whole bodies of the wrong shape, and JSON nested far past any limit.
      for (const [label, v] of values.others) yield make(withQuery(fill()), v, `body=${label}`);
      yield make(withQuery(fill()), `${"[".repeat(20_000)}${"]".repeat(20_000)}`, "body nested 20,000 deep", json);
      yield make(withQuery(fill()), "{not json", "body not JSON", json);
      yield make(withQuery(fill()), "\u0000\u0001\u0002binary", "body binary", { "content-type": "application/octet-stream" });
    }
  }
}
