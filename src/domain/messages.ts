/**
 * User-facing texts that both the browser and the server show, word for word (docs/product.md,
 * Words on screen). Kept free of dependencies so the browser can import them without pulling in
 * schema code.
 */
export const messages = {
  emailRequired: 'Email is required!',
  invalidEmail: 'Please enter a valid email address.',
  newsletterFailed: 'Failed to subscribe. Try again!',
  smsNeedsPhone: 'Add a phone number before subscribing to text messages.',
  newsletterThanks: 'Thanks for subscribing! Fresh snack news is on its way.',
  // Double opt-in (decision 0042): the banner's answer is the same for every address.
  newsletterCheckInbox:
    'Almost there! Please check your inbox and follow the link we sent to confirm your subscription.',
  newsletterLinkExpired:
    'This confirmation link has expired, so nothing has changed. Please sign up again to get a new one.',
  newsletterLinkInvalid:
    'This confirmation link is not valid: it was already used or replaced by a newer one, so nothing has changed.',
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
  // Accounts (login, registration, profile)
  loggingIn: 'Logging in...',
  invalidCredentials: 'Invalid credentials',
  googleLoginFailed: 'Google login failed',
  registrationFailed: 'Registration failed',
  userNotFound: 'User not found',
  invalidServerResponse: 'Invalid response from the server',
  updateUserFailed: 'Failed to update user info',
  profileUpdated: 'Profile Updated Successfully!',
  noOrdersYet: 'Your orders will appear here',
  emailTaken: 'An account with this email already exists.',
  commonPassword: 'This password is one of the most common passwords. Please choose a less predictable one.',
  signInRequired: 'Please log in to continue.',
  forbidden: 'You do not have permission to do that.',
  saveUserFailed: 'Failed to save user data. Please try again.',
  deleteUserFailed: 'Failed to delete user. Please try again.',
  orderTooLarge:
    'This order comes to more than $50,000.00, the most we take online in one order. Please contact us for large orders.',
  // Account recovery and e-mail confirmation (decision 0021)
  forgotPasswordSent:
    'If an account exists for that email, we have sent it a link to reset your password. The link works for 1 hour.',
  resetLinkInvalid:
    'This password reset link has expired or has already been used. Please ask for a new one.',
  verifyLinkInvalid: 'This confirmation link has expired or has already been used. Please ask for a new one.',
  emailConfirmed: 'Thank you, your email is confirmed.',
  confirmEmailPrompt: 'Please confirm your e-mail',
  verificationSent: 'We have sent you a new confirmation link. Please check your inbox.',
  emailAlreadyVerified: 'Your email is already confirmed.',
  emailChangeUnavailable: 'This email cannot be used for your account. Please choose another one.',
  // Stock, expiring payments, refunds and shipping areas (decision 0022)
  paymentExpired:
    "This checkout was open for too long, so we let go of the items it held. Please review your order: we have priced it again at today's prices.",
  paymentNotConfirmable: 'This payment can no longer be confirmed.',
  provinceChangeRefused:
    'This order was taxed for its province, so it cannot be sent to another one from here. Please contact us and we will sort it out.',
  shippingChangeRefused:
    'This address ships at a different rate than the one paid for, so it cannot be changed here. Please contact us and we will sort it out.',
  refundTooLarge: 'The refund is more than what is left to refund on this order.',
  orderNotPaid: 'This order has no payment to refund.',
  // Proving it is still the owner before changing the e-mail or password (decision 0040)
  currentPasswordWrong: 'Your current password is not correct.',
  currentPasswordForEmail: 'Enter your current password to change your e-mail.',
  currentPasswordForPassword: 'Enter your current password to choose a new one.',
  googleAgainForEmail: 'Sign in with Google again to change your e-mail.',
  googleAgainForPassword: 'Sign in with Google again to set a password.',
  googleReauthStale: 'That Google sign-in is too old. Please sign in with Google again.',
  googleReauthMismatch: 'Please sign in with the Google account this account uses.',
  setPasswordFirst:
    'This account has no password yet. Use “Forgot password?” on the login page to set one, then try again.',
  fullSessionRequired: 'Sign in with your password to change this.',
  googleLinkRefused:
    'An account with this email already exists. Please log in with your password and confirm your email first; then you can sign in with Google.',
} as const;
