import { ADMIN_TOASTS, settingLabel, type AdminSetting } from '@cadence/shared';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { HelpTip } from '../../../components/ui/help-tip';
import { useAdminSettings, useSaveSettings } from '../api/admin-api';
import { DeploymentCountdown } from './deployment-countdown';
import { toastFailure } from '../../../components/ui/error-toast';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

/** The countdown, then one numeric input per admin setting, saved together. */
export function SettingsSection() {
  const settings = useAdminSettings();

  useQueryErrorToast(settings, ADMIN_TOASTS.loadSettingsFailed);

  return (
    <div className="space-y-5">
      <DeploymentCountdown />
      {settings.isPending && <p className="text-sm text-gray-600">Loading settings...</p>}
      {settings.isError && (
        <p role="alert" className="flex items-center gap-2 text-sm text-red-700">
          <AlertTriangle className="size-4" aria-hidden="true" /> {ADMIN_TOASTS.loadSettingsFailed}
        </p>
      )}
      {settings.data && (
        <SettingsForm
          key={settings.data.map((setting) => `${setting.key}=${setting.value.value}`).join('&')}
          settings={settings.data}
        />
      )}
    </div>
  );
}

function SettingInput({
  setting,
  value,
  onChange,
}: {
  setting: AdminSetting;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `setting-${setting.key}`;
  const { min, max, unit } = setting.value;
  const label = settingLabel(setting.key);
  return (
    <div>
      <div className="flex items-center gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {/* At the row's end, so the hint opens leftwards and stays on a phone's screen. */}
        <HelpTip label={`About ${label}`} align="end" className="ml-auto">
          {setting.description}
        </HelpTip>
      </div>
      <div className="mt-1.5 flex items-center gap-2">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={`${id}-hint`}
          className="h-10 w-full rounded-lg border border-gray-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <span className="shrink-0 text-sm text-gray-600">{unit}</span>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
        Allowed range: {min}-{max} {unit}
      </p>
    </div>
  );
}

function SettingsForm({ settings }: { settings: AdminSetting[] }) {
  const save = useSaveSettings();
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(settings.map((setting) => [setting.key, String(setting.value.value)])),
  );
  const submit = () => {
    const rows = settings;
    // Saved values re-key the form (fresh drafts), which unmounts it: the toast hangs on the
    // promise, not on mutate's callbacks, which an unmounted form never runs.
    save
      .mutateAsync({
        settings: rows.map((row) => ({
          key: row.key,
          value: Number(drafts[row.key] ?? row.value.value),
        })),
      })
      .then(
        () => toast.success(ADMIN_TOASTS.settingsSaved),
        (error: unknown) => toastFailure(error, ADMIN_TOASTS.saveSettingsFailed),
      );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="space-y-4"
    >
      <div className="grid gap-4 md:grid-cols-2">
        {settings.map((setting) => (
          <SettingInput
            key={setting.key}
            setting={setting}
            value={drafts[setting.key] ?? ''}
            onChange={(value) => setDrafts((current) => ({ ...current, [setting.key]: value }))}
          />
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={save.isPending} loadingText="Saving...">
          Save Changes
        </Button>
      </div>
    </form>
  );
}
