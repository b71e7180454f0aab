/** The longest name a mail shows (docs/decisions/104). */
export const MAIL_NAME_MAX_LENGTH = 60;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A person's name as a mail may show it: a sign-up name is anyone's text and its mail goes
 * to any address, so only letters, digits, spaces, apostrophes and hyphens stay (no dot,
 * colon, slash or @ from which a mail client could make a link), cut to 60 characters.
 * Answers 'there' ('Hi there,') when nothing is left.
 */
export function plainName(name: string): string {
  const kept = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}'’ -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = [...kept].slice(0, MAIL_NAME_MAX_LENGTH).join('').trim();
  return cut === '' ? 'there' : cut;
}
