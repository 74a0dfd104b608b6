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
  contactThanks: 'Thank you for contacting us. We will get back to you shortly!',
  contactFailed: 'Failed to send message. Please try again.',
  loading: 'Baking something good...',
  categoryFailed: 'Category not found or failed to load',
  productNotFound: 'Product not found',
  noImage: 'No Image Available',
  noFaqs: 'No FAQs available for this product.',
  noIngredients: 'Ingredients not available.',
  noAllergens: 'Allergen information not available.',
  notAvailable: 'N/A',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
} as const;
