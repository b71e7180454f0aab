import { describe, expect, it } from 'vitest';
import { escapeHtml, MAIL_NAME_MAX_LENGTH, plainName } from './mail-text.js';

describe('plainName', () => {
  it('keeps ordinary names as typed', () => {
    expect(plainName('Ada Lovelace')).toBe('Ada Lovelace');
    expect(plainName("Seán O'Brien-Ó Dálaigh")).toBe("Seán O'Brien-Ó Dálaigh");
    expect(plainName('山田 太郎')).toBe('山田 太郎');
  });

  it('leaves nothing a mail client could turn into a link', () => {
    const name = plainName('Win at evil.example/claim or mail me@evil.example <b>now</b>');
    expect(name).toBe('Win at evil example claim or mail me evil example b now b');
    expect(plainName('https://x.test')).toBe('https x test');
  });

  it('cuts to 60 characters without splitting a character', () => {
    expect(plainName('a'.repeat(100))).toHaveLength(MAIL_NAME_MAX_LENGTH);
    // A letter outside the basic plane is two UTF-16 units: counted and kept whole.
    const astral = plainName('𐐀'.repeat(70));
    expect([...astral]).toHaveLength(MAIL_NAME_MAX_LENGTH);
    expect(astral).toBe('𐐀'.repeat(MAIL_NAME_MAX_LENGTH));
  });

  it("greets 'there' when no letter is left", () => {
    expect(plainName('<>://..')).toBe('there');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;',
    );
  });
});
