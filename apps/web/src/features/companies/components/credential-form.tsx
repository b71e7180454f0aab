import type { CredentialField, NetworkId } from '@cadence/shared';
import { CONNECTION_MESSAGES, isMaskedField } from '@cadence/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { useCredentialForm } from '../hooks/use-credential-form';
import { credentialFieldId, getCredentialFields } from '../utils/connection-request';
import { CREDENTIAL_PLACEHOLDERS } from '../utils/setup-instructions';
import { ConnectionTestStatus } from './connection-test-status';
import { FacebookPageField } from './facebook-page-field';

interface CredentialFormProps {
  network: NetworkId;
  companyId: string;
  /** After a successful Connect (spec §4: the dialog then closes). */
  onConnected: () => void;
}

/** Long tokens, and Facebook's Page with its button, get a whole row; so does an odd last field. */
function isWideField(network: NetworkId, fields: readonly CredentialField[], index: number) {
  const field = fields[index];
  if (network === 'facebook') return field?.name === 'accessToken' || field?.name === 'pageId';
  return index === fields.length - 1 && fields.length % 2 === 1;
}

/** A not-connected network: its credentials, the connection test and Connect. */
export function CredentialForm({ network, companyId, onConnected }: CredentialFormProps) {
  const form = useCredentialForm(network, companyId, onConnected);
  const fields = getCredentialFields(network);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.connect();
      }}
    >
      <fieldset disabled={form.isConnecting} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="sr-only">Credentials</legend>
        {fields.map((field, index) => {
          const id = credentialFieldId(network, field.name);
          const error = form.missing.has(field.name)
            ? CONNECTION_MESSAGES.fieldRequired(field.label)
            : undefined;
          const className = cn(isWideField(network, fields, index) && 'sm:col-span-2');
          const value = form.values[field.name] ?? '';
          if (network === 'facebook' && field.name === 'pageId') {
            return (
              <FacebookPageField
                key={field.name}
                id={id}
                label={field.label}
                className={className}
                value={value}
                error={error}
                pages={form.pages}
                isLoading={form.isLoadingPages}
                onLoad={form.loadPages}
                onChange={(pageId) => form.setValue(field.name, pageId)}
              />
            );
          }
          return (
            <TextField
              key={field.name}
              id={id}
              label={field.label}
              className={className}
              type={isMaskedField(field.name) ? 'password' : 'text'}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              placeholder={CREDENTIAL_PLACEHOLDERS[network]?.[field.name]}
              value={value}
              error={error}
              onChange={(event) => form.setValue(field.name, event.target.value)}
            />
          );
        })}
      </fieldset>

      <div className="mt-5 flex flex-col gap-3 border-t border-gray-200 pt-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-wrap items-start gap-x-3 gap-y-2">
          <Button
            variant="secondary"
            size="sm"
            isLoading={form.isTesting}
            loadingText="Testing..."
            disabled={form.isConnecting}
            onClick={form.testConnection}
          >
            Test Connection
          </Button>
          <div className="min-w-0 flex-1 basis-48 pt-1.5">
            <ConnectionTestStatus test={form.test} />
          </div>
        </div>
        <Button type="submit" size="sm" isLoading={form.isConnecting} loadingText="Connecting...">
          Connect
        </Button>
      </div>
    </form>
  );
}
