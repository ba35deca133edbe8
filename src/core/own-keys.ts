// Objects keyed by names from rules or JSON. A name is any text the author chose, so `__proto__`,
// `constructor` or `toString` must read and write like any other: reads look at own properties only,
// and writes define a property rather than assign one (assigning `__proto__` would set the prototype).

/** The value stored under `key` itself, never one inherited from `Object.prototype`. */
export function ownGet<T>(obj: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Stores `value` under `key` as an own property, whatever the key. */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** An empty map-like object with no prototype, so no name is taken before the author uses it. */
export function nameMap<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
