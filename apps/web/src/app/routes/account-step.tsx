import { AccountStep } from "@/features/auth/components/account-step";

export function AccountStepRoute() {
  return <AccountStep />;
}
