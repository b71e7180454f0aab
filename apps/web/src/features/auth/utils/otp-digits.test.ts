import { describe, expect, it } from 'vitest';
import {
  applyBackspace,
  applyDigitKey,
  applyInputValue,
  applyPastedText,
  createEmptyDigits,
  isCodeComplete,
  isSingleDigit,
  joinDigits,
} from './otp-digits';

const empty = () => createEmptyDigits(6);

describe('createEmptyDigits', () => {
  it('makes six empty boxes by default', () => {
    expect(createEmptyDigits()).toEqual(['', '', '', '', '', '']);
  });
});

describe('isSingleDigit', () => {
  it('accepts exactly one digit', () => {
    expect(isSingleDigit('7')).toBe(true);
    expect(isSingleDigit('')).toBe(false);
    expect(isSingleDigit('12')).toBe(false);
    expect(isSingleDigit('a')).toBe(false);
    expect(isSingleDigit('٣')).toBe(false);
  });
});

describe('applyDigitKey', () => {
  it('fills the box and moves focus to the next one', () => {
    expect(applyDigitKey(empty(), 0, '4')).toEqual({
      digits: ['4', '', '', '', '', ''],
      focusIndex: 1,
    });
  });

  it('keeps focus on the last box after the final digit', () => {
    const change = applyDigitKey(['1', '2', '3', '4', '5', ''], 5, '6');
    expect(change).toEqual({ digits: ['1', '2', '3', '4', '5', '6'], focusIndex: 5 });
  });

  it('replaces a digit already in the box', () => {
    expect(applyDigitKey(['1', '2', '', '', '', ''], 1, '9')?.digits).toEqual([
      '1',
      '9',
      '',
      '',
      '',
      '',
    ]);
  });

  it('refuses letters, symbols and several characters', () => {
    expect(applyDigitKey(empty(), 0, 'a')).toBeNull();
    expect(applyDigitKey(empty(), 0, '-')).toBeNull();
    expect(applyDigitKey(empty(), 0, '12')).toBeNull();
    expect(applyDigitKey(empty(), 0, 'Enter')).toBeNull();
  });

  it('refuses a box outside the code', () => {
    expect(applyDigitKey(empty(), 6, '1')).toBeNull();
    expect(applyDigitKey(empty(), -1, '1')).toBeNull();
  });

  it('does not change the boxes it was given', () => {
    const digits = empty();
    applyDigitKey(digits, 0, '1');
    expect(digits).toEqual(empty());
  });
});

describe('applyBackspace', () => {
  it('clears a filled box and moves focus back', () => {
    expect(applyBackspace(['1', '2', '3', '', '', ''], 2)).toEqual({
      digits: ['1', '2', '', '', '', ''],
      focusIndex: 1,
    });
  });

  it('on an empty box clears the previous box and focuses it', () => {
    expect(applyBackspace(['1', '2', '', '', '', ''], 2)).toEqual({
      digits: ['1', '', '', '', '', ''],
      focusIndex: 1,
    });
  });

  it('clears the first box and stays on it', () => {
    expect(applyBackspace(['1', '', '', '', '', ''], 0)).toEqual({
      digits: empty(),
      focusIndex: 0,
    });
  });

  it('does nothing on an empty first box', () => {
    expect(applyBackspace(empty(), 0)).toBeNull();
  });
});

describe('applyPastedText', () => {
  it('fills all six boxes from a full code pasted into the first box', () => {
    expect(applyPastedText(empty(), 0, '123456')).toEqual({
      digits: ['1', '2', '3', '4', '5', '6'],
      focusIndex: 5,
    });
  });

  it('fills all six boxes from a full code pasted into any other box', () => {
    expect(applyPastedText(['9', '9', '', '', '', ''], 3, '654321')?.digits).toEqual([
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
  });

  it('skips spaces, dashes and surrounding text', () => {
    expect(applyPastedText(empty(), 0, ' Your code: 123-456 ')?.digits).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
  });

  it('keeps only the first six digits of a longer paste', () => {
    expect(joinDigits(applyPastedText(empty(), 0, '12345678')?.digits ?? [])).toBe('123456');
  });

  it('fills from the pasted box on when the paste is shorter than a code', () => {
    expect(applyPastedText(['1', '', '', '', '', ''], 1, '23')).toEqual({
      digits: ['1', '2', '3', '', '', ''],
      focusIndex: 3,
    });
  });

  it('stops at the last box', () => {
    expect(applyPastedText(empty(), 4, '789')).toEqual({
      digits: ['', '', '', '', '7', '8'],
      focusIndex: 5,
    });
  });

  it('refuses text without digits', () => {
    expect(applyPastedText(empty(), 0, 'abcdef')).toBeNull();
    expect(applyPastedText(empty(), 0, '')).toBeNull();
  });
});

describe('applyInputValue', () => {
  it('treats one digit like typing it', () => {
    expect(applyInputValue(empty(), 0, '3')).toEqual({
      digits: ['3', '', '', '', '', ''],
      focusIndex: 1,
    });
  });

  it('clearing a box moves focus to the previous box', () => {
    expect(applyInputValue(['1', '2', '3', '', '', ''], 2, '')).toEqual({
      digits: ['1', '2', '', '', '', ''],
      focusIndex: 1,
    });
  });

  it('refuses a value without digits', () => {
    expect(applyInputValue(empty(), 0, 'x')).toBeNull();
  });

  it('takes the new digit typed into a filled box', () => {
    expect(applyInputValue(['1', '', '', '', '', ''], 0, '17')?.digits[0]).toBe('7');
    expect(applyInputValue(['1', '', '', '', '', ''], 0, '71')?.digits[0]).toBe('7');
  });

  it('spreads an autofilled code over all boxes', () => {
    expect(joinDigits(applyInputValue(empty(), 0, '246810')?.digits ?? [])).toBe('246810');
  });
});

describe('isCodeComplete and joinDigits', () => {
  it('is complete only when every box holds a digit', () => {
    expect(isCodeComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
    expect(isCodeComplete(['1', '2', '3', '4', '5', ''])).toBe(false);
    expect(isCodeComplete([])).toBe(false);
  });

  it('joins the boxes into the code', () => {
    expect(joinDigits(['0', '0', '1', '2', '3', '4'])).toBe('001234');
  });
});
