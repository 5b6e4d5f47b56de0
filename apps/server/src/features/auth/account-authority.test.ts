import { describe, expect, it } from "vitest";
import { type AccountHolder, accountAuthority } from "./account-authority";

const person = (userId: string, memberships: AccountHolder["memberships"], platformAdmin = false): AccountHolder => ({
  userId,
  platformAdmin,
  memberships,
});

describe("accountAuthority", () => {
  const platformOwner = person(
    "p",
    [
      { tenantId: "a", role: "owner" },
      { tenantId: "b", role: "owner" },
    ],
    true,
  );
  const ownerOfA = person("oa", [{ tenantId: "a", role: "owner" }]);
  const adminOfA = person("aa", [{ tenantId: "a", role: "admin" }]);

  it("never lets a tenant owner touch the platform owner", () => {
    expect(accountAuthority(ownerOfA, platformOwner)).toEqual({ ok: false, reason: "platform_owner" });
  });

  it("refuses an account that also belongs to a tenant the actor does not manage", () => {
    const shared = person("s", [
      { tenantId: "a", role: "analyst" },
      { tenantId: "b", role: "viewer" },
    ]);
    expect(accountAuthority(adminOfA, shared)).toEqual({ ok: false, reason: "other_tenants" });
    const adminOfBoth = person("ab", [
      { tenantId: "a", role: "admin" },
      { tenantId: "b", role: "admin" },
    ]);
    expect(accountAuthority(adminOfBoth, shared)).toEqual({ ok: true });
  });

  it("refuses where the actor only reads the other tenant", () => {
    const shared = person("s", [
      { tenantId: "a", role: "analyst" },
      { tenantId: "b", role: "viewer" },
    ]);
    const readsB = person("x", [
      { tenantId: "a", role: "owner" },
      { tenantId: "b", role: "analyst" },
    ]);
    expect(accountAuthority(readsB, shared)).toEqual({ ok: false, reason: "other_tenants" });
  });

  it("refuses a role above the actor's in any tenant", () => {
    expect(accountAuthority(adminOfA, person("o2", [{ tenantId: "a", role: "owner" }]))).toEqual({
      ok: false,
      reason: "role_above",
    });
    expect(accountAuthority(ownerOfA, person("o2", [{ tenantId: "a", role: "owner" }]))).toEqual({ ok: true });
  });

  it("hides people the actor manages nowhere, and refuses the actor's own account", () => {
    expect(accountAuthority(adminOfA, person("z", [{ tenantId: "c", role: "viewer" }]))).toEqual({
      ok: false,
      reason: "not_visible",
    });
    expect(accountAuthority(adminOfA, adminOfA)).toEqual({ ok: false, reason: "self" });
    expect(
      accountAuthority(person("v", [{ tenantId: "a", role: "analyst" }]), person("w", [{ tenantId: "a", role: "viewer" }])),
    ).toEqual({
      ok: false,
      reason: "not_visible",
    });
  });

  it("lets a platform owner manage any other account, platform owners included", () => {
    expect(accountAuthority(platformOwner, person("z", [{ tenantId: "c", role: "owner" }]))).toEqual({ ok: true });
    expect(accountAuthority(platformOwner, person("p2", [], true))).toEqual({ ok: true });
  });
});
