/**
 * What the subscriptions API says when it refuses (docs/product.md, Subscriptions; decision 0056).
 * Apart from subscriptions.ts so the storefront's shared scripts, which need only the prices, do not
 * carry these texts.
 */

export const subscriptionMessages = {
  notFound: 'Subscription not found.',
  termsRequired:
    'Please confirm that you agree to the subscription terms: it renews automatically until you cancel.',
  canceled: 'This subscription is cancelled.',
  notActive: 'Only an active subscription can do that. Resume it first.',
  notPaused: 'This subscription is not paused.',
  alreadyCanceled: 'This subscription is already cancelled.',
  pauseInPast: 'Please choose a date after today to resume on.',
  pauseTooFar: 'A subscription can be paused for up to a year at a time.',
  nothingToChange: 'Send at least one field to change.',
  noItems: 'A subscription needs at least one product.',
  productUnavailable: 'That product cannot be subscribed to.',
  swapOutsideCategory: 'A flavour can be swapped only for another product of the same category.',
  noCard: 'This subscription has no saved card. Please update the card first.',
  nothingInStock: 'Everything in this subscription is sold out for now. We will try again tomorrow.',
  cardRequired: 'Send the new card: card (test cards) or setup_intent_id (Stripe), not both.',
  cardNotSaved: 'The new card was not saved. Please enter it again.',
  sendSetupIntent: 'This shop saves cards with Stripe: send the setup_intent_id of the confirmed card.',
  sendTestCard: 'This shop takes test cards: send card, not setup_intent_id.',
} as const;
