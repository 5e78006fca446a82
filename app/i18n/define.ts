/** Same keys as the English catalogue, any strings. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** A catalogue: English (SPEC.md's wording) and Portuguese with exactly the same keys. */
export function defineCatalog<const T>(catalog: { en: T; pt: Widen<T> }) {
  return catalog as { en: Widen<T>; pt: Widen<T> };
}

/** Fills "{name}" placeholders. */
export function fmt(text: string, values: Record<string, string | number>) {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
