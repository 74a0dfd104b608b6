/**
 * Production recipes for the demo catalogue. The base cookie dough comes first (it is recipe 1, shown
 * by default in the admin production view); every cookie flavour uses one full batch of it. The variety
 * pack has no recipe of its own: it is packed from the four cookie flavours.
 *
 * Batches: 48 cookies (6 packs of 8), 240 energy bites (20 bags of 12), granola by 45 g serving.
 * Ingredient names are shared across recipes: the seed makes one ingredient row per distinct name.
 */
import type { SeedRecipe } from './types.js';

type RecipeIngredient = SeedRecipe['ingredients'][number];

/** Grams (or another unit) of an ingredient, with its volume in cups when a cup measure makes sense. */
function item(ingredient: string, quantity: number, unit: string, gramsPerCup?: number): RecipeIngredient {
  const cups = gramsPerCup === undefined ? null : Math.round((quantity / gramsPerCup) * 100) / 100;
  return { ingredient, quantity, unit, cups };
}

// Approximate weight of one cup (g), used for the cups column.
const CUP = {
  almondFlour: 100,
  wheyProtein: 120,
  peaProtein: 120,
  coconutOil: 218,
  groundFlax: 112,
  cocoa: 86,
  chocolateChunks: 170,
  peanutButter: 258,
  peanuts: 146,
  macadamias: 134,
  almondButter: 250,
  shreddedCoconut: 85,
  coconutFlakes: 60,
  chia: 160,
  pecans: 109,
  oats: 90,
  slicedAlmonds: 92,
  pumpkinSeeds: 129,
  mapleSyrup: 322,
} as const;

const BASE_DOUGH = 'Base Cookie Dough';
const BASE_DOUGH_BATCH_GRAMS = 3600;

