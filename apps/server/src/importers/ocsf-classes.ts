/**
 * The OCSF Findings category (category_uid 2, class_uid 2001-2099) and where each class goes when
 * it arrives in an alert file. Class names and uids from the OCSF schema (events/findings/*.json,
 * 1.0 to 1.9-dev). Every class here is a finding: one the alert import does not store is skipped
 * with a reason that names the class and says where it belongs.
 *
 * `destination` is the one place that decides the routing: "alerts" are mapped by ocsf.ts;
 * "vulnerabilities" and "compliance" are handed to that store's own import by the alert import
 * service (features/imports), which skips the rows while no store for them is wired in.
 */
export type OcsfDestination = "alerts" | "vulnerabilities" | "compliance" | "unmapped";

export const ocsfFindingClasses: Readonly<Record<number, { name: string; destination: OcsfDestination }>> = {
  2001: { name: "Security Finding", destination: "alerts" },
  2002: { name: "Vulnerability Finding", destination: "vulnerabilities" },
  2003: { name: "Compliance Finding", destination: "compliance" },
  2004: { name: "Detection Finding", destination: "alerts" },
  2005: { name: "Incident Finding", destination: "unmapped" },
  2006: { name: "Data Security Finding", destination: "unmapped" },
  2007: { name: "Application Security Posture Finding", destination: "unmapped" },
  2008: { name: "IAM Analysis Finding", destination: "unmapped" },
};

/** The OCSF Findings category: class_uid = category_uid (2) * 1000 + class id. */
export const isOcsfFindingClass = (classUid: number): boolean => classUid > 2000 && classUid < 3000;

export function ocsfClassLabel(classUid: number): string {
  const known = ocsfFindingClasses[classUid];
  return known ? `OCSF ${known.name} (class_uid ${classUid})` : `OCSF class_uid ${classUid}`;
}

/** Why a Findings-category row of this class is not stored as an alert. */
export function notAnAlertReason(classUid: number, destination: OcsfDestination): string {
  const label = ocsfClassLabel(classUid);
  if (destination === "vulnerabilities") return `${label} belongs to the vulnerability findings, which are not imported here`;
  if (destination === "compliance") return `${label} belongs to the compliance results, which are not imported here`;
  return `${label} is a finding the alert import does not map yet`;
}
