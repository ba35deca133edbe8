// Appending one array to another without `push(...items)`: a spread passes every item as an argument,
// and past about 100,000 of them (the declarations of a large file, its diagnostics, a long list of
// scripted choices) V8 throws "Maximum call stack size exceeded".

/** Adds `items` to the end of `to`, however many there are. */
export function pushAll<T>(to: T[], items: Iterable<T>): void {
  for (const item of items) to.push(item);
}
