import { type CloudSecCategory, cloudSecCategories } from "@watchfloor/shared";

/**
 * Which checks are about public exposure, identity or logging (docs/cloud-sec.md "Categories").
 * The tools do not say: Prowler and ScoutSuite group checks by service only, and their own
 * categories differ. So the rule is ours, kept here as data: a check is in a category when its
 * service is one of the category's services, or when its control id or title holds one of the
 * category's keywords. A check can be in several categories, or in none.
 *
 * The text is lower-cased with "_" and "-" read as spaces, so "s3_bucket_public_access",
 * "s3-bucket-AllUsers-read" and "Root Account without MFA" are matched by plain words.
 * cloud-sec.repository.ts builds the same test in SQL from these lists; the API test checks
 * that both agree on the shared sample files.
 *
 * Whether a result is a gap is separate: only failing and erroring results not under an
 * exception count as gaps; a passing check in a category is a check done, not a gap.
 */
export type CategoryRule = { readonly services: readonly string[]; readonly keywords: readonly string[] };

export const categoryRules: Record<CloudSecCategory, CategoryRule> = {
  public: {
    // Exposure is a property of any service (buckets, snapshots, security groups), so no service list.
    services: [],
    keywords: [
      "public",
      "internet",
      "0.0.0.0/0",
      "::/0",
      "exposed",
      "anonymous",
      "world",
      "allusers",
      "all principals",
      "all ip",
      "all ingress",
      // ScoutSuite: "Security Group Opens SSH Port to All".
      "to all",
    ],
  },
  identity: {
    services: ["iam", "accessanalyzer", "sso", "ssoadmin", "sts", "cognito", "entra", "aad"],
    // "root account"/"root user", not "root": CloudFront's "default root object" is no identity gap.
    keywords: ["mfa", "root account", "root user", "password policy", "access key", "credential"],
  },
  logging: {
    services: ["cloudtrail", "cloudwatch", "logs", "logging", "config", "monitor"],
    keywords: ["logging", "logs", "log file", "flow log", "trail", "audit"],
  },
};

/** The text the keywords are looked for in: control id and title, lower case, "_" and "-" as spaces. */
export function checkText(controlId: string, title: string): string {
  return `${controlId} ${title}`.toLowerCase().replace(/[_-]/g, " ");
}

export function inCategory(
  category: CloudSecCategory,
  check: { service: string | null; controlId: string; title: string },
): boolean {
  const rule = categoryRules[category];
  if (check.service && rule.services.includes(check.service.toLowerCase())) return true;
  const text = checkText(check.controlId, check.title);
  return rule.keywords.some((k) => text.includes(k));
}

/** The categories of a check, in the order of cloudSecCategories. */
export function categoriesOf(check: { service: string | null; controlId: string; title: string }): CloudSecCategory[] {
  return cloudSecCategories.filter((c) => inCategory(c, check));
}
