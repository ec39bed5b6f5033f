/** Replaces every string leaf of a message tree with `string`: the shape other languages must match. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/**
 * A feature's texts in the three languages, next to the feature's code. The
 * compiler refuses an English or Chinese tree that lacks a Spanish key.
 */
export function defineMessages<const T extends object>(m: { es: T; en: DeepStrings<T>; zh: DeepStrings<T> }): typeof m {
  return m;
}
