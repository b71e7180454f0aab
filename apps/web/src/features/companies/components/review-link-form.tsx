import { REVIEW_LINK_DAYS, REVIEW_LINK_LABEL_MAX, ReviewLinkCreateSchema } from '@cadence/shared';
import { Copy, Link2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { ApiRequestError } from '../../../lib/api-error';
import { useCreateReviewLink } from '../api/review-links';

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copied');
  } catch {
    toast.error('The link could not be copied: select it and copy it yourself.');
  }
}

/** 'Create link': a label and how long it works; the new link's URL is shown once, to copy. */
export function NewReviewLinkForm({
  companyId,
  onCreated,
}: {
  companyId: string;
  onCreated: (id: string) => void;
}) {
  const labelId = useId();
  const daysId = useId();
  const urlId = useId();
  const [label, setLabel] = useState('');
  const [days, setDays] = useState(String(REVIEW_LINK_DAYS.default));
  const [errors, setErrors] = useState<{ label?: string; days?: string; form?: string }>({});
  const [url, setUrl] = useState<string | null>(null);
  const create = useCreateReviewLink(companyId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { label, expires_in_days: days.trim() === '' ? Number.NaN : Number(days) };
    const checked = ReviewLinkCreateSchema.safeParse(input);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      // The server's words for the days, whatever was typed (empty, 0, 1.5, 91).
      setErrors(
        issue?.path[0] === 'label'
          ? { label: issue.message }
          : {
              days: `A review link lasts ${REVIEW_LINK_DAYS.min} to ${REVIEW_LINK_DAYS.max} days`,
            },
      );
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (created) => {
        setUrl(created.url);
        setLabel('');
        setDays(String(REVIEW_LINK_DAYS.default));
        onCreated(created.id);
      },
      onError: (error) =>
        setErrors({
          form:
            error instanceof ApiRequestError && error.serverMessage !== null
              ? error.serverMessage
              : 'The link could not be created. Try again.',
        }),
    });
  };

  return (
    <div className="space-y-4">
      <form
        onSubmit={submit}
        noValidate
        aria-label="New review link"
        className="grid gap-4 rounded-lg border border-gray-200 p-4 sm:grid-cols-[minmax(0,1fr)_9rem_auto] sm:items-start"
      >
        <TextField
          id={labelId}
          label="Label (optional)"
          placeholder="Week 48 posts"
          maxLength={REVIEW_LINK_LABEL_MAX}
          value={label}
          error={errors.label}
          onChange={(event) => setLabel(event.target.value)}
        />
        <div>
          <label htmlFor={daysId} className="block text-sm font-medium text-gray-800">
            Expires in (days)
          </label>
          <input
            id={daysId}
            type="number"
            inputMode="numeric"
            min={REVIEW_LINK_DAYS.min}
            max={REVIEW_LINK_DAYS.max}
            step={1}
            value={days}
            aria-invalid={errors.days !== undefined || undefined}
            aria-describedby={`${daysId}-message`}
            className={controlClasses(errors.days !== undefined, 'mt-1.5 h-10 px-3')}
            onChange={(event) => setDays(event.target.value)}
          />
          <p
            id={`${daysId}-message`}
            className={errors.days ? 'mt-1.5 text-xs text-red-600' : 'mt-1.5 text-xs text-gray-600'}
          >
            {errors.days ?? `${REVIEW_LINK_DAYS.min} to ${REVIEW_LINK_DAYS.max}`}
          </p>
        </div>
        <Button
          type="submit"
          className="sm:mt-6.5"
          icon={<Link2 className="size-4" aria-hidden="true" />}
          isLoading={create.isPending}
          loadingText="Creating…"
        >
          Create link
        </Button>
        {errors.form !== undefined && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-3">
            {errors.form}
          </p>
        )}
      </form>
      {url !== null && (
        <div role="status" className="rounded-lg bg-green-50 p-4 ring-1 ring-green-200">
          <label htmlFor={urlId} className="block text-sm font-medium text-green-900">
            New link: copy it now, it is shown only once
          </label>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <input
              id={urlId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className={controlClasses(false, 'h-10 px-3 font-mono text-xs')}
            />
            <Button
              variant="secondary"
              icon={<Copy className="size-4" aria-hidden="true" />}
              onClick={() => void copy(url)}
            >
              Copy link
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
