/**
 * What a service throws when a rule of the shop refuses a request. The message is written for the person
 * who sent it and goes out word for word; the kind says what went wrong in the shop's terms, and the
 * HTTP layer alone (server/http/errors.ts) turns each kind into a status. Services know no HTTP.
 */

export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment-required'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-type'
  | 'too-many-requests'
  | 'unavailable';

/** A refusal whose message is safe, and meant, to show the caller. */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request breaks a rule about what it says (a bad value, a link that does not work). */
export class InvalidError extends DomainError {
  readonly kind = 'invalid';
}

/** Who is asking is not known: wrong credentials, a sign-in that did not prove anyone. */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
}

/** The money is not there yet, or not as it should be: the payment must be made (again). */
export class PaymentRequiredError extends DomainError {
  readonly kind = 'payment-required';
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** There is no such thing, or none the caller may see (which must look the same). */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

/** The thing exists, but its state (or another's) does not allow this now. */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** What was sent is bigger than the shop takes (an image's bytes or pixels). */
export class TooLargeError extends DomainError {
  readonly kind = 'too-large';
}

/** What was sent is not a kind of content the shop takes (an image that is not JPEG, PNG or WebP). */
export class UnsupportedTypeError extends DomainError {
  readonly kind = 'unsupported-type';
}

/** The caller has asked too often lately; later it will work again. */
export class TooManyRequestsError extends DomainError {
  readonly kind = 'too-many-requests';
}

/** Something the shop depends on cannot answer right now; trying again later may work. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
}

/**
 * How a refused payment reads to the payment page (decision 0045), beside its message: the page
 * acts on this, never on the message's words.
 */
export type PaymentRefusalType = 'declined' | 'expired' | 'retry';

/** The checkout was open too long (decision 0022): nothing is charged; the cart is priced again. */
export class PaymentExpiredError extends ConflictError {
  readonly refusal: PaymentRefusalType = 'expired';
}

/**
 * Nothing was charged and the payment cannot go ahead as it is (units it could not hold sold
 * meanwhile, or it can no longer be confirmed): the shopper reviews the cart and pays again.
 */
export class PaymentRetryError extends ConflictError {
  readonly refusal: PaymentRefusalType = 'retry';
}
