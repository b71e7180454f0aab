import type {
  ApprovalMode,
  Company,
  CompanyDescriptionRequest,
  CompanyInput,
  EntityTone,
} from '@cadence/shared';
import { CompanyDescriptionRequestSchema, CUSTOM_INDUSTRY, IndustrySchema } from '@cadence/shared';
import type { z } from 'zod/mini';

type IndustryValue = z.infer<typeof IndustrySchema> | '';

/** The entity form's fields as the inputs hold them: strings, '' for empty. */
export interface CompanyFormValues {
  name: string;
  website: string;
  industry: IndustryValue;
  custom_industry: string;
  description: string;
  logo_url: string;
  /** Who approves the entity's posts before they go out. */
  approval: ApprovalMode;
}

function isListedIndustry(value: string): value is z.infer<typeof IndustrySchema> {
  return IndustrySchema.safeParse(value).success;
}

/** Blank values for Add; the company's own values for Edit. */
export function toCompanyFormValues(company: Company | null): CompanyFormValues {
  if (company === null) {
    return {
      name: '',
      website: '',
      industry: '',
      custom_industry: '',
      description: '',
      logo_url: '',
      approval: 'none',
    };
  }
  const industry = company.industry ?? '';
  // An industry the list no longer offers stays visible (and editable) as custom text
  // instead of silently turning into 'Select an industry'.
  if (industry !== '' && !isListedIndustry(industry)) {
    return {
      ...toCompanyFormValues(null),
      ...pickTexts(company),
      industry: CUSTOM_INDUSTRY,
      custom_industry: industry,
    };
  }
  return {
    ...pickTexts(company),
    industry,
    custom_industry: company.custom_industry ?? '',
  };
}

function pickTexts(company: Company) {
  return {
    name: company.name,
    website: company.website,
    description: company.description ?? '',
    logo_url: company.logo_url ?? '',
    approval: company.approval ?? 'none',
  };
}

type DescriptionSource = Pick<CompanyInput, 'name' | 'website' | 'industry' | 'custom_industry'>;

export type DescriptionRequestResult =
  { isValid: true; request: CompanyDescriptionRequest } | { isValid: false; message: string };

/**
 * The AI Assist request from the form, checked by the server's own schema: a missing website
 * gives the spec's 'Please enter a website URL', a missing scheme becomes https://.
 * The custom text stands in for 'Other (Custom)'.
 */
export function buildDescriptionRequest(
  values: DescriptionSource,
  tone: EntityTone,
): DescriptionRequestResult {
  const industry = values.industry === CUSTOM_INDUSTRY ? values.custom_industry : values.industry;
  const parsed = CompanyDescriptionRequestSchema.safeParse({
    website: values.website ?? '',
    tone,
    industry: blankToNull(industry),
    name: blankToNull(values.name),
  });
  if (!parsed.success) {
    return { isValid: false, message: parsed.error.issues[0]?.message ?? 'Invalid request' };
  }
  return { isValid: true, request: parsed.data };
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
