import { SelectField } from "@/components/ui/field";
import { useCan } from "@/lib/permissions";
import { useCurrentUser } from "@/lib/session";
import { useTenantMembers } from "@/lib/tenant-members";

/**
 * Owner picker: the tenant's members when the person may list them (admins), else "me" and
 * the current owner, so analysts can still take an incident.
 */
export function OwnerSelect({
  tenantId,
  value,
  currentName,
  onChange,
  label = "Owner (optional)",
  disabled,
}: {
  tenantId: string;
  value: string;
  currentName?: string | null;
  onChange: (userId: string) => void;
  label?: string;
  disabled?: boolean;
}) {
  const me = useCurrentUser();
  const isAdmin = useCan("members.manage", tenantId);
  const members = useTenantMembers(tenantId, isAdmin);
  const options = members.isSuccess
    ? members.data.filter((m) => m.role !== "executive").map((m) => ({ id: m.userId, name: m.displayName }))
    : [
        { id: me.id, name: me.displayName },
        ...(value && value !== me.id ? [{ id: value, name: currentName ?? "Current owner" }] : []),
      ];
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
      <option value="">No owner</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
          {o.id === me.id ? " (you)" : ""}
        </option>
      ))}
    </SelectField>
  );
}
