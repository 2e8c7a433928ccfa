import { Struct, type Context } from 'superstruct';

/**
 * superstruct's `coerce`, with its condition tested without an exception. superstruct tests a coercion's condition
 * with `is()`, which builds a `StructError` (an Error, with its stack trace) whenever the value does not meet it: for
 * the usual value, which needs no coercion (a number where a string would be coerced, anything but '' where blank
 * means missing). A place order body built about a dozen of them, 160–170 µs of server CPU a body (decision 074).
 * Conditions are what a value looks like before coercion: primitives, literals and unions of them (a union tests its
 * members, fields and all); a condition with fields of its own is tested the slow way, and none is refined.
 */
export function coerce<T, S, C>(struct: Struct<T, S>, condition: Struct<C, unknown>, coercer: (value: C, context: Context) => unknown): Struct<T, S> {
  return new Struct({
    ...struct,
    coercer: (value, context) => struct.coercer(meets(value, condition) ? coercer(value, context) : value, context),
  });
}

/** `is(value, condition)` without building an error: the condition's own check, then its fields if it has any. */
export function meets<C>(value: unknown, condition: Struct<C, unknown>): value is C {
  const context: Context = { branch: [value], path: [] };
  for (const failure of condition.validator(value, context)) return !failure;
  for (const entry of condition.entries(value, context)) return !!entry && condition.is(value);
  return true;
}
