import { dateFormats, type Preferences, themes } from "@watchfloor/shared";
import { type FormEvent, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { applyTheme } from "@/lib/theme";
import { useUpdatePreferences } from "../api/update-preferences";

const themeLabels: Record<Preferences["theme"], string> = { light: "Light", dark: "Dark", system: "Follow the system" };

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const all = new Set(["UTC", ...zones]);
  all.add(current);
  return [...all];
}

export function SettingsForm() {
  const user = useCurrentUser();
  const update = useUpdatePreferences();
  const [prefs, setPrefs] = useState<Preferences>(user.preferences);
  const [errors, setErrors] = useState<Partial<Record<keyof Preferences | "form", string>>>({});
  const [saved, setSaved] = useState(false);
  const zones = useMemo(() => timeZones(user.preferences.timeZone), [user.preferences.timeZone]);

  function change<K extends keyof Preferences>(key: K, value: Preferences[K]) {
    setSaved(false);
    setPrefs((p) => ({ ...p, [key]: value }));
    if (key === "theme") applyTheme(value as Preferences["theme"]); // preview at once
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const result = await update.mutateAsync(prefs);
      applyTheme(result.theme);
      setSaved(true);
    } catch (error) {
      setErrors(error instanceof ApiRequestError && error.details.length ? error.fieldErrors() : { form: errorMessage(error) });
    }
  }

  return (
    <Card>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {errors.form && <Notice tone="error">{errors.form}</Notice>}
        {saved && <Notice tone="success">Settings saved.</Notice>}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Theme</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {themes.map((theme) => (
              <label
                key={theme}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-500 dark:border-slate-600 dark:has-[:checked]:bg-sky-950/50"
              >
                <input
                  type="radio"
                  name="theme"
                  value={theme}
                  checked={prefs.theme === theme}
                  onChange={() => change("theme", theme)}
                  className="accent-sky-700"
                />
                {themeLabels[theme]}
              </label>
            ))}
          </div>
        </fieldset>
        <SelectField
          label="Time zone"
          name="timeZone"
          value={prefs.timeZone}
          onChange={(e) => change("timeZone", e.target.value)}
          error={errors.timeZone}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Date format"
          name="dateFormat"
          value={prefs.dateFormat}
          onChange={(e) => change("dateFormat", e.target.value as Preferences["dateFormat"])}
          error={errors.dateFormat}
          hint={`Now: ${formatDateTime(new Date().toISOString(), prefs)}`}
        >
          {dateFormats.map((format) => (
            <option key={format} value={format}>
              {format}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Default tenant"
          name="defaultTenantId"
          value={prefs.defaultTenantId ?? ""}
          onChange={(e) => change("defaultTenantId", e.target.value || null)}
          error={errors.defaultTenantId}
          hint="The tenant picker starts here on a browser where you have not picked one yet."
        >
          <option value="">All tenants</option>
          {user.memberships.map((m) => (
            <option key={m.tenantId} value={m.tenantId}>
              {m.tenantName}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={update.isPending}>
          Save settings
        </Button>
      </form>
    </Card>
  );
}
