import type { IncidentsReport } from "@watchfloor/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minutes } from "../../lib/time";
import { makeTenant, signedInClient } from "../../test/factories";
import { pdfText } from "../../test/pdf-text";
import { createTestApp, type TestApp, type TestClient } from "../../test/test-server";
import { incidentsPdf, ROWS_PER_PAGE } from "./incidents-pdf";

/**
 * The incidents report's PDF streams its list (incidents-pdf.ts): a period with more incidents
 * than two pages of rows, each listed once, newest first, under a header row on every page, and
 * every page numbered of the true total.
 */

let app: TestApp;
let analyst: TestClient;
let tenantId: string;
const COUNT = ROWS_PER_PAGE * 2 + 7;
const LONG_TITLE = `Lateral movement ${"across the finance segment ".repeat(6)}end`;

beforeAll(async () => {
  app = await createTestApp();
  tenantId = (await makeTenant(app, "Busy Tenant")).id;
  analyst = (await signedInClient(app, [{ tenantId, role: "analyst" }])).client;
  for (let i = 1; i <= COUNT; i++) {
    const title = i === 3 ? LONG_TITLE : `Streamed incident ${String(i).padStart(3, "0")}`;
    const response = await analyst.post("/api/v1/incidents", {
      tenantId,
      title,
      priority: ["Critical", "High", "Medium", "Low"][i % 4],
    });
    expect(response.statusCode, response.body).toBe(201);
    app.clock.now += minutes(1);
  }
});
afterAll(() => app.close());

const query = () => `tenants=${tenantId}&period=last7&tz=UTC`;

describe("incidents report PDF", () => {
  it("lists every incident of the period once, newest first, with a header row and 'Page N of M' on every page", async () => {
    const report = (await analyst.get(`/api/v1/reports/incidents?${query()}`)).json() as IncidentsReport;
    expect(report.totals.created.current).toBe(COUNT);
    const response = await analyst.get(`/api/v1/reports/incidents.pdf?${query()}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const { text, pageTexts, pages } = pdfText(response.rawPayload, "incidents-streamed.pdf");
    expect(pageTexts).toHaveLength(pages);
    const listPages = Math.ceil(COUNT / ROWS_PER_PAGE);
    expect(listPages).toBe(3);
    for (const [i, page] of pageTexts.entries()) expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages}`);
    const list = pageTexts.slice(pages - listPages);
    for (const page of list)
      for (const column of ["Reference", "Title", "Tenant", "Owner", "Alerts", "Resolved"]) expect(page).toContain(column);
    expect(text).toContain(`${COUNT} incidents, newest first, on the following 3 pages.`);
    // Every incident once, in the list's order (newest first), the long title cut to one line.
    const listed = [...list.join(" ").matchAll(/Streamed incident (\d{3})/g)].map((m) => Number(m[1]));
    const expected = Array.from({ length: COUNT }, (_, i) => COUNT - i).filter((n) => n !== 3);
    expect(listed).toEqual(expected);
    expect(list.join(" ")).toMatch(/Lateral movement across the .*…/);
    expect(list.join(" ")).not.toContain(" end ");
    // Each reference once, in the order the report's own list gives.
    const all = list.join(" ");
    const at = report.items.map((item) => {
      const found = [...all.matchAll(new RegExp(`(?<![\\w-])${item.reference}(?![\\w-])`, "g"))];
      expect(found, item.reference).toHaveLength(1);
      return found[0]?.index ?? -1;
    });
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // The CSV has the whole title.
    const csv = await analyst.get(`/api/v1/reports/incidents.csv?${query()}&table=incidents`);
    expect(csv.body).toContain(LONG_TITLE);
    expect(csv.body.trim().split("\r\n")).toHaveLength(COUNT + 1);
  });

  it("says so when incidents counted at the start were gone before their page was read", async () => {
    const report = (await analyst.get(`/api/v1/reports/incidents?${query()}`)).json() as IncidentsReport;
    async function* pages() {
      yield report.items.slice(0, 2);
    }
    const bytes = await incidentsPdf(report, { count: 5, truncated: false, pages: pages() }, { name: null, logo: null });
    const { text, pageTexts, pages: total } = pdfText(bytes, "incidents-short.pdf");
    expect(text).toContain("3 incidents counted when this report began were deleted while it was made.");
    expect(pageTexts.at(-1)).toContain(`Page ${total} of ${total}`);
  });
});
