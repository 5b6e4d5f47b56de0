import type { AutomationSubject } from "@watchfloor/shared";
import { Link } from "react-router";
import { subjectPath } from "../labels";

/** A rule's subject by name, linked to its page when it has one. */
export function SubjectLink({
  subject,
  id,
  name,
  className,
}: {
  subject: AutomationSubject;
  id: string;
  name: string;
  className?: string;
}) {
  const to = subjectPath(subject, id);
  if (!to) return <span className={className}>{name}</span>;
  return (
    <Link to={to} className={`text-sky-800 hover:underline dark:text-sky-300 ${className ?? ""}`}>
      {name}
    </Link>
  );
}
