import { describe, expect, it } from "vitest";
import { isOverdue } from "./finding-sla";

describe("remediation overdue", () => {
  const now = Date.UTC(2026, 10, 21);

  it("is overdue only when open and strictly past the due date", () => {
    expect(isOverdue({ status: "Open", due_at: now - 1 }, now)).toBe(true);
    expect(isOverdue({ status: "In Progress", due_at: now - 1 }, now)).toBe(true);
    expect(isOverdue({ status: "Triaged", due_at: now }, now)).toBe(false);
    expect(isOverdue({ status: "Open", due_at: now + 1 }, now)).toBe(false);
  });

  it("is never overdue once closed or without a due date", () => {
    expect(isOverdue({ status: "Closed", due_at: now - 1 }, now)).toBe(false);
    expect(isOverdue({ status: "Open", due_at: null }, now)).toBe(false);
  });
});
