/**
 * The one place a choice between dialects is written as a table: every dialect must be named, so
 * adding one to `Dialect` makes the compiler list each choice that has no answer for it yet.
 * Choices are thunks, so only the chosen dialect's SQL is built.
 */
import type { Dialect } from "../fields/types";

export function perDialect<T>(d: Dialect, choices: { readonly [K in Dialect]: () => T }): T {
  return choices[d]();
}
