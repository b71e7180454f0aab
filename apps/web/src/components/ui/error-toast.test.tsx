// @vitest-environment jsdom
import { StrictMode, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api-error';
import { render as renderTree, type Rendered } from '../../test/render';
import type { QueryFailureState } from './error-toast';
import { useQueryErrorToast } from './error-toast';

const MESSAGE = 'Failed to load users';
const loading: QueryFailureState = { isError: false, error: null, errorUpdatedAt: 0 };
const failedAt = (at: number, error: unknown = new Error('offline')): QueryFailureState => ({
  isError: true,
  error,
  errorUpdatedAt: at,
});

function Probe(props: {
  query: QueryFailureState;
  isEnabled?: boolean;
  onToast?: () => void;
  renders?: number;
}) {
  useQueryErrorToast(props.query, MESSAGE, {
    id: 'users-failed',
    ...(props.isEnabled === undefined ? {} : { isEnabled: props.isEnabled }),
    ...(props.onToast === undefined ? {} : { onToast: props.onToast }),
  });
  return <p>{props.renders ?? 0}</p>;
}

describe('useQueryErrorToast', () => {
  let tree: Rendered | undefined;
  let toastError: ReturnType<typeof vi.spyOn>;
  /** The first call renders, later ones render again into the same root (new props). */
  const render = (element: ReactNode) => {
    if (tree === undefined) tree = renderTree(element);
    else tree.rerender(element);
  };

  beforeEach(() => {
    toastError = vi.spyOn(toast, 'error').mockReturnValue('toast');
  });
  afterEach(() => {
    tree?.unmount();
    tree = undefined;
  });

  it('toasts nothing while the query loads or has loaded', () => {
    render(<Probe query={loading} />);
    render(<Probe query={{ ...loading, error: null }} renders={1} />);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('toasts once per failure, not on every render', () => {
    render(<Probe query={loading} />);
    const failure = failedAt(1000);
    render(<Probe query={failure} />);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(MESSAGE, { id: 'users-failed' });
    // Re-renders of the same failure (a fresh result object each time, as TanStack gives).
    for (let renders = 1; renders <= 5; renders++)
      render(<Probe query={{ ...failure }} renders={renders} onToast={() => {}} />);
    expect(toastError).toHaveBeenCalledTimes(1);
    // A refetch that fails again is a new failure, said again.
    render(<Probe query={failedAt(2000)} />);
    expect(toastError).toHaveBeenCalledTimes(2);
  });

  it("toasts once under React's development double effects", () => {
    render(
      <StrictMode>
        <Probe query={failedAt(1000)} />
      </StrictMode>,
    );
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('leaves a failure to its other message when not enabled, and calls onToast after one', () => {
    const onToast = vi.fn();
    render(<Probe query={failedAt(1000)} isEnabled={false} onToast={onToast} />);
    expect(toastError).not.toHaveBeenCalled();
    expect(onToast).not.toHaveBeenCalled();
    render(<Probe query={failedAt(2000)} onToast={onToast} />);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(onToast).toHaveBeenCalledTimes(1);
  });

  it('adds no toast to a signed-out 401, which has its own', () => {
    const signedOut = new ApiRequestError(401, 'Not authenticated', { endedSession: true });
    render(<Probe query={failedAt(1000, signedOut)} />);
    expect(toastError).not.toHaveBeenCalled();
  });
});
