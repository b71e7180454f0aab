/**
 * Many accounts on one network fake (the benchmarks connect 1,000): account n's credential is
 * the fake's own with `~n` appended (n >= 1), so each connection has credentials of its own
 * and the fake can tell whose post it received. Account 0 is the fake's own account.
 */
export const accountCredential = (base: string, n: number) => (n === 0 ? base : `${base}~${n}`);

/** The account a credential names: 0 for the fake's own, n for `base~n`, else undefined. */
export function accountOf(value: string | null | undefined, base: string): number | undefined {
  if (value === base) return 0;
  if (!value?.startsWith(`${base}~`)) return undefined;
  const n = Number(value.slice(base.length + 1));
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Account n's numeric id, derived from the fake's own (which account 0 keeps). */
export const numericIdOf = (base: string, n: number) =>
  n === 0 ? base : String(BigInt(base) + BigInt(n) * 1_000_000n);

/** A time drawn uniformly from [min, max] ms (a media container's processing time). */
export const drawMs = ([min, max]: readonly [number, number]) => min + Math.random() * (max - min);
