import { RotateCcw } from 'lucide-react';

interface UndoRewriteProps {
  /** The helper that rewrote the text, e.g. 'Add Entity Details'. */
  by: string;
  onUndo: () => void;
}

/**
 * Beside a field an AI helper just rewrote: says so, with Undo to put the customer's own
 * text back. In the form itself (not a toast), so it is in reach inside a dialog, by
 * pointer, keyboard and screen reader alike.
 */
export function UndoRewrite({ by, onUndo }: UndoRewriteProps) {
  return (
    <p role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-600">
      <span>{by} replaced your text.</span>
      <button
        type="button"
        onClick={onUndo}
        className="inline-flex min-h-6 items-center gap-1 rounded px-1 font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <RotateCcw className="size-3.5" aria-hidden="true" />
        Undo
      </button>
    </p>
  );
}
