// The building blocks of the contract's requests whose published form must say exactly what the
// server checks: a JSON Schema keyword and the zod rule that refuses come from one call here.
import { z } from 'zod';

/** The furthest a list is paged by offset. */
export const MAX_OFFSET = 1_000_000;

/**
 * An integer query parameter written in decimal digits (an optional leading '-', so that a negative
 * one is refused by its minimum with a clear message), within min..max, `fallback` when absent.
 * Not z.coerce.number(): it would take '' and ' 5' and '1e3', and would publish the parameter as
 * nullable (the generator sees Number(null) = 0 pass) although a query never carries a null.
 */
export const queryInteger = (min: number, max: number, fallback: number) =>
  z
    .preprocess((value) => (typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value), z.number().int().min(min).max(max))
    .default(fallback);

/**
 * The body of a partial update: any of the given fields, at least one, and no other (a misspelt
 * field would otherwise be dropped and leave nothing to update). Published as
 * `additionalProperties: false` and `minProperties: 1`, the two rules it refuses by.
 */
export const updateBody = <T extends z.ZodRawShape>(shape: T) =>
  z
    .strictObject(shape)
    .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Nothing to update' })
    .meta({ minProperties: 1 });
