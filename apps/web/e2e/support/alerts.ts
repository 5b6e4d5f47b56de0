import type { Page } from "playwright-core";

/** Session facts for API calls made from the test: CSRF token, user id and tenant ids by name. */
export async function sessionFacts(page: Page, base: string) {
  const session = (await (await page.request.get(`${base}/api/v1/auth/session`)).json()) as {
    csrfToken: string;
    user: { id: string; memberships: { tenantId: string; tenantName: string }[] };
  };
  const tenant = (name: string) => {
    const found = session.user.memberships.find((m) => m.tenantName === name);
    if (!found) throw new Error(`no tenant ${name}`);
    return found.tenantId;
  };
  return { csrf: session.csrfToken, userId: session.user.id, tenant };
}

/** Ingests one canonical alert through the API, as a sensor would; returns its id. */
export async function ingestAlert(page: Page, base: string, tenantId: string, alert: Record<string, unknown>) {
  const { csrf } = await sessionFacts(page, base);
  const response = await page.request.post(`${base}/api/v1/alerts?tenantId=${encodeURIComponent(tenantId)}`, {
    data: { source: "e2e", priority: "High", ...alert },
    headers: { "x-csrf-token": csrf },
  });
  if (!response.ok()) throw new Error(`ingest failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Moves the server clock forward (needs a server started with WATCHFLOOR_TEST_CLOCK=1 and a
 * platform admin's session). The server runs its SLA breach check before it answers.
 */
export async function advanceServerClock(page: Page, base: string, minutes: number) {
  const { csrf } = await sessionFacts(page, base);
  const response = await page.request.post(`${base}/api/v1/test/clock`, {
    data: { advanceMinutes: minutes },
    headers: { "x-csrf-token": csrf },
  });
  if (!response.ok()) throw new Error(`test clock failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { now: string; slaBreachesNotified: number };
}

/** Waits until the alert list shows no loading or refreshing state. */
export async function listSettled(page: Page) {
  await page.getByTestId("alerts-table").waitFor();
  await page.waitForFunction(() => {
    const count = document.querySelector("[data-testid=row-count]")?.textContent ?? "";
    return count.startsWith("Showing") && !count.includes("refreshing");
  });
}

export async function rowIds(page: Page): Promise<string[]> {
  return page.locator("[data-testid=alert-row]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-alert-id") ?? ""));
}
