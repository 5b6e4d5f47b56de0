import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCycles, queryBuilderCalls, relativeImports } from "./test/structure";

/**
 * The layout rules of DESIGN.md and docs/architecture.md, checked on the source (issue 22):
 * server features form no import cycle, the lower layers import no feature, queries are built
 * only in repositories, and web features never import one another. Each rule fails loudly on a
 * planted violation; the few files that still break a rule are listed with the reason and must
 * leave the list once fixed (a listed file that no longer breaks it fails the test too).
 */
const server = fileURLToPath(new URL(".", import.meta.url));
const web = path.resolve(server, "../../web/src");

function sources(root: string, ext = /\.tsx?$/): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !ext.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    out.push(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  }
  return out.sort();
}

const serverFiles = sources(server).filter((f) => !f.startsWith("test/"));
const read = (root: string, file: string) => readFileSync(path.join(root, file), "utf8");

/** Layers below the features: they serve every feature and may import none. */
const LOWER = ["db/", "http/", "lib/", "importers/", "config/"];

/** Files that still build queries outside a repository, and why they may for now. */
const QUERY_DEBT: Record<string, string> = {};

/**
 * Feature-to-feature import cycles that remain, by the features they join. assets -> findings
 * is the asset inventory import writing findings (it moves into findings with the import
 * rework of issue 13, finding 4); findings -> intel -> risk -> assets closes the loop.
 */
const CYCLE_DEBT: string[][] = [];

describe("server structure", () => {
  const graph = new Map<string, Set<string>>();
  for (const file of serverFiles) {
    const from = file.split("/");
    for (const target of relativeImports(file, read(server, file))) {
      const to = target.split("/");
      if (from[0] === "features" && to[0] === "features" && from[1] !== to[1]) {
        const set = graph.get(from[1] as string) ?? new Set<string>();
        set.add(to[1] as string);
        graph.set(from[1] as string, set);
      }
    }
  }

  it("has no import cycle between features", () => {
    expect(importCycles(graph)).toEqual(CYCLE_DEBT);
  });

  it("keeps the lower layers free of feature imports", () => {
    const offending = serverFiles
      .filter((f) => LOWER.some((layer) => f.startsWith(layer)))
      .flatMap((f) =>
        relativeImports(f, read(server, f))
          .filter((t) => /^(features|seed)\//.test(t))
          .map((t) => `${f} -> ${t}`),
      );
    expect(offending).toEqual([]);
  });

  it("builds queries only in repositories, migrations and db/", () => {
    const allowed = (f: string) => f.endsWith(".repository.ts") || f.startsWith("db/");
    const offending = serverFiles.filter((f) => !allowed(f) && queryBuilderCalls(read(server, f)) > 0);
    expect(offending.filter((f) => !(f in QUERY_DEBT))).toEqual([]);
    // The debt list shrinks: a file fixed must leave it.
    expect(Object.keys(QUERY_DEBT).filter((f) => !offending.includes(f))).toEqual([]);
  });
});

describe("web structure", () => {
  it("never lets one feature import another", () => {
    const offending: string[] = [];
    for (const file of sources(web).filter((f) => f.startsWith("features/"))) {
      const own = file.split("/")[1];
      const text = read(web, file);
      const aliased = [...text.matchAll(/(?:from\s+|import\s+|import\(\s*)["']@\/features\/([^/"']+)/g)].map((m) => m[1]);
      const relative = relativeImports(file, text)
        .filter((t) => t.startsWith("features/"))
        .map((t) => t.split("/")[1]);
      for (const other of [...aliased, ...relative]) if (other !== own) offending.push(`${file} -> features/${other}`);
    }
    expect(offending).toEqual([]);
  });
});
