import type { Company, CompanyFields, CompanyInput, EntityTone } from '@cadence/shared';
import {
  APPROVAL_MODE_LABELS,
  APPROVAL_MODES,
  COMPANY_TOASTS,
  CompanyInputSchema,
  CUSTOM_INDUSTRY,
  CUSTOM_INDUSTRY_LABEL,
  DEFAULT_ENTITY_TONE,
  ENTITY_TONES,
  EntityToneSchema,
  INDUSTRIES,
} from '@cadence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { capitalize } from '../../../lib/capitalize';
import { useCreateCompany } from '../api/create-company';
import { PlanLockedNote } from '../../../components/ui/plan-locked-note';
import { useFeatures } from '../../../hooks/use-features';
import { useGenerateCompanyDescription } from '../api/generate-company-description';
import { useUpdateCompany } from '../api/update-company';
import { useLogoUpload } from '../hooks/use-logo-upload';
import { buildDescriptionRequest, toCompanyFormValues } from '../utils/company-form-values';
import { LogoField } from './logo-field';
import { toastApiError } from '../../../components/ui/error-toast';
import { UndoRewrite } from '../../../components/ui/undo-rewrite';

const DESCRIPTION_SET = { shouldDirty: true, shouldValidate: true } as const;

interface CompanyFormProps {
  company: Company | null;
  onCancel: () => void;
  onSaved: () => void;
}

export function CompanyForm({ company, onCancel, onSaved }: CompanyFormProps) {
  const isEditing = company !== null;
  const createCompany = useCreateCompany();
  const updateCompany = useUpdateCompany();
  const generateDescription = useGenerateCompanyDescription();
  const features = useFeatures();
  // Tone only steers AI Assist; it is never part of the submitted company.
  const [tone, setTone] = useState<EntityTone>(DEFAULT_ENTITY_TONE);
  // The customer's description from before AI Assist rewrote it, while it can be undone.
  const [descriptionBefore, setDescriptionBefore] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<CompanyInput, unknown, CompanyFields>({
    resolver: zodResolver(CompanyInputSchema),
    defaultValues: toCompanyFormValues(company),
  });
  const industry = useWatch({ control, name: 'industry' });
  const logoUrl = useWatch({ control, name: 'logo_url' }) ?? '';
  const logo = useLogoUpload((url) => setValue('logo_url', url, { shouldDirty: true }));

  const isSaving = createCompany.isPending || updateCompany.isPending;
  const isGenerating = generateDescription.isPending;

  const onSubmit = handleSubmit((fields) => {
    const onError = (error: unknown) =>
      toastApiError(error, isEditing ? COMPANY_TOASTS.updateFailed : COMPANY_TOASTS.addFailed);
    if (company === null) {
      createCompany.mutate(fields, {
        onSuccess: () => {
          toast.success(COMPANY_TOASTS.added);
          onSaved();
        },
        onError,
      });
      return;
    }
    updateCompany.mutate(
      { id: company.id, input: fields },
      {
        onSuccess: () => {
          toast.success(COMPANY_TOASTS.updated);
          onSaved();
        },
        onError,
      },
    );
  });

  function handleAiAssist() {
    const result = buildDescriptionRequest(getValues(), tone);
    if (!result.isValid) {
      toast.error(result.message);
      return;
    }
    generateDescription.mutate(result.request, {
      onSuccess: (description) => {
        setDescriptionBefore(getValues('description') ?? '');
        setValue('description', description, DESCRIPTION_SET);
        toast.success(COMPANY_TOASTS.websiteScanned);
      },
      onError: (error) => {
        toastApiError(error, COMPANY_TOASTS.scanFailed);
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="company-name"
          label="Name"
          autoComplete="organization"
          placeholder="Acme Inc."
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="company-website"
          label="Website"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="acme.com"
          error={errors.website?.message}
          {...register('website')}
        />
      </div>

      <LogoField
        value={logoUrl}
        isUploading={logo.isUploading}
        onFileSelected={logo.upload}
        onRemove={() => setValue('logo_url', '', { shouldDirty: true })}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        {/* Custom Industry sits right under Industry, on phones and wide screens alike. */}
        <div className="space-y-5">
          <SelectField
            id="company-industry"
            label="Industry"
            error={errors.industry?.message}
            {...register('industry', {
              // The spec: choosing an industry other than custom clears the custom text.
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value !== CUSTOM_INDUSTRY) setValue('custom_industry', '');
              },
            })}
          >
            <option value="">Select an industry</option>
            {INDUSTRIES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={CUSTOM_INDUSTRY}>{CUSTOM_INDUSTRY_LABEL}</option>
          </SelectField>
          {industry === CUSTOM_INDUSTRY && (
            <TextField
              id="company-custom-industry"
              label="Custom Industry"
              placeholder="e.g. Beekeeping"
              error={errors.custom_industry?.message}
              {...register('custom_industry')}
            />
          )}
        </div>
        <SelectField
          id="company-tone"
          label="Tone"
          hint="Steers AI Assist; it is not saved with the entity."
          value={tone}
          onChange={(event) => {
            const parsed = EntityToneSchema.safeParse(event.target.value);
            if (parsed.success) setTone(parsed.data);
          }}
        >
          {ENTITY_TONES.map((name) => (
            <option key={name} value={name}>
              {capitalize(name)}
            </option>
          ))}
        </SelectField>
      </div>

      <SelectField
        id="company-approval"
        label="Approval"
        hint="Posts of an entity with approval go out only once approved."
        error={errors.approval?.message}
        {...register('approval')}
      >
        {APPROVAL_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {APPROVAL_MODE_LABELS[mode]}
          </option>
        ))}
      </SelectField>

      <TextareaField
        id="company-description"
        label="Description"
        rows={5}
        placeholder="What the entity does, for whom, and what sets it apart."
        error={errors.description?.message}
        labelAction={
          features.ai === 'off' ? undefined : features.ai === 'not_on_plan' ? (
            <PlanLockedNote />
          ) : (
            <Button
              variant="soft"
              size="sm"
              className="h-7 px-2.5 text-xs"
              icon={<Sparkles className="size-3.5" aria-hidden="true" />}
              isLoading={isGenerating}
              loadingText="Generating..."
              onClick={handleAiAssist}
            >
              AI Assist
            </Button>
          )
        }
        {...register('description')}
      />
      {descriptionBefore !== null && (
        <div className="-mt-3">
          <UndoRewrite
            by="AI Assist"
            onUndo={() => {
              setValue('description', descriptionBefore, DESCRIPTION_SET);
              setDescriptionBefore(null);
            }}
          />
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 border-t border-gray-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          isLoading={isSaving}
          loadingText={isEditing ? 'Saving...' : 'Adding...'}
          // A save now would lose the logo or description that is still on its way.
          disabled={logo.isUploading || isGenerating}
        >
          {isEditing ? 'Save Changes' : 'Add Company'}
        </Button>
      </div>
    </form>
  );
}
