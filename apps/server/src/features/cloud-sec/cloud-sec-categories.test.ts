import { describe, expect, it } from "vitest";
import { categoriesOf, categoryRules, checkText } from "./cloud-sec-categories";

// Checks as the shared Prowler and ScoutSuite files (and Prowler's own catalogue) name them.
const check = (service: string | null, controlId: string, title: string) => ({ service, controlId, title });

describe("cloud sec categories", () => {
  it("reads control ids and titles as plain words", () => {
    expect(checkText("s3-bucket-AllUsers-read", "Bucket world-listable (anonymous)")).toBe(
      "s3 bucket allusers read bucket world listable (anonymous)",
    );
    expect(checkText("iam_root_mfa_enabled", "Ensure MFA")).toBe("iam root mfa enabled ensure mfa");
  });

  it("finds public exposure by keyword, in any service", () => {
    expect(categoriesOf(check("s3", "s3_bucket_public_access", "Ensure there are no S3 buckets open to Everyone"))).toEqual([
      "public",
    ]);
    expect(
      categoriesOf(check("ec2", "ec2-security-group-opens-SSH-port-to-all", "Security Group Opens SSH Port to All")),
    ).toEqual(["public"]);
    expect(
      categoriesOf(
        check("ec2", "ec2_securitygroup_allow_ingress_from_internet_to_tcp_port_22", "Ensure no security groups allow ingress"),
      ),
    ).toEqual(["public"]);
    expect(
      categoriesOf(check("ec2", "ec2_networkacl_allow_ingress_any_port", "Ensure no NACL allows ingress from 0.0.0.0/0")),
    ).toEqual(["public"]);
    expect(categoriesOf(check("sqs", "sqs-queue-world-SendMessage-policy", "SendMessage Authorized to All Principals"))).toEqual([
      "public",
    ]);
    expect(categoriesOf(check("rds", "rds-security-group-allows-all", "Security Group Allows All IP Addresses"))).toEqual([
      "public",
    ]);
    expect(
      categoriesOf(check("vpc", "vpc-default-network-acls-allow-all-ingress", "Network ACLs Allow All ingress Traffic")),
    ).toEqual(["public"]);
  });

  it("finds identity gaps by service and by keyword", () => {
    expect(categoriesOf(check("iam", "iam-password-policy-minimum-length", "Minimum Password Length Too Short"))).toEqual([
      "identity",
    ]);
    expect(categoriesOf(check("accessanalyzer", "accessanalyzer_enabled", "Check if IAM Access Analyzer is enabled"))).toEqual([
      "identity",
    ]);
    // Outside IAM, the words decide.
    expect(categoriesOf(check("account", "account_root_mfa", "Root account without MFA"))).toEqual(["identity"]);
    expect(categoriesOf(check("ec2", "ec2_instance_access_key_in_user_data", "Access key in user data"))).toEqual(["identity"]);
    // A known over-match, documented: S3's MFA Delete reads as an identity check.
    expect(categoriesOf(check("s3", "s3-bucket-no-mfa-delete", "Bucket without MFA Delete"))).toEqual(["identity"]);
    // "root" alone is not enough: CloudFront's default root object is not about identities.
    expect(
      categoriesOf(check("cloudfront", "cloudfront_distributions_default_root_object", "Check for a default root object")),
    ).toEqual([]);
  });

  it("finds logging gaps by service and by keyword", () => {
    expect(categoriesOf(check("cloudtrail", "cloudtrail-not-configured", "CloudTrail Service Not Configured"))).toEqual([
      "logging",
    ]);
    expect(categoriesOf(check("config", "config-recorder-not-configured", "AWS Config Not Enabled"))).toEqual(["logging"]);
    expect(categoriesOf(check("s3", "s3-bucket-no-logging", "Bucket Access Logging Disabled"))).toEqual(["logging"]);
    expect(categoriesOf(check("vpc", "vpc-subnet-without-flow-log", "Subnet without a Flow Log"))).toEqual(["logging"]);
    expect(categoriesOf(check("rds", "rds_instance_integration_cloudwatch_logs", "RDS logs to CloudWatch"))).toEqual(["logging"]);
  });

  it("puts a check in several categories, or in none", () => {
    expect(categoriesOf(check("iam", "iam_policy_cloudtrail_full_access", "IAM policy allows full CloudTrail access"))).toEqual([
      "identity",
      "logging",
    ]);
    expect(categoriesOf(check("s3", "s3-bucket-no-versioning", "Bucket without Versioning"))).toEqual([]);
    expect(categoriesOf(check("acm", "acm_certificates_expiration_check", "Certificates about to expire"))).toEqual([]);
    expect(categoriesOf(check(null, "x", "y"))).toEqual([]);
  });

  it("compares services case-blind and keeps its keywords in the form the text has", () => {
    expect(categoriesOf(check("IAM", "x", "y"))).toEqual(["identity"]);
    for (const rule of Object.values(categoryRules)) {
      for (const k of rule.keywords) expect(k).toBe(checkText(k, "").trimEnd());
      for (const s of rule.services) expect(s).toBe(s.toLowerCase());
    }
  });
});
