import type { SurfaceCertificate } from "@watchfloor/shared";
import { Badge } from "@/components/ui/badges";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "Expired", "Expires today", "Expires in 9 days": the badge text; the colour repeats it, never replaces it. */
export function expiryText(c: Pick<SurfaceCertificate, "daysToExpiry" | "expiry">): string {
  if (c.daysToExpiry === null) return "No expiry date";
  if (c.daysToExpiry < 0) return "Expired";
  if (c.daysToExpiry === 0) return "Expires today";
  return `Expires in ${plural(c.daysToExpiry, "day")}`;
}

const tone = { expired: "red", expiring: "amber", valid: "emerald", unknown: "slate" } as const;

export function ExpiryBadge({ certificate }: { certificate: SurfaceCertificate }) {
  return (
    <Badge color={tone[certificate.expiry]}>
      <span data-testid="expiry-badge" data-expiry={certificate.expiry}>
        {expiryText(certificate)}
      </span>
    </Badge>
  );
}

/** The certificate a TLS port presents: whom it names, who issued it, until when. */
export function CertificateCell({ certificate: c, tls }: { certificate: SurfaceCertificate | null; tls: boolean }) {
  const { preferences } = useCurrentUser();
  if (!c) return <span className="text-slate-600 dark:text-slate-400">{tls ? "TLS, no certificate read" : "—"}</span>;
  const names = c.subjectAltNames.filter((n) => n.type === "DNS" && n.value !== c.subjectCn).map((n) => n.value);
  return (
    <div className="min-w-0 space-y-1">
      <div className="font-medium break-all">{c.subjectCn ?? c.subjectAltNames[0]?.value ?? "Unnamed certificate"}</div>
      {names.length > 0 && (
        <div className="text-xs text-slate-600 dark:text-slate-400">
          also {names.slice(0, 3).join(", ")}
          {names.length > 3 && ` and ${names.length - 3} more`}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        <ExpiryBadge certificate={c} />
        {c.selfSigned && <Badge color="violet">Self-signed</Badge>}
      </div>
      <div className="text-xs text-slate-600 dark:text-slate-400">
        {c.notAfter ? `Valid until ${formatDateTime(c.notAfter, preferences, false)}` : "Validity not reported"}
        {c.issuerCn && !c.selfSigned && ` · issued by ${c.issuerCn}`}
      </div>
    </div>
  );
}
