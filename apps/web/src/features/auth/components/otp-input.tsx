import type { ClipboardEvent, KeyboardEvent } from 'react';
import { useRef } from 'react';
import { cn } from '../../../lib/cn';
import type { OtpChange } from '../utils/otp-digits';
import {
  applyBackspace,
  applyDigitKey,
  applyInputValue,
  applyPastedText,
} from '../utils/otp-digits';

interface OtpInputProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  isDisabled?: boolean;
}

/** One box per digit of the code; the rules for typing, deleting and pasting live in otp-digits. */
export function OtpInput({ digits, onChange, isDisabled = false }: OtpInputProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  function focusBox(index: number) {
    const box = boxes.current[index];
    box?.focus();
    box?.select();
  }

  function apply(change: OtpChange | null) {
    if (change === null) return;
    onChange(change.digits);
    focusBox(change.focusIndex);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(applyBackspace(digits, index));
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(Math.max(0, index - 1));
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(digits.length - 1, index + 1));
    } else if (event.key.length === 1) {
      // Printable keys: a digit fills the box (even a full one), anything else is refused.
      event.preventDefault();
      apply(applyDigitKey(digits, index, event.key));
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>, index: number) {
    event.preventDefault();
    apply(applyPastedText(digits, index, event.clipboardData.getData('text')));
  }

  return (
    <div role="group" aria-label="Verification code" className="grid grid-cols-6 gap-2 sm:gap-3">
      {digits.map((digit, index) => (
        <input
          // The boxes are a fixed row: the position is the identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={1}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1}`}
          value={digit}
          disabled={isDisabled}
          onChange={(event) => apply(applyInputValue(digits, index, event.target.value))}
          onKeyDown={(event) => handleKeyDown(event, index)}
          onPaste={(event) => handlePaste(event, index)}
          onFocus={(event) => event.target.select()}
          className={cn(
            'h-12 w-full min-w-0 rounded-lg border bg-white text-center text-xl font-semibold text-gray-900 tabular-nums shadow-xs transition-colors sm:h-14 sm:text-2xl',
            'caret-brand-600 focus:border-brand-500 focus:ring-3 focus:ring-brand-500/20 focus:outline-none',
            'disabled:bg-gray-50 disabled:text-gray-500',
            digit === '' ? 'border-gray-300' : 'border-gray-400',
          )}
        />
      ))}
    </div>
  );
}
