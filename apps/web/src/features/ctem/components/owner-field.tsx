import { SelectField } from "@/components/ui/field";
import { useCurrentUser } from "@/lib/session";
import { useAssignableMembers } from "@/lib/tenant-members";

/**
 * The owner of CTEM work: a member who may change data. Admins pick from the members; others
 * (who cannot list members) own it themselves.
 */
export function OwnerField({
  tenantId,
  value,
  onChange,
  error,
}: {
  tenantId: string;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const me = useCurrentUser();
  const members = useAssignableMembers(tenantId || null);
  const options = members.query.isSuccess
    ? members.candidates.filter((m) => m.role !== "viewer").map((m) => ({ id: m.userId, name: m.displayName }))
    : [{ id: me.id, name: `${me.displayName} (me)` }];
  return (
    <SelectField label="Owner" required value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      <option value="">Choose an owner</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </SelectField>
  );
}
