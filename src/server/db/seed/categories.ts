/**
 * The four categories of the demo catalogue, in menu order, with the content of their category pages:
 * feature icons, the quality promise and the ingredient highlight.
 */
import type { SeedCategory } from './types.js';

export const seedCategories: SeedCategory[] = [
  {
    slug: 'chunky-protein-cookies',
    name: 'Chunky Protein Cookies',
    description:
      'Thick, bakery-style cookies with 20 g of protein each, sweetened with dates and baked in Vancouver. ' +
      'Four flavours, in packs of 8.',
    sortOrder: 1,
    config: {
      features: [
        { icon: 'wheat-off', label: 'Gluten-Free' },
        { icon: 'dumbbell', label: 'High in Protein' },
        { icon: 'candy-off', label: 'No Added Sugar' },
        { icon: 'leaf', label: 'No Preservatives' },
        { icon: 'date', label: 'Sweetened with Dates' },
      ],
      qualityPromise: {
        text:
          'Every cookie is mixed, scooped and baked in small batches in our Vancouver kitchen, then packed ' +
          'only once it has cooled. We never reach for preservatives or added sugar, so what you taste is ' +
          'almond flour, Medjool dates, coconut oil and real chocolate.',
        image: 'scene-cookies-quality',
      },
      ingredientHighlight: {
        image: 'scene-cookies-ingredients',
        altText:
          'Almond flour, Medjool dates, a jar of coconut oil and chunks of dark chocolate laid out on a ' +
          'wooden board beside a stack of cookies.',
        tag: 'Real Ingredients',
        title: 'Simple Ingredients, Serious Protein',
        description:
          'Our dough starts with almond flour, whey protein isolate and Medjool dates, bound with eggs and ' +
          'coconut oil. Then come the good parts: big chunks of date-sweetened chocolate, peanuts or ' +
          'macadamias.',
        points: [
          '20 g of protein in every cookie',
          'Almond flour base: gluten-free and grain-free',
          'Sweetened with Medjool dates, never refined sugar',
          'Baked with coconut oil for crisp edges and soft centres',
        ],
      },
    },
  },
  {
    slug: 'energybites',
    name: 'Energy Bites',
    description:
      'No-bake bites rolled from dates, nut butters and pea protein. Two bites give you 11 g of ' +
      'plant-based protein wherever the day takes you.',
    sortOrder: 2,
    config: {
      features: [
        { icon: 'wheat-off', label: 'Gluten-Free' },
        { icon: 'dumbbell', label: 'High in Protein' },
        { icon: 'candy-off', label: 'No Added Sugar' },
        { icon: 'date', label: 'Sweetened with Dates' },
        { icon: 'leaf', label: 'Plant-Based Protein' },
      ],
      qualityPromise: {
        text:
          'Our bites are blended, rolled by hand and set in the fridge, never baked, so the dates and nut ' +
          'butters keep their fudgy texture. No preservatives, no syrups and no added sugar: just ' +
          'whole-food ingredients you can pronounce.',
        image: 'scene-bites-quality',
      },
      ingredientHighlight: {
        image: 'scene-bites-ingredients',
        altText:
          'Medjool dates, a bowl of peanut butter, shredded coconut, pecans and a scoop of pea protein ' +
          'arranged around a plate of rolled energy bites.',
        tag: 'Whole-Food Fuel',
        title: 'Dates, Nut Butter and Plant Protein',
        description:
          'Each bite starts with Medjool dates blended into a paste, then nut butter and pea protein for ' +
          'staying power. A little coconut oil helps them set firm enough to pack, soft enough to enjoy.',
        points: [
          '11 g of protein in every two bites',
          'Sweetened only with Medjool dates',
          'Plant-based ingredients, gluten-free and grain-free',
          'No-bake, so nothing is overcooked',
        ],
      },
    },
  },
  {
    slug: 'granola',
    name: 'Granola',
    description:
      'Big, crunchy clusters of certified gluten-free oats, nuts and seeds, sweetened with pure maple ' +
      'syrup. 8 g of protein per serving.',
    sortOrder: 3,
    config: {
      features: [
        { icon: 'wheat-off', label: 'Gluten-Free' },
        { icon: 'dumbbell', label: '8 g Protein per Serving' },
        { icon: 'maple-leaf', label: 'Sweetened with Maple' },
        { icon: 'droplet', label: 'Made with Coconut Oil' },
        { icon: 'leaf', label: 'No Preservatives' },
      ],
      qualityPromise: {
        text:
          'We toast our granola low and slow in coconut oil and pure maple syrup, then let it cool ' +
          'untouched so the clusters stay big. Certified gluten-free oats, no refined sugar and no ' +
          'preservatives, ever.',
        image: 'scene-granola-quality',
      },
      ingredientHighlight: {
        image: 'scene-granola-ingredients',
        altText:
          'Rolled oats, sliced almonds, pumpkin seeds, coconut flakes and a small pitcher of maple syrup ' +
          'spread out next to a bowl of granola.',
        tag: 'Maple-Toasted',
        title: 'Oats, Nuts and Pure Maple Syrup',
        description:
          'Certified gluten-free oats are tossed with almonds, seeds and a touch of pea protein, then ' +
          'coated in maple syrup and coconut oil. The result is a breakfast with crunch, flavour and real ' +
          'staying power.',
        points: [
          '8 g of protein per 45 g serving',
          'Certified gluten-free oats',
          'Sweetened only with pure maple syrup',
          'Large clusters made for yogurt bowls and snacking',
        ],
      },
    },
  },
  {
    slug: 'variety-pack',
    name: 'Variety Pack',
    description:
      'All four of our chunky protein cookies in one box: the perfect starter pack for new snackers and a ' +
      'thoughtful gift for everyone else.',
    sortOrder: 4,
    config: {
      features: [
        { icon: 'package', label: '4 Flavours in 1 Pack' },
        { icon: 'dumbbell', label: '20 g Protein per Cookie' },
        { icon: 'date', label: 'Sweetened with Dates' },
        { icon: 'droplet', label: 'Made with Coconut Oil' },
        { icon: 'wheat-off', label: 'Gluten-Free' },
      ],
      qualityPromise: {
        text:
          'The variety pack holds the very same cookies as our packs of 8, freshly baked in Vancouver from ' +
          'the same recipes. One box, four flavours, and no preservatives or added sugar in any of them.',
        image: 'scene-cookies-quality',
      },
      ingredientHighlight: {
        image: 'scene-cookies-ingredients',
        altText:
          'Almond flour, Medjool dates, coconut oil, dark and white chocolate chunks, peanuts and ' +
          'macadamia nuts laid out around four different cookies.',
        tag: 'Four Flavours',
        title: 'One Dough, Four Ways',
        description:
          'Every cookie begins with the same almond flour and date dough, rich in protein and free of ' +
          'gluten. Then each flavour gets its own mix-ins, from dark chocolate chunks to roasted peanuts.',
        points: [
          'Classic Chocolate Chunk and Double Chocolate Chunk',
          'Peanut Butter Crunch and White Chocolate & Macadamia',
          '20 g of protein in every cookie',
          'Sweetened with dates, baked with coconut oil',
        ],
      },
    },
  },
];
