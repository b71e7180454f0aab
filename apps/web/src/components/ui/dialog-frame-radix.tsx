import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn';

type DialogSize = 'md' | 'lg' | 'xl' | '2xl';

const SIZES: Record<DialogSize, string> = {
  md: 'max-w-md',
  lg: 'max-w-lg',
  xl: 'max-w-2xl',
  /** A form beside its live preview. */
  '2xl': 'max-w-5xl',
};

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Keep the dialog open on a click outside it (Escape, Cancel and × still close it). */
  isModalStrict?: boolean;
  /** The widest the dialog grows (default md); forms with many fields want more room. */
  size?: DialogSize;
  children: ReactNode;
  /** The dialog's box while it is open (the draft guard listens on it for typing). */
  contentRef?: Ref<HTMLDivElement>;
}

/**
 * The modal itself: overlay, box, title, description and ×; `Dialog` adds the draft guard.
 * Loaded by `DialogFrame` (dialog-frame.tsx) on first open or when the page is idle.
 */
export function RadixDialogFrame({
  open,
  onOpenChange,
  title,
  description,
  isModalStrict = false,
  size = 'md',
  children,
  contentRef,
}: DialogFrameProps) {
  // Radix returns focus to its own Trigger; our dialogs are opened by ordinary buttons (a
  // table row, a card), so the element focused when the dialog opened gets it back instead.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        {/* The overlay also scrolls, so a tall dialog stays usable on a short phone screen. Its
            one column is the screen's width, so no wide content (a long status badge) can make
            the dialog wider than the screen. */}
        <RadixDialog.Overlay className="fixed inset-0 z-50 grid animate-fade-in grid-cols-[minmax(0,1fr)] place-items-center overflow-y-auto bg-gray-950/50 p-4 backdrop-blur-[2px] sm:p-6">
          <RadixDialog.Content
            ref={contentRef}
            className={cn(
              'relative w-full animate-dialog-in rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-gray-900/5 focus:outline-none sm:p-7',
              SIZES[size],
            )}
            // Without a description Radix must be told there is none, else it warns.
            {...(description === undefined ? { 'aria-describedby': undefined } : {})}
            onPointerDownOutside={isModalStrict ? (event) => event.preventDefault() : undefined}
            onOpenAutoFocus={() => {
              // Runs before focus moves in: the active element is still the opener.
              opener.current =
                document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              const target = opener.current;
              opener.current = null;
              if (target?.isConnected) {
                event.preventDefault();
                target.focus();
              }
            }}
          >
            <RadixDialog.Title className="pr-8 text-lg font-semibold tracking-tight text-gray-900">
              {title}
            </RadixDialog.Title>
            {description !== undefined && (
              <RadixDialog.Description className="mt-1.5 text-sm leading-6 text-gray-600">
                {description}
              </RadixDialog.Description>
            )}
            <div className="mt-5">{children}</div>
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-4 right-4 rounded-md p-1.5 text-gray-400 transition-colors hover:bg-gray-100 hover:text-gray-600"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
