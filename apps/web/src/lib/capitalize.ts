/** 'marketing' → 'Marketing', for the Tone options. */
export function capitalize(word: string): string {
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}
