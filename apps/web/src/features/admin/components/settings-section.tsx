import {
  ADMIN_TOASTS,
  SETTING_SWITCH_HINTS,
  settingLabel,
  type AdminSetting,
  type SettingKey,
} from '@cadence/shared';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { HelpTip } from '../../../components/ui/help-tip';
import { useAdminSettings, useSaveSettings } from '../api/admin-api';
import { DeploymentCountdown } from './deployment-countdown';
import { toastFailure } from '../../../components/ui/error-toast';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

/**
 * The countdown, then one control per admin setting, saved together: a switch for an on/off
 * setting (range 0-1), a numeric input for the others.
 */
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

/** A setting's name, for its control, with its description behind a help tip. */
function SettingLabel({
  id,
  label,
  description,
}: {
  id: string;
  label: string;
  description: string;
}) {
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {/* At the row's end, so the hint opens leftwards and stays on a phone's screen. */}
      <HelpTip label={`About ${label}`} align="end" className="ml-auto">
        {description}
      </HelpTip>
    </div>
  );
}

/** A setting whose whole range is 0 and 1 is off or on. */
const isSwitch = (setting: AdminSetting) => setting.value.min === 0 && setting.value.max === 1;

function SettingSwitch({
  setting,
  value,
  onChange,
}: {
  setting: AdminSetting;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `setting-${setting.key}`;
  const label = settingLabel(setting.key);
  const isOn = Number(value) >= 1;
  const hint = SETTING_SWITCH_HINTS[setting.key as SettingKey];
  return (
    <div>
      <SettingLabel id={id} label={label} description={setting.description} />
      <div className="mt-1.5 flex h-10 items-center gap-3">
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={isOn}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onClick={() => onChange(isOn ? '0' : '1')}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            isOn ? 'bg-brand-600' : 'bg-gray-300'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
              isOn ? 'translate-x-5' : 'translate-x-0.5'
            }`}
          />
        </button>
        <span className="text-sm text-gray-700" aria-hidden="true">
          {isOn ? 'On' : 'Off'}
        </span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
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
      <SettingLabel id={id} label={label} description={setting.description} />
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
        {settings.map((setting) => {
          const Control = isSwitch(setting) ? SettingSwitch : SettingInput;
          return (
            <Control
              key={setting.key}
              setting={setting}
              value={drafts[setting.key] ?? ''}
              onChange={(value) => setDrafts((current) => ({ ...current, [setting.key]: value }))}
            />
          );
        })}
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={save.isPending} loadingText="Saving...">
          Save Changes
        </Button>
      </div>
    </form>
  );
}
