import { useSyncExternalStore } from "react";

/**
 * The tenant picker's selection: one tenant id or null (= all tenants). A tiny store rather
 * than React context so the API client can read it outside React on every request.
 */
const storageKey = "watchfloor.tenant";
type Stored = { tenantId: string | null };

let selected: string | null = readStored()?.tenantId ?? null;
const listeners = new Set<() => void>();

function readStored(): Stored | null {
  try {
    const raw = localStorage.getItem(storageKey);
    if (!raw) return null;
    const value = JSON.parse(raw) as Stored;
    return typeof value === "object" && value && (typeof value.tenantId === "string" || value.tenantId === null) ? value : null;
  } catch {
    return null;
  }
}

export function getSelectedTenantId(): string | null {
  return selected;
}

/** Whether the person has ever chosen (so the preference default applies only on first load). */
export function hasStoredTenantChoice(): boolean {
  return readStored() !== null;
}

export function setSelectedTenantId(tenantId: string | null): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify({ tenantId } satisfies Stored));
  } catch {
    // Storage can be disabled (private mode); the choice then lasts for this page only.
  }
  if (selected === tenantId) return;
  selected = tenantId;
  for (const listener of listeners) listener();
}

/** Forgets the choice, e.g. on sign-out, so the next person starts from their own default. */
export function clearTenantChoice(): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // ignore: see above
  }
  selected = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedTenantId(): string | null {
  return useSyncExternalStore(subscribe, getSelectedTenantId, getSelectedTenantId);
}
