import { PageHeader } from "@/components/ui/page";
import { AttackPage } from "@/features/attack/components/attack-page";

/** Risk → ATT&CK Coverage (an addition to the spec's menu; see apps/web/README.md). */
export function AttackRoute() {
  return (
    <>
      <PageHeader
        title="ATT&CK Coverage"
        description="Techniques detected in alerts for the tenants in scope, by tactic in kill-chain order. Flame = an incident holds one of its alerts."
      />
      <AttackPage />
    </>
  );
}