export const seedRecipes: SeedRecipe[] = [
  {
    productSlug: null,
    name: BASE_DOUGH,
    instructions: [
      '1. Warm the water to about 60 °C, pour it over the pitted Medjool dates and soak for 10 minutes.',
      '2. Blend the dates and their soaking water in the food processor to a smooth paste.',
      '3. Melt the coconut oil and let it cool below 30 °C so it does not cook the eggs.',
      '4. In the planetary mixer on low speed, whisk the almond flour, whey protein isolate, ground ' +
        'flaxseed, baking soda and sea salt for 1 minute.',
      '5. In a separate bowl, whisk the eggs, vanilla extract, date paste and coconut oil until glossy.',
      '6. Add the wet mix to the dry on low speed and mix for about 2 minutes, just until no dry streaks ' +
        'remain. Do not overmix.',
      '7. Cover and rest the dough at 4 °C for 20 minutes so the flax and protein hydrate.',
      '8. Hand the full batch (about 3.6 kg) to the flavour station; each flavour recipe uses one batch.',
    ].join('\n'),
    cookingTimeMinutes: 30,
    ovenTemperatureCelsius: null,
    yieldQuantity: 48,
    yieldUnit: 'cookie portions (75 g)',
    totalYieldWeightGrams: BASE_DOUGH_BATCH_GRAMS,
    ingredients: [
      item('Almond flour', 1200, 'g', CUP.almondFlour),
      item('Whey protein isolate', 672, 'g', CUP.wheyProtein),
      item('Medjool dates (pitted)', 860, 'g'),
      item('Water', 120, 'ml', 240),
      item('Coconut oil', 290, 'g', CUP.coconutOil),
      item('Eggs', 6, 'pcs'),
      item('Ground flaxseed', 144, 'g', CUP.groundFlax),
      item('Vanilla extract', 2, 'tbsp'),
      item('Baking soda', 2, 'tsp'),
      item('Sea salt', 2, 'tsp'),
    ],
  },
  {
    productSlug: 'classic-chocolate-chunk-protein-cookies',
    name: 'Classic Chocolate Chunk Protein Cookies',
    instructions: [
      '1. Preheat the convection oven to 175 °C and line the sheet trays with parchment.',
      '2. Add the dark chocolate chunks to one batch of Base Cookie Dough and mix on low speed for ' +
        '30 seconds.',
      '3. Scoop 87 g portions, roll them into rough balls and place 12 per tray. Press lightly to about ' +
        '2.5 cm thick; keep them chunky.',
      '4. Top each cookie with a small pinch of flaky sea salt.',
      '5. Bake for 13 to 15 minutes, rotating the trays halfway, until the edges are set and the centres ' +
        'still look slightly soft.',
      '6. Cool on the trays for 10 minutes, then on racks until fully cool (about 45 minutes).',
      '7. Pack 8 cookies per bag and seal.',
    ].join('\n'),
    cookingTimeMinutes: 14,
    ovenTemperatureCelsius: 175,
    yieldQuantity: 48,
    yieldUnit: 'cookies',
    totalYieldWeightGrams: 4080,
    ingredients: [
      item(BASE_DOUGH, BASE_DOUGH_BATCH_GRAMS, 'g'),
      item('No-sugar-added dark chocolate chunks', 576, 'g', CUP.chocolateChunks),
      item('Flaky sea salt', 1, 'tbsp'),
    ],
  },
  {
    productSlug: 'double-chocolate-chunk-protein-cookies',
    name: 'Double Chocolate Chunk Protein Cookies',
    instructions: [
      '1. Preheat the convection oven to 175 °C and line the sheet trays with parchment.',
      '2. Sift the cocoa powder over one batch of Base Cookie Dough and mix on low speed until the dough ' +
        'is evenly dark, about 1 minute.',
      '3. Add the dark chocolate chunks and mix for 30 seconds more.',
      '4. Scoop 88 g portions, roll them into rough balls and place 12 per tray. Press lightly to about ' +
        '2.5 cm thick.',
      '5. Bake for 13 to 15 minutes, rotating the trays halfway. The centres should still look underdone; ' +
        'they firm up as they cool.',
      '6. Cool on the trays for 10 minutes, then on racks until fully cool (about 45 minutes).',
      '7. Pack 8 cookies per bag and seal.',
    ].join('\n'),
    cookingTimeMinutes: 14,
    ovenTemperatureCelsius: 175,
    yieldQuantity: 48,
    yieldUnit: 'cookies',
    totalYieldWeightGrams: 4080,
    ingredients: [
      item(BASE_DOUGH, BASE_DOUGH_BATCH_GRAMS, 'g'),
      item('Cocoa powder', 150, 'g', CUP.cocoa),
      item('No-sugar-added dark chocolate chunks', 480, 'g', CUP.chocolateChunks),
    ],
  },
  {
    productSlug: 'peanut-butter-crunch-protein-cookies',
    name: 'Peanut Butter Crunch Protein Cookies',
    instructions: [
      '1. Preheat the convection oven to 175 °C and line the sheet trays with parchment.',
      '2. Stir the natural peanut butter until smooth, add it to one batch of Base Cookie Dough and mix on ' +
        'low speed for 1 minute.',
      '3. Roughly chop the roasted peanuts, keeping some halves whole, and mix them in for 30 seconds.',
      '4. Scoop 88 g portions, roll them into rough balls and place 12 per tray. Press lightly to about ' +
        '2.5 cm thick.',
      '5. Top each cookie with a small pinch of flaky sea salt.',
      '6. Bake for 14 to 16 minutes, rotating the trays halfway, until golden at the edges.',
      '7. Cool on the trays for 10 minutes, then on racks until fully cool (about 45 minutes).',
      '8. Pack 8 cookies per bag and seal.',
    ].join('\n'),
    cookingTimeMinutes: 15,
    ovenTemperatureCelsius: 175,
    yieldQuantity: 48,
    yieldUnit: 'cookies',
    totalYieldWeightGrams: 4080,
    ingredients: [
      item(BASE_DOUGH, BASE_DOUGH_BATCH_GRAMS, 'g'),
      item('Natural peanut butter', 360, 'g', CUP.peanutButter),
      item('Roasted peanuts', 288, 'g', CUP.peanuts),
      item('Flaky sea salt', 1, 'tbsp'),
    ],
  },
  {
    productSlug: 'white-chocolate-macadamia-protein-cookies',
    name: 'White Chocolate & Macadamia Protein Cookies',
    instructions: [
      '1. Preheat the convection oven to 175 °C and line the sheet trays with parchment.',
      '2. Roughly chop the macadamia nuts into halves and quarters.',
      '3. Add the macadamia nuts and white chocolate chunks to one batch of Base Cookie Dough and mix on ' +
        'low speed for 30 seconds.',
      '4. Scoop 90 g portions, roll them into rough balls and place 12 per tray. Press lightly to about ' +
        '2.5 cm thick, pressing a few extra chunks on top.',
      '5. Bake for 13 to 15 minutes, rotating the trays halfway, until the edges are light golden.',
      '6. Cool on the trays for 10 minutes, then on racks until fully cool (about 45 minutes).',
      '7. Pack 8 cookies per bag and seal.',
    ].join('\n'),
    cookingTimeMinutes: 14,
    ovenTemperatureCelsius: 175,
    yieldQuantity: 48,
    yieldUnit: 'cookies',
    totalYieldWeightGrams: 4080,
    ingredients: [
      item(BASE_DOUGH, BASE_DOUGH_BATCH_GRAMS, 'g'),
      item('No-sugar-added white chocolate chunks', 384, 'g', CUP.chocolateChunks),
      item('Macadamia nuts', 336, 'g', CUP.macadamias),
    ],
  },
  {
    productSlug: 'chocolate-peanut-butter-energy-bites',
    name: 'Chocolate Peanut Butter Energy Bites',
    instructions: [
      '1. Blend the pitted Medjool dates in the food processor to a thick paste, scraping down the sides.',
      '2. Melt the coconut oil and add it with the natural peanut butter and vanilla extract; blend until ' +
        'smooth.',
      '3. Add the pea protein isolate, cocoa powder, ground flaxseed and sea salt. Pulse until the mixture ' +
        'holds together when pressed.',
      '4. Transfer to the mixer and fold in the dark chocolate chips on low speed.',
      '5. Portion 22 g pieces with the scoop and roll them into smooth balls.',
      '6. Chill on lined trays at 4 °C for 30 minutes until firm.',
      '7. Pack 12 bites per bag and seal.',
    ].join('\n'),
    cookingTimeMinutes: 30,
    ovenTemperatureCelsius: null,
    yieldQuantity: 240,
    yieldUnit: 'bites',
    totalYieldWeightGrams: 5280,
    ingredients: [
      item('Medjool dates (pitted)', 1680, 'g'),
      item('Natural peanut butter', 1440, 'g', CUP.peanutButter),
      item('Pea protein isolate', 960, 'g', CUP.peaProtein),
      item('Cocoa powder', 360, 'g', CUP.cocoa),
      item('Coconut oil', 360, 'g', CUP.coconutOil),
      item('Ground flaxseed', 240, 'g', CUP.groundFlax),
      item('No-sugar-added dark chocolate chips', 240, 'g', CUP.chocolateChunks),
      item('Vanilla extract', 2, 'tbsp'),
      item('Sea salt', 1, 'tbsp'),
    ],
  },
  {
    productSlug: 'coconut-almond-energy-bites',
    name: 'Coconut Almond Energy Bites',
    instructions: [
      '1. Set aside 120 g of the shredded coconut for rolling.',
      '2. Blend the pitted Medjool dates in the food processor to a thick paste.',
      '3. Melt the coconut oil and add it with the almond butter and vanilla extract; blend until smooth.',
      '4. Add the pea protein isolate, almond flour, chia seeds, sea salt and the remaining shredded ' +
        'coconut. Pulse until the mixture holds together when pressed.',
      '5. Portion 22 g pieces with the scoop, roll them into balls, then roll them in the reserved coconut.',
      '6. Chill on lined trays at 4 °C for 30 minutes until firm.',
      '7. Pack 12 bites per bag and seal.',
    ].join('\n'),
    cookingTimeMinutes: 30,
    ovenTemperatureCelsius: null,
    yieldQuantity: 240,
    yieldUnit: 'bites',
    totalYieldWeightGrams: 5280,
    ingredients: [
      item('Medjool dates (pitted)', 1560, 'g'),
      item('Almond butter', 1320, 'g', CUP.almondButter),
      item('Pea protein isolate', 1080, 'g', CUP.peaProtein),
      item('Unsweetened shredded coconut', 480, 'g', CUP.shreddedCoconut),
      item('Almond flour', 360, 'g', CUP.almondFlour),
      item('Coconut oil', 240, 'g', CUP.coconutOil),
      item('Chia seeds', 240, 'g', CUP.chia),
      item('Vanilla extract', 2, 'tbsp'),
      item('Sea salt', 1, 'tbsp'),
    ],
  },
  {
    productSlug: 'maple-pecan-energy-bites',
    name: 'Maple Pecan Energy Bites',
    instructions: [
      '1. Toast the pecans in a wide dry pan over medium heat for 6 to 8 minutes, stirring often, until ' +
        'fragrant. Cool completely.',
      '2. Blend the pitted Medjool dates in the food processor to a thick paste.',
      '3. Melt the coconut oil and add it with the almond butter, natural maple extract and cinnamon; ' +
        'blend until smooth.',
      '4. Pulse the cooled pecans into the mixture until finely chopped but not ground to a paste.',
      '5. Add the pea protein isolate, almond flour, ground flaxseed and sea salt. Pulse until the mixture ' +
        'holds together when pressed.',
      '6. Portion 22 g pieces with the scoop and roll them into smooth balls.',
      '7. Chill on lined trays at 4 °C for 30 minutes until firm.',
      '8. Pack 12 bites per bag and seal.',
    ].join('\n'),
    cookingTimeMinutes: 40,
    ovenTemperatureCelsius: null,
    yieldQuantity: 240,
    yieldUnit: 'bites',
    totalYieldWeightGrams: 5280,
    ingredients: [
      item('Medjool dates (pitted)', 1560, 'g'),
      item('Pecans', 1200, 'g', CUP.pecans),
      item('Pea protein isolate', 1200, 'g', CUP.peaProtein),
      item('Almond butter', 600, 'g', CUP.almondButter),
      item('Almond flour', 360, 'g', CUP.almondFlour),
      item('Coconut oil', 240, 'g', CUP.coconutOil),
      item('Ground flaxseed', 120, 'g', CUP.groundFlax),
      item('Natural maple extract', 3, 'tbsp'),
      item('Cinnamon', 2, 'tbsp'),
      item('Sea salt', 1, 'tbsp'),
    ],
  },
  {
    productSlug: 'maple-almond-granola',
    name: 'Maple Almond Granola',
    instructions: [
      '1. Preheat the convection oven to 160 °C and line the sheet trays with parchment.',
      '2. Warm the pure maple syrup, coconut oil, vanilla extract, cinnamon and sea salt together until ' +
        'the oil melts; whisk well.',
      '3. In a large bowl, toss the rolled oats, sliced almonds, pumpkin seeds, ground flaxseed and pea ' +
        'protein isolate.',
      '4. Pour the warm syrup over the dry mix and fold until every oat is coated.',
      '5. Spread about 1.5 cm thick on the trays and press down firmly so clusters form.',
      '6. Bake for 30 to 35 minutes, rotating the trays at 15 minutes, until deep golden. Do not stir.',
      '7. Cool completely on the trays, at least 1 hour, so the clusters crisp up.',
      '8. Break into large clusters and pack 360 g per bag.',
    ].join('\n'),
    cookingTimeMinutes: 35,
    ovenTemperatureCelsius: 160,
    yieldQuantity: 150,
    yieldUnit: 'servings (45 g)',
    totalYieldWeightGrams: 6750,
    ingredients: [
      item('Certified gluten-free rolled oats', 2880, 'g', CUP.oats),
      item('Sliced almonds', 1120, 'g', CUP.slicedAlmonds),
      item('Pure maple syrup', 960, 'g', CUP.mapleSyrup),
      item('Pumpkin seeds', 640, 'g', CUP.pumpkinSeeds),
      item('Coconut oil', 640, 'g', CUP.coconutOil),
      item('Pea protein isolate', 480, 'g', CUP.peaProtein),
      item('Ground flaxseed', 320, 'g', CUP.groundFlax),
      item('Cinnamon', 3, 'tbsp'),
      item('Vanilla extract', 3, 'tbsp'),
      item('Sea salt', 1, 'tbsp'),
    ],
  },
  {
    productSlug: 'dark-chocolate-coconut-granola',
    name: 'Dark Chocolate Coconut Granola',
    instructions: [
      '1. Preheat the convection oven to 160 °C and line the sheet trays with parchment.',
      '2. Warm the pure maple syrup, coconut oil, vanilla extract and sea salt until the oil melts, then ' +
        'whisk in the cocoa powder until smooth.',
      '3. In a large bowl, toss the rolled oats, sliced almonds and pea protein isolate.',
      '4. Pour the warm cocoa syrup over the dry mix and fold until every oat is coated.',
      '5. Spread about 1.5 cm thick on the trays and press down firmly so clusters form.',
      '6. Bake for 20 minutes, rotating the trays halfway, then scatter the coconut flakes over the top ' +
        'and bake for 10 to 12 minutes more, until the coconut is golden.',
      '7. Cool completely on the trays, at least 1 hour, then break into clusters.',
      '8. Fold in the dark chocolate chips only once the granola is cool, and pack 360 g per bag.',
    ].join('\n'),
    cookingTimeMinutes: 32,
    ovenTemperatureCelsius: 160,
    yieldQuantity: 140,
    yieldUnit: 'servings (45 g)',
    totalYieldWeightGrams: 6300,
    ingredients: [
      item('Certified gluten-free rolled oats', 2550, 'g', CUP.oats),
      item('Unsweetened coconut flakes', 750, 'g', CUP.coconutFlakes),
      item('Pure maple syrup', 750, 'g', CUP.mapleSyrup),
      item('Sliced almonds', 600, 'g', CUP.slicedAlmonds),
      item('Pea protein isolate', 600, 'g', CUP.peaProtein),
      item('No-sugar-added dark chocolate chips', 600, 'g', CUP.chocolateChunks),
      item('Coconut oil', 450, 'g', CUP.coconutOil),
      item('Cocoa powder', 300, 'g', CUP.cocoa),
      item('Vanilla extract', 2, 'tbsp'),
      item('Sea salt', 1, 'tbsp'),
    ],
  },
];
