import type { Company, SizeFormat } from '@cadence/shared';
import { POST_TONES, SIZE_FORMAT_IDS, SIZE_FORMATS } from '@cadence/shared';
import type { ComponentProps } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { capitalize } from '../../../lib/capitalize';

type SelectProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>;

interface EntitySelectProps extends SelectProps {
  companies: readonly Company[];
  label?: string;
  /** The empty option's text. */
  placeholder?: string;
}

export function EntitySelect({
  companies,
  label = 'Entity',
  placeholder = 'Select an entity',
  ...props
}: EntitySelectProps) {
  return (
    <SelectField label={label} {...props}>
      <option value="">{placeholder}</option>
      {companies.map((company) => (
        <option key={company.id} value={company.id}>
          {company.name}
        </option>
      ))}
    </SelectField>
  );
}

export function ToneSelect(props: SelectProps) {
  return (
    <SelectField label="Tone" {...props}>
      {POST_TONES.map((tone) => (
        <option key={tone} value={tone}>
          {capitalize(tone)}
        </option>
      ))}
    </SelectField>
  );
}

export function sizeFormatLabel(id: SizeFormat): string {
  const format = SIZE_FORMATS[id];
  return `${capitalize(id)}: ${format.hint}`;
}

/** The size formats with their hints; '' leaves the length to the AI. */
export function SizeFormatSelect(props: SelectProps) {
  return (
    <SelectField label="Size format" {...props}>
      <option value="">Any length</option>
      {SIZE_FORMAT_IDS.map((id) => (
        <option key={id} value={id}>
          {sizeFormatLabel(id)}
        </option>
      ))}
    </SelectField>
  );
}

export function toSizeFormat(value: string): '' | SizeFormat {
  return SIZE_FORMAT_IDS.find((id) => id === value) ?? '';
}
