import type { FacebookPage, NetworkId } from '@cadence/shared';
import { CONNECTION_FAILURE_PREFIX, CONNECTION_MESSAGES, NETWORK_NAMES } from '@cadence/shared';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiRequestError, getErrorMessage } from '../../../lib/api-error';
import { useAuthenticateSocialAccount, useFacebookPages } from '../api/authenticate-social-account';
import { useSaveSocialAccount } from '../api/save-social-account';
import type { ConnectionBody, ConnectionBodyResult } from '../utils/connection-request';
import {
  buildConnectionBody,
  buildPageListBody,
  choosePage,
  credentialFieldId,
  emptyCredentialValues,
} from '../utils/connection-request';
import { toastApiError, toastFailure } from '../../../components/ui/error-toast';

export type ConnectionTest =
  { status: 'untested' } | { status: 'success' } | { status: 'error'; message: string };

const UNTESTED: ConnectionTest = { status: 'untested' };

/**
 * The state of one network's credential form: its values, the connection test, Facebook's
 * page list, and the Connect call. `onConnected` runs after a successful save.
 */
export function useCredentialForm(network: NetworkId, companyId: string, onConnected: () => void) {
  const name = NETWORK_NAMES[network];
  const [values, setValues] = useState(() => emptyCredentialValues(network));
  const [test, setTest] = useState<ConnectionTest>(UNTESTED);
  /** Null until 'Get Page List' has answered. */
  const [pages, setPages] = useState<FacebookPage[] | null>(null);
  /** The fields found empty by the last Test Connection or Connect, marked until filled. */
  const [missing, setMissing] = useState<ReadonlySet<string>>(() => new Set());
  // Counts edits, so a test answer for values that have since changed is dropped.
  const revision = useRef(0);
  const authenticate = useAuthenticateSocialAccount();
  const facebookPages = useFacebookPages();
  const save = useSaveSocialAccount();

  function setValue(field: string, value: string) {
    revision.current += 1;
    setValues((current) => ({ ...current, [field]: value }));
    setTest(UNTESTED);
    if (value.trim() !== '' && missing.has(field)) {
      setMissing((current) => new Set([...current].filter((name) => name !== field)));
    }
  }

  /**
   * Spec §5: a blank field stops the call before it is made, with its toast. Each blank
   * field is also marked where it is (aria-invalid and a message under it), and the first
   * one takes the focus, so the person sees which ones.
   */
  function requireBody(result: ConnectionBodyResult): ConnectionBody | null {
    if (result.isValid) {
      setMissing(new Set());
      return result.body;
    }
    setMissing(new Set(result.missing));
    const [first] = result.missing;
    if (first !== undefined) document.getElementById(credentialFieldId(network, first))?.focus();
    toast.error(CONNECTION_MESSAGES.missingCredentials, { id: 'missing-credentials' });
    return null;
  }

  function testConnection() {
    const body = requireBody(buildConnectionBody(network, companyId, values));
    if (body === null) return;
    const startedAt = revision.current;
    const isCurrent = () => startedAt === revision.current;
    authenticate.mutate(body, {
      onSuccess: () => {
        if (!isCurrent()) return;
        setTest({ status: 'success' });
        toast.success(CONNECTION_MESSAGES.verified(name));
      },
      onError: (error) => {
        if (!isCurrent()) return;
        const message = getErrorMessage(error, CONNECTION_MESSAGES.testFailedFallback);
        setTest({ status: 'error', message });
        toastApiError(error, CONNECTION_MESSAGES.testFailedFallback);
      },
    });
  }

  function loadPages() {
    const body = requireBody(buildPageListBody(companyId, values));
    if (body === null) return;
    facebookPages.mutate(body, {
      onSuccess: (list) => {
        setPages(list);
        const pageId = values.pageId ?? '';
        const chosen = choosePage(list, pageId);
        if (chosen !== pageId) setValue('pageId', chosen);
        if (list.length > 0) toast.success(CONNECTION_MESSAGES.pagesFetched);
      },
      onError: (error) => {
        toastApiError(error, `${CONNECTION_FAILURE_PREFIX.facebook}Unknown error`);
      },
    });
  }

  // mutateAsync, not mutate's callbacks: the save updates the company list at once, which swaps
  // this form for the connected view, and callbacks of an unmounted form would never run.
  async function connect() {
    const body = requireBody(buildConnectionBody(network, companyId, values));
    if (body === null) return;
    try {
      await save.mutateAsync(body);
    } catch (error) {
      const serverMessage = error instanceof ApiRequestError ? error.serverMessage : null;
      toastFailure(
        error,
        serverMessage === null
          ? CONNECTION_MESSAGES.connectFailed(name)
          : CONNECTION_MESSAGES.connectError(name, serverMessage),
      );
      return;
    }
    toast.success(CONNECTION_MESSAGES.connected(name));
    onConnected();
  }

  return {
    values,
    setValue,
    missing,
    test,
    isTesting: authenticate.isPending,
    testConnection,
    pages,
    isLoadingPages: facebookPages.isPending,
    loadPages,
    isConnecting: save.isPending,
    connect,
  };
}
