import { array, literal, number, optional, string, type, union, type Infer, type Struct } from 'superstruct';

/** 1 success, -1 a business refusal, 2 a message to show. */
export const replyCode = union([literal(1), literal(-1), literal(2)]);

export const fieldError = type({ field: string(), message: string() });
export type FieldError = Infer<typeof fieldError>;

/** HTTP 400: the invalid fields named (the first 20; error_count then says how many there were in all). */
export const badRequestBody = type({ code: literal(0), message: string(), errors: array(fieldError), error_count: optional(number()) });
export type BadRequestBody = Infer<typeof badRequestBody>;

/** A 500 carries only a detail; other failures a message. */
export const failureBody = type({ code: optional(number()), message: optional(string()), detail: optional(string()) });

/** A reply with only a code and, maybe, a message to show; the calls that answer so name it after themselves. */
export const codeAndMessage = type({ code: replyCode, message: optional(string()) });

/** The spec's reply shape { code, message?, data? } around one data struct. */
export function envelope<T, S>(data: Struct<T, S>) {
  return type({ ...codeAndMessage.schema, data: optional(data) });
}
