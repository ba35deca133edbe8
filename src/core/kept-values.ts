// Values made once and kept: per program or per parsed tree, weakly, for as long as that lives; or by
// a key made from strangers' text, bounded, the oldest going first, since an editor's worker, the
// language server and a fuzzing child read one text after another for hours.

/**
 * The value kept in `map` for `key`, made by `make(key)` the first time. On a hot path, pass a function
 * made once (`keptIn(copierOf, e, copierFor)`), not a new closure per call.
 */
export function keptIn<K extends object, V>(map: WeakMap<K, V>, key: K, make: (key: K) => V): V;
export function keptIn<K, V>(map: Map<K, V>, key: K, make: (key: K) => V): V;
export function keptIn<K extends object, V>(map: Map<K, V> | WeakMap<K, V>, key: K, make: (key: K) => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make(key);
    map.set(key, value);
  }
  return value;
}

/** Keeps `value` as the newest entry of `map` under `key`, dropping the oldest first while `max` or more others are kept. */
export function keepNewest<K, V>(map: Map<K, V>, max: number, key: K, value: V): V {
  map.delete(key);
  while (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}
