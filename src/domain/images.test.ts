import { describe, expect, it } from 'vitest';
import { responsiveImage, variantUrls } from './images.js';

describe('responsiveImage', () => {
  it('offers the half-width sibling of a sized image', () => {
    expect(responsiveImage('/images/seed/cookie-ab12-800w.webp')).toEqual({
      src: '/images/seed/cookie-ab12-800w.webp',
      srcSet: '/images/seed/cookie-ab12-400w.webp 400w, /images/seed/cookie-ab12-800w.webp 800w',
      width: 800,
    });
  });
  it('offers a two-thirds size too for an image 1200 px wide, which a phone picks for a full-width hero', () => {
    expect(responsiveImage('/images/seed/scene-hero-ab12-1200w.webp').srcSet).toBe(
      '/images/seed/scene-hero-ab12-600w.webp 600w, /images/seed/scene-hero-ab12-800w.webp 800w, ' +
        '/images/seed/scene-hero-ab12-1200w.webp 1200w',
    );
    expect(variantUrls('/images/seed/scene-hero-ab12-1200w.webp')).toEqual([
      '/images/seed/scene-hero-ab12-600w.webp',
      '/images/seed/scene-hero-ab12-800w.webp',
      '/images/seed/scene-hero-ab12-1200w.webp',
    ]);
    expect(variantUrls('/images/products/x-800w.webp')).toEqual([
      '/images/products/x-400w.webp',
      '/images/products/x-800w.webp',
    ]);
  });
  it('leaves other URLs alone', () => {
    expect(responsiveImage('/images/label.svg')).toEqual({ src: '/images/label.svg' });
  });
});
