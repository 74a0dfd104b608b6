import { describe, expect, it } from 'vitest';
import { responsiveImage } from './images.js';

describe('responsiveImage', () => {
  it('offers the half-width sibling of a sized image', () => {
    expect(responsiveImage('/images/seed/cookie-ab12-800w.webp')).toEqual({
      src: '/images/seed/cookie-ab12-800w.webp',
      srcSet: '/images/seed/cookie-ab12-400w.webp 400w, /images/seed/cookie-ab12-800w.webp 800w',
      width: 800,
    });
  });
  it('leaves other URLs alone', () => {
    expect(responsiveImage('/images/label.svg')).toEqual({ src: '/images/label.svg' });
  });
});
