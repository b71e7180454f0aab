import { OTP_LENGTH } from '@cadence/shared';

/**
 * The one-time code as one entry per box: '' for an empty box, else a single digit.
 * Every change returns new boxes plus the box that should take focus next.
 */
export interface OtpChange {
  digits: string[];
  focusIndex: number;
}

const SINGLE_DIGIT = /^\d$/;

export function createEmptyDigits(length: number = OTP_LENGTH): string[] {
  return Array.from({ length }, () => '');
}

export function isSingleDigit(value: string): boolean {
  return SINGLE_DIGIT.test(value);
}

export function isCodeComplete(digits: readonly string[]): boolean {
  return digits.length > 0 && digits.every(isSingleDigit);
}

export function joinDigits(digits: readonly string[]): string {
  return digits.join('');
}

function lastIndex(digits: readonly string[]): number {
  return Math.max(0, digits.length - 1);
}

/** A key typed into box `index`: a digit fills it and moves on; anything else is refused (null). */
export function applyDigitKey(
  digits: readonly string[],
  index: number,
  key: string,
): OtpChange | null {
  if (!isSingleDigit(key) || index < 0 || index >= digits.length) return null;
  const next = [...digits];
  next[index] = key;
  return { digits: next, focusIndex: Math.min(index + 1, lastIndex(digits)) };
}

/**
 * Backspace in box `index`: a filled box is cleared, an empty one clears the box before it;
 * either way focus moves back one box.
 */
export function applyBackspace(digits: readonly string[], index: number): OtpChange | null {
  if (index < 0 || index >= digits.length) return null;
  const next = [...digits];
  if (next[index] !== '') {
    next[index] = '';
    return { digits: next, focusIndex: Math.max(0, index - 1) };
  }
  if (index === 0) return null;
  next[index - 1] = '';
  return { digits: next, focusIndex: index - 1 };
}

/**
 * Text pasted into box `index`. A whole code (at least as many digits as there are boxes)
 * fills every box whichever box it was pasted into; a shorter run of digits fills boxes from
 * `index` on. Separators such as spaces or dashes are skipped; text without digits is refused.
 */
export function applyPastedText(
  digits: readonly string[],
  index: number,
  text: string,
): OtpChange | null {
  const pasted = text.replace(/\D/g, '');
  if (pasted === '' || index < 0 || index >= digits.length) return null;
  if (pasted.length >= digits.length) {
    return { digits: [...pasted.slice(0, digits.length)], focusIndex: lastIndex(digits) };
  }
  const next = [...digits];
  const count = Math.min(pasted.length, digits.length - index);
  for (let offset = 0; offset < count; offset += 1) {
    next[index + offset] = pasted.charAt(offset);
  }
  return { digits: next, focusIndex: Math.min(index + count, lastIndex(digits)) };
}

/**
 * The new value of box `index` as the browser reports it on input (virtual keyboards,
 * autofill, a test's fill()). Emptying the box clears it and steps back; one digit behaves
 * like typing it; several digits behave like a paste. Values without digits are refused.
 */
export function applyInputValue(
  digits: readonly string[],
  index: number,
  value: string,
): OtpChange | null {
  if (index < 0 || index >= digits.length) return null;
  if (value === '') {
    const next = [...digits];
    next[index] = '';
    return { digits: next, focusIndex: Math.max(0, index - 1) };
  }
  const typed = value.replace(/\D/g, '');
  if (typed === '') return null;
  if (typed.length === 1) return applyDigitKey(digits, index, typed);
  const previous = digits[index] ?? '';
  // A digit typed into a filled box arrives as old + new (or new + old with the caret first).
  if (typed.length === 2 && previous !== '' && typed.includes(previous)) {
    const fresh = typed.startsWith(previous) ? typed.charAt(1) : typed.charAt(0);
    return applyDigitKey(digits, index, fresh);
  }
  return applyPastedText(digits, index, typed);
}
