/** Demo customer reviews. The storefront shows the three best rated, with first names only. */
import type { SeedReview } from './types.js';

export const seedReviews: SeedReview[] = [
  {
    name: 'Priya Sharma',
    rating: 5,
    text:
      'The Classic Chocolate Chunk cookies are my post-gym ritual now. They taste like a proper bakery ' +
      'cookie, and 20 g of protein means I am not starving an hour later.',
    date: '2026-03-18',
  },
  {
    name: 'Liam Tremblay',
    rating: 5,
    text:
      'I ordered the variety pack to see what the fuss was about and went straight back for a pack of 8 ' +
      'Peanut Butter Crunch. The flaky salt on top is a genius touch.',
    date: '2026-04-27',
  },
  {
    name: 'Mei Lin Chen',
    rating: 5,
    text:
      'Maple Almond Granola over Greek yogurt is the best part of my morning. Big clusters, not too sweet, ' +
      'and finally a granola I can eat without worrying about gluten.',
    date: '2026-05-30',
  },
  {
    name: 'Owen MacDonald',
    rating: 4,
    text:
      'The Chocolate Peanut Butter Energy Bites are fudgy and really filling on long rides. I keep them in ' +
      'the fridge because they soften on hot days, but that is a small price for no preservatives.',
    date: '2026-07-12',
  },
  {
    name: 'Amara Okafor',
    rating: 5,
    text:
      'Double Chocolate Chunk is dangerously good. My kids assumed they were regular cookies until I ' +
      'showed them the label: no added sugar, sweetened with dates.',
    date: '2026-08-03',
  },
  {
    name: 'Gabriel Bouchard',
    rating: 3,
    text:
      'The Coconut Almond Energy Bites taste great and the texture is lovely. I just wish the bag were ' +
      'bigger, because twelve bites disappear fast in our house.',
    date: '2026-09-09',
  },
  {
    name: 'Hannah Nguyen',
    rating: 5,
    text:
      'The White Chocolate & Macadamia cookies are my evening treat, warmed for ten seconds. Rich, buttery ' +
      "and somehow still 20 g of protein. I'm hooked.",
    date: '2026-10-14',
  },
];
