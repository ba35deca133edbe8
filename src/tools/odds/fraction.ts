// Exact probabilities: fractions of BigInts, always in lowest terms with a positive denominator.

/** A probability as an exact fraction in lowest terms. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

export const ZERO: Fraction = { num: 0n, den: 1n };
export const ONE: Fraction = { num: 1n, den: 1n };

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function reduced(num: bigint, den: bigint): Fraction {
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den);
  return g === 1n || g === 0n ? { num, den } : { num: num / g, den: den / g };
}

export function addFraction(a: Fraction, b: Fraction): Fraction {
  if (a.den === b.den) return reduced(a.num + b.num, a.den);
  return reduced(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function subFraction(a: Fraction, b: Fraction): Fraction {
  return addFraction(a, { num: -b.num, den: b.den });
}

export function mulFraction(a: Fraction, b: Fraction): Fraction {
  return reduced(a.num * b.num, a.den * b.den);
}

export function divFraction(a: Fraction, b: Fraction): Fraction {
  return reduced(a.num * b.den, a.den * b.num);
}

export function compareFractions(a: Fraction, b: Fraction): number {
  const d = a.num * b.den - b.num * a.den;
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

/** The nearest double, also for numerators and denominators past what a double holds. */
export function toNumber(f: Fraction): number {
  const shift = BigInt(Math.max(0, f.den.toString(2).length - f.num.toString(2).length + 64));
  return Number((f.num << shift) / f.den) / 2 ** Number(shift);
}

/** Bits in the larger of numerator and denominator: how big exact arithmetic has grown. */
export function bits(f: Fraction): number {
  return Math.max(f.num.toString(16).length, f.den.toString(16).length) * 4;
}

/** A fraction as a percentage with `digits` decimals, computed exactly (rounded half up). */
export function percent(p: Fraction, digits = 2): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (p.num * 100n * scale * 2n + p.den) / (2n * p.den);
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(digits, "0");
  return digits > 0 ? `${whole}.${frac}%` : `${whole}%`;
}

/** A double as a fraction over 10^15 in lowest terms: how doubles are given where a fraction is expected. */
export function fromNumber(x: number): Fraction {
  return reduced(BigInt(Math.round(x * 1e15)), 10n ** 15n);
}
