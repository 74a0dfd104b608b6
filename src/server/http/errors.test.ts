import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, parseOr400 } from './errors.js';

function messageOf(schema: z.ZodType, data: unknown): string {
  try {
    parseOr400(schema, data);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('expected a 400');
}

describe('parseOr400', () => {
  const schema = z.object({
    email: z.string({ message: 'Email is required!' }),
    quantity: z.number().int().min(1),
    address: z.object({ city: z.string() }),
  });

  it('keeps messages written in the schema word for word', () => {
    expect(messageOf(schema, { quantity: 1, address: { city: 'x' } })).toBe('Email is required!');
  });

  it('names the field for generic messages, nested ones included', () => {
    expect(messageOf(schema, { email: 'a', quantity: 'two', address: { city: 'x' } })).toMatch(/^quantity: /);
    expect(messageOf(schema, { email: 'a', quantity: 0, address: { city: 'x' } })).toMatch(
      /^quantity: Too small/,
    );
    expect(messageOf(schema, { email: 'a', quantity: 1, address: {} })).toMatch(/^address\.city: /);
  });

  it('returns the parsed value when valid', () => {
    expect(parseOr400(schema, { email: 'a', quantity: 2, address: { city: 'x' } })).toEqual({
      email: 'a',
      quantity: 2,
      address: { city: 'x' },
    });
  });
});
