/**
 * The checkout and order texts, word for word. (Shared with the server they
 * would belong in domain/messages.ts; these are shown by the pages only.)
 */
export const checkoutTexts = {
  expressCheckout: 'Express Checkout',
  emptyCart: 'Your cart is empty',
  calculating: 'Calculating...',
  proceedToPayment: 'Proceed to Payment',
  shippingInfoMissing: 'Shipping information is missing. Please fill out your shipping details again.',
  paymentFailed: 'Payment failed. Please try again.',
  stripeNotInitialized: 'Stripe has not been initialized.',
  testMode: 'Test mode — no real card is charged',
  thankYou: 'Thank You for Your Order!',
  noOrderDetails: 'No order details available. Please complete your purchase.',
  backToShop: 'Back to Shop',
  shopNow: 'Shop Now',
} as const;

export const orderTexts = {
  fetchDetailsFailed: (message: string) => `Error fetching order details: ${message}`,
  noOrderFound: 'No order details found.',
  updateAddressFailed: 'Failed to update shipping address',
  cancelFailed: 'Failed to cancel the order. Please try again.',
  confirmCancellation: 'Confirm Cancellation',
  confirmCancellationQuestion: 'Are you sure you want to cancel the order?',
} as const;

export const trackTexts = {
  heading: 'Where is my Snack?',
  trackOrder: 'Track Order',
  enterOrderNumber: 'Please enter an order number.',
  logInToTrack: 'Please log in to track your order.',
  invalidOrderNumber: 'Invalid order number. Please try again.',
  notYourOrder: 'Order number not associated with your account.',
} as const;
