import { Notice } from "@/components/ui/states";

/** The server's word on the fix group itself ("has no open findings in this tenant"): no field shows the fix. */
export function FixProblem({ message }: { message: string | undefined }) {
  return message ? <Notice tone="error">This fix {message}.</Notice> : null;
}
