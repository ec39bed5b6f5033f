/** Replaces every string leaf of a message tree with `string`: the shape other languages must match. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/**
 * A language's features, each under its name (`goods`, `tables`…), each a
 * tree of the top-level keys that feature owns (`{ goods: {…} }`).
 */
export type FeatureTexts = Record<string, object>;

/** Another language's features: the same features as the Spanish ones, each with every Spanish key (and no other). */
export type TranslationOf<F extends FeatureTexts> = { [K in keyof F]: DeepStrings<F[K]> };

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The one tree i18next receives for a language: every feature's top-level keys side by side. */
export type MergedTexts<F extends FeatureTexts> = UnionToIntersection<F[keyof F]>;

/**
 * Puts every feature's top-level keys into one tree. Two features claiming the
 * same top-level key would silently hide one another's texts, so that throws
 * when the language is put together (at start for Spanish, in every test).
 */
export function mergeTexts<F extends FeatureTexts>(features: F): MergedTexts<F> {
  const tree: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const [feature, texts] of Object.entries(features)) {
    for (const [key, value] of Object.entries(texts)) {
      const taken = owner.get(key);
      if (taken !== undefined) throw new Error(`i18n: features "${taken}" and "${feature}" both define "${key}"`);
      owner.set(key, feature);
      tree[key] = value;
    }
  }
  // The one cast of the client's texts: each part has its declared shape, the compiler just cannot follow Object.entries.
  return tree as MergedTexts<F>;
}
