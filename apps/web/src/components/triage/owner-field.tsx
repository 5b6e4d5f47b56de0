import { SelectField } from "@/components/ui/field";
import { useCurrentUser } from "@/lib/session";
import { useAssignableMembers } from "@/lib/tenant-members";

/**
 * The owner of a piece of work (a campaign, a scope, a task): a member who may change data, as the
 * server requires. Admins pick from the members; others (who cannot list members) can name only
 * themselves. Optional owners start at "No owner", required ones at "Choose an owner". `current`:
 * the owner an edit starts from, kept as a choice even when the list cannot name them.
 */
export function OwnerField({
  tenantId,
  value,
  onChange,
  error,
  required = false,
  current,
}: {
  tenantId: string;
  value: string;
  onChange: (userId: string) => void;
  error?: string;
  required?: boolean;
  current?: { id: string | null; name: string | null };
}) {
  const me = useCurrentUser();
  const members = useAssignableMembers(tenantId || null);
  const options = members.query.isSuccess
    ? members.candidates.filter((m) => m.role !== "viewer").map((m) => ({ id: m.userId, name: m.displayName }))
    : [{ id: me.id, name: `${me.displayName} (me)` }];
  if (current?.id && !options.some((o) => o.id === current.id))
    options.push({ id: current.id, name: current.name ?? "Current owner" });
  return (
    <SelectField label="Owner" required={required} value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      <option value="">{required ? "Choose an owner" : "No owner"}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </SelectField>
  );
}
