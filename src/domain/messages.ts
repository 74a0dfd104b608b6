/**
 * User-facing texts that both the browser and the server show, word for word as SPEC §8 gives them.
 * Kept free of dependencies so the browser can import them without pulling in schema code.
 */
export const messages = {
  emailRequired: 'Email is required!',
  invalidEmail: 'Please enter a valid email address.',
  newsletterFailed: 'Failed to subscribe. Try again!',
  newsletterThanks: 'Thanks for subscribing! Fresh snack news is on its way.',
  requestFailed: 'Request failed',
  reviewsFailed: 'Unable to load reviews at this time.',
} as const;
