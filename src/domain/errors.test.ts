import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  PaymentRequiredError,
  TooLargeError,
  TooManyRequestsError,
  UnauthenticatedError,
  UnavailableError,
  UnsupportedTypeError,
} from './errors.js';

describe('domain errors', () => {
  it.each([
    [InvalidError, 'invalid'],
    [UnauthenticatedError, 'unauthenticated'],
    [PaymentRequiredError, 'payment-required'],
    [ForbiddenError, 'forbidden'],
    [NotFoundError, 'not-found'],
    [ConflictError, 'conflict'],
    [TooLargeError, 'too-large'],
    [UnsupportedTypeError, 'unsupported-type'],
    [TooManyRequestsError, 'too-many-requests'],
    [UnavailableError, 'unavailable'],
  ] as const)('%o has the kind %s, its own name and the message as given', (Kind, kind) => {
    const error = new Kind('Order not found');
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe(kind);
    expect(error.name).toBe(Kind.name);
    expect(error.message).toBe('Order not found');
    expect(error.stack).toBeTypeOf('string');
  });

  it('keeps the kind and the name of the class a module extends them into', () => {
    class CardDeclined extends PaymentRequiredError {}
    const error = new CardDeclined('Your card was declined.');
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error.kind).toBe('payment-required');
    expect(error.name).toBe('CardDeclined');
  });
});
