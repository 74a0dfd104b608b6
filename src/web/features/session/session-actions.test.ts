import { describe, expect, it } from 'vitest';
import { afterLoginPath, afterRegistrationPath, welcomeName, welcomeState } from './session-actions';

describe('where signing in and signing up lead', () => {
  it('returns a login to the page that sent the shopper, else /shop', () => {
    expect(afterLoginPath({ from: '/orders/12' })).toBe('/orders/12');
    expect(afterLoginPath({ from: '//evil.example' })).toBe('/shop');
    expect(afterLoginPath({ from: '/register' })).toBe('/shop');
    expect(afterLoginPath(null)).toBe('/shop');
  });

  it('returns a new account to the checkout that sent it, and anywhere else to /shop', () => {
    expect(afterRegistrationPath({ from: '/checkout' })).toBe('/checkout');
    expect(afterRegistrationPath({ from: '/checkout/payment' })).toBe('/checkout/payment');
    expect(afterRegistrationPath({ from: '/profile' })).toBe('/shop');
    expect(afterRegistrationPath({ from: '/checkoutx' })).toBe('/shop');
    expect(afterRegistrationPath({ from: 'https://evil.example/checkout' })).toBe('/shop');
    expect(afterRegistrationPath(undefined)).toBe('/shop');
  });

  it('carries the first name to welcome, and nothing else', () => {
    expect(welcomeName(welcomeState('Ada'))).toBe('Ada');
    expect(welcomeName({ welcome: '  ' })).toBeNull();
    expect(welcomeName({ welcome: 7 })).toBeNull();
    expect(welcomeName({ from: '/checkout' })).toBeNull();
    expect(welcomeName(null)).toBeNull();
  });
});
