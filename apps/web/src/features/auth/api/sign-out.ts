import { api } from "@/lib/api-client";
import { refreshSession } from "@/lib/session";
import { clearTenantChoice } from "@/lib/tenant-scope";

/** Ends the session, forgets every cached answer and the tenant choice, rereads the (signed-out) session. */
export async function signOut(): Promise<void> {
  try {
    await api.post("/auth/sign-out");
  } finally {
    clearTenantChoice();
    await refreshSession();
  }
}
