import { ADMIN_TOASTS, type PublisherAction, type ServiceCard } from '@cadence/shared';
import { AlertTriangle, Play, RefreshCw, RotateCw, Search, Square } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { formatInZone } from '../../../lib/zoned-time';
import { usePublisherAction, useServices } from '../api/admin-api';
import { cpuTone, formatUptime, MEMORY_SCALE_MB } from '../utils/format';
import { StatusBadge } from './status-badge';
import { toastFailure } from '../../../components/ui/error-toast';

const BAR_TONES = { red: 'bg-red-500', yellow: 'bg-yellow-400', green: 'bg-green-500' } as const;

function Meter({
  label,
  value,
  max,
  text,
  tone,
}: {
  label: string;
  value: number;
  max: number;
  text: string;
  tone: keyof typeof BAR_TONES;
}) {
  const percent = Math.max(0, Math.min(100, (value / max) * 100));
  return (
    <div>
      <div className="flex justify-between text-xs text-gray-600">
        <span>{label}</span>
        <span className="font-medium text-gray-800">{text}</span>
      </div>
      <div
        className="mt-1 h-2 rounded-full bg-gray-100"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.round(value)}
      >
        <div className={cn('h-2 rounded-full', BAR_TONES[tone])} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

const ACTION_ICONS = { start: Play, stop: Square, restart: RotateCw } as const;
const ACTION_LABELS = { start: 'Start', stop: 'Stop', restart: 'Restart' } as const;

function ServiceCardView({ service, timeZone }: { service: ServiceCard; timeZone: string }) {
  const action = usePublisherAction();
  // Stopping the publisher holds every post that is due, so it is asked first.
  const [isConfirmingStop, setIsConfirmingStop] = useState(false);
  const run = (name: PublisherAction) =>
    action.mutate(name, {
      onSuccess: () => {
        setIsConfirmingStop(false);
        toast.success(ADMIN_TOASTS.serviceActionDone(name));
      },
      onError: (error) => {
        setIsConfirmingStop(false);
        toastFailure(error, ADMIN_TOASTS.serviceActionFailed(name));
      },
    });
  return (
    <article
      className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      aria-label={service.name}
      data-testid={`service-${service.id}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-gray-900">{service.name}</h3>
          <p className="text-xs text-gray-600">{service.description}</p>
        </div>
        <StatusBadge status={service.status} />
      </div>
      <div className="mt-3 space-y-2">
        {service.cpu_percent !== null && (
          <Meter
            label="CPU"
            value={service.cpu_percent}
            max={100}
            text={`${service.cpu_percent}%`}
            tone={cpuTone(service.cpu_percent)}
          />
        )}
        {service.memory_mb !== null && (
          <Meter
            label="Memory"
            value={service.memory_mb}
            max={MEMORY_SCALE_MB}
            text={`${Math.round(service.memory_mb)} MB`}
            tone="green"
          />
        )}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        {service.details.map((detail) => {
          const text =
            detail.at === undefined
              ? detail.value
              : `${formatInZone(detail.at, timeZone, 'MMM d, h:mm:ss a')}: ${detail.value}`;
          return (
            <div key={detail.label} className="col-span-2 flex justify-between gap-2">
              <dt className="text-gray-600">{detail.label}</dt>
              <dd className="truncate text-right font-medium text-gray-800" title={text}>
                {text}
              </dd>
            </div>
          );
        })}
        <div className="col-span-2 flex justify-between gap-2">
          <dt className="text-gray-600">Uptime</dt>
          <dd className="font-medium text-gray-800">{formatUptime(service.uptime_seconds)}</dd>
        </div>
        <div className="col-span-2 flex justify-between gap-2">
          <dt className="text-gray-600">Last checked</dt>
          <dd className="font-medium text-gray-800">
            {formatInZone(service.last_checked, timeZone, 'h:mm:ss a')}
          </dd>
        </div>
      </dl>
      {service.processes.length > 0 && (
        <ul className="mt-3 space-y-1 border-t border-gray-100 pt-2 text-xs text-gray-700">
          {service.processes.map((process) => (
            <li key={process.id} className="flex flex-wrap items-center justify-between gap-1">
              <span className="truncate">
                {process.host} pid {process.pid} ({process.role})
              </span>
              <span className="flex items-center gap-2">
                <span>
                  {process.cpu_percent}% · {Math.round(process.memory_mb)} MB
                </span>
                <StatusBadge status={process.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {service.actions.length > 0 && (
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          {service.actions.map((name) => {
            const Icon = ACTION_ICONS[name];
            return (
              <Button
                key={name}
                size="sm"
                variant={name === 'stop' ? 'danger-outline' : 'secondary'}
                icon={<Icon className="size-4" aria-hidden="true" />}
                disabled={action.isPending}
                onClick={() => (name === 'stop' ? setIsConfirmingStop(true) : run(name))}
              >
                {ACTION_LABELS[name]}
              </Button>
            );
          })}
        </div>
      )}
      <ConfirmDialog
        open={isConfirmingStop}
        title={`Stop ${service.name}?`}
        description="Nothing is published while it is stopped: posts that fall due wait until it is started again."
        confirmLabel="Stop"
        pendingLabel="Stopping..."
        isPending={action.isPending}
        onConfirm={() => run('stop')}
        onClose={() => setIsConfirmingStop(false)}
      />
    </article>
  );
}

/** Cards from the processes' heartbeats and live probes; refreshed every 30 s. */
export function ServicesSection({ timeZone }: { timeZone: string }) {
  const services = useServices();
  const [query, setQuery] = useState('');
  const [isRefreshing, setIsRefreshing] = useState(false);

  const refresh = async () => {
    setIsRefreshing(true);
    const result = await services.refetch();
    setIsRefreshing(false);
    if (result.isError) toastFailure(result.error, ADMIN_TOASTS.refreshServicesFailed);
    else toast.success(ADMIN_TOASTS.servicesRefreshed);
  };

  const needle = query.trim().toLowerCase();
  const shown = (services.data?.services ?? []).filter(
    (service) =>
      needle === '' ||
      service.name.toLowerCase().includes(needle) ||
      service.description.toLowerCase().includes(needle),
  );
  const host = services.data?.host;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <label className="relative min-w-0 flex-1">
          <span className="sr-only">Search services</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
            aria-hidden="true"
          />
          <input
            type="search"
            placeholder="Search services..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="h-10 w-full rounded-lg border border-gray-300 pr-3 pl-9 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </label>
        <Button
          variant="secondary"
          icon={
            <RefreshCw
              className={cn('size-4', isRefreshing && 'animate-spin')}
              aria-hidden="true"
            />
          }
          onClick={() => void refresh()}
          disabled={isRefreshing}
        >
          Refresh
        </Button>
      </div>
      {services.isError && (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <AlertTriangle className="size-4" aria-hidden="true" />{' '}
          {ADMIN_TOASTS.refreshServicesFailed}
        </p>
      )}
      {host && (
        <div className="grid gap-3 rounded-xl border border-gray-200 bg-gray-50 p-4 sm:grid-cols-2">
          <Meter
            label="Host CPU"
            value={host.cpu_percent}
            max={100}
            text={`${host.cpu_percent}%`}
            tone={cpuTone(host.cpu_percent)}
          />
          <Meter
            label="Host memory"
            value={host.memory_used_mb}
            max={host.memory_total_mb}
            text={`${host.memory_used_mb} / ${host.memory_total_mb} MB`}
            tone={cpuTone((host.memory_used_mb / host.memory_total_mb) * 100)}
          />
        </div>
      )}
      {services.isPending && <p className="text-sm text-gray-600">Loading services...</p>}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((service) => (
          <ServiceCardView key={service.id} service={service} timeZone={timeZone} />
        ))}
      </div>
      {services.data && shown.length === 0 && (
        <p className="text-sm text-gray-600">No service matches your search.</p>
      )}
    </div>
  );
}
