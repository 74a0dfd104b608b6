/**
 * The demo catalogue: ten products in shop order (four cookie packs, the variety pack, three energy
 * bites, two granolas). Nutrition Facts are per serving: one cookie (85 g), two energy bites (44 g)
 * or 1/3 cup of granola (45 g); nutrition-consistency.test.ts holds the page texts to them.
 * Competitor rows are generic, typical products of a comparable serving.
 */
import { NUTRIENT_KEYS, type NutrientKey, type NutritionFacts } from '../../../domain/nutrition-facts.js';
import type { SeedCompetitor, SeedProduct } from './types.js';

const COOKIE_INGREDIENT_BASE_START = ['Almond flour', 'Medjool dates', 'Whey protein isolate'];

const DATE_SWEETENED_DARK_CHOCOLATE = 'cocoa mass, date powder, cocoa butter';

/** Servings as the Nutrition Facts table names them (decision 0062), in English and French. */
const COOKIE_SERVING = { en: '1 cookie', fr: '1 biscuit', grams: 85 };
const BITES_SERVING = { en: '2 bites', fr: '2 bouchées', grams: 44 };
const GRANOLA_SERVING = { en: '1/3 cup', fr: '1/3 tasse', grams: 45 };

/** Nutrition Facts per cookie of the four flavours; the variety pack's are their average. */
const CLASSIC: NutritionFacts = {
  serving: COOKIE_SERVING,
  calories: 400,
  fat_g: 24,
  saturated_fat_g: 11,
  trans_fat_g: 0,
  cholesterol_mg: 45,
  sodium_mg: 230,
  carbohydrate_g: 25,
  fibre_g: 6,
  sugars_g: 12,
  protein_g: 20,
  potassium_mg: 350,
  calcium_mg: 100,
  iron_mg: 2,
};

const DOUBLE: NutritionFacts = {
  serving: COOKIE_SERVING,
  calories: 390,
  fat_g: 23,
  saturated_fat_g: 10,
  trans_fat_g: 0,
  cholesterol_mg: 45,
  sodium_mg: 240,
  carbohydrate_g: 26,
  fibre_g: 7,
  sugars_g: 11,
  protein_g: 20,
  potassium_mg: 450,
  calcium_mg: 75,
  iron_mg: 3.5,
};

const PEANUT_BUTTER: NutritionFacts = {
  serving: COOKIE_SERVING,
  calories: 400,
  fat_g: 25,
  saturated_fat_g: 9,
  trans_fat_g: 0,
  cholesterol_mg: 45,
  sodium_mg: 260,
  carbohydrate_g: 23,
  fibre_g: 6,
  sugars_g: 10,
  protein_g: 20,
  potassium_mg: 400,
  calcium_mg: 75,
  iron_mg: 2,
};

const WHITE_MACADAMIA: NutritionFacts = {
  serving: COOKIE_SERVING,
  calories: 430,
  fat_g: 28,
  saturated_fat_g: 12,
  trans_fat_g: 0,
  cholesterol_mg: 50,
  sodium_mg: 210,
  carbohydrate_g: 25,
  fibre_g: 5,
  sugars_g: 13,
  protein_g: 20,
  potassium_mg: 300,
  calcium_mg: 125,
  iron_mg: 1.5,
};

/** The average of several tables of the same serving, amount by amount. */
function averageFacts(tables: NutritionFacts[]): NutritionFacts {
  const mean = (key: NutrientKey) => tables.reduce((sum, t) => sum + t[key], 0) / tables.length;
  const averaged = Object.fromEntries(NUTRIENT_KEYS.map((key) => [key, mean(key)]));
  return { serving: tables[0]!.serving, ...(averaged as Record<NutrientKey, number>) };
}

const cookieCompetitors: SeedCompetitor[] = [
  {
    competitor_name: 'Typical protein bar (60 g)',
    calories: 230,
    protein: 15,
    fat: 8,
    carbs: 26,
    fiber: 3,
    gluten_free: false,
    grain_free: false,
  },
  {
    competitor_name: 'Bakery chocolate chip cookie (85 g)',
    calories: 400,
    protein: 4,
    fat: 19,
    carbs: 54,
    fiber: 2,
    gluten_free: false,
    grain_free: false,
  },
  {
    competitor_name: 'Packaged soft-baked protein cookie (75 g)',
    calories: 310,
    protein: 14,
    fat: 13,
    carbs: 38,
    fiber: 5,
    gluten_free: false,
    grain_free: false,
  },
];

const bitesCompetitors: SeedCompetitor[] = [
  {
    competitor_name: 'Store-bought energy balls (2 pieces, 44 g)',
    calories: 190,
    protein: 4,
    fat: 9,
    carbs: 26,
    fiber: 3,
    gluten_free: false,
    grain_free: false,
  },
  {
    competitor_name: 'Chewy granola bar (40 g)',
    calories: 170,
    protein: 2,
    fat: 6,
    carbs: 28,
    fiber: 1.5,
    gluten_free: false,
    grain_free: false,
  },
  {
    competitor_name: 'Chocolate trail mix (44 g)',
    calories: 220,
    protein: 6,
    fat: 14,
    carbs: 20,
    fiber: 2.5,
    gluten_free: true,
    grain_free: true,
  },
];

const granolaCompetitors: SeedCompetitor[] = [
  {
    competitor_name: 'Store-bought granola (45 g)',
    calories: 200,
    protein: 4,
    fat: 8,
    carbs: 31,
    fiber: 3,
    gluten_free: false,
    grain_free: false,
  },
  {
    competitor_name: 'Frosted breakfast cereal (45 g)',
    calories: 170,
    protein: 2,
    fat: 1,
    carbs: 40,
    fiber: 1.5,
    gluten_free: false,
    grain_free: false,
  },
  {
    competitor_name: 'Instant flavoured oatmeal packet (43 g)',
    calories: 160,
    protein: 4,
    fat: 2.5,
    carbs: 32,
    fiber: 3,
    gluten_free: false,
    grain_free: false,
  },
];

const cookieStorageFaq = {
  question: 'How should I store my cookies?',
  answer:
    'Keep them sealed at room temperature for up to 7 days, in the fridge for up to 3 weeks, or in the ' +
    'freezer for up to 3 months. We use no preservatives, so the fridge is your friend on warm days.',
};

const cookieFreshnessFaq = {
  question: 'Will my cookies be fresh when they arrive?',
  answer:
    'We bake in small batches in our Vancouver kitchen and pack the cookies only once they have fully ' +
    'cooled, so they travel well. Orders usually arrive within 3-7 business days; put them in the fridge ' +
    "when they land if you won't finish them within the week.",
};

const cookieVeganFaq = {
  question: 'Are the cookies vegan?',
  answer:
    'No. Our cookies are made with eggs and whey protein isolate, which comes from milk. If you are ' +
    'looking for a plant-based option, try our Energy Bites.',
};

const bitesStorageFaq = {
  question: 'How should I store Energy Bites?',
  answer:
    'They keep for up to 5 days at room temperature, up to 3 weeks in the fridge and up to 3 months in the ' +
    'freezer. Straight from the fridge they are extra fudgy; from the freezer, give them 10 minutes.',
};

const bitesVeganFaq = {
  question: 'Are Energy Bites vegan?',
  answer:
    'Every ingredient is plant-based, and the protein comes from peas. They are made in a kitchen that ' +
    'also handles milk and eggs, so we do not label them vegan for people who avoid those allergens.',
};

const bitesShippingFaq = {
  question: 'Do they survive shipping in summer?',
  answer:
    'Yes. The bites are firm at room temperature and are packed in sealed bags. On very hot days they may ' +
    'soften a little in transit; 20 minutes in the fridge brings them right back.',
};

const granolaStorageFaq = {
  question: 'How long does the granola keep?',
  answer:
    'A sealed bag keeps for up to 3 months in a cool, dry cupboard. Once opened, press out the air, reseal ' +
    'the bag and enjoy it within 4 weeks for the best crunch.',
};

const granolaGlutenFaq = {
  question: 'Is the granola really gluten-free if it has oats?',
  answer:
    'Yes. We use only certified gluten-free oats, grown and processed to keep wheat, barley and rye out, ' +
    'and no other ingredient contains gluten. It is not grain-free, because oats are a grain.',
};

const granolaSweetenerFaq = {
  question: 'What is the granola sweetened with?',
  answer:
    'Only pure maple syrup: no cane sugar, no syrup blends and no sugar substitutes. We use just enough to ' +
    'toast the oats into golden clusters.',
};

export const seedProducts: SeedProduct[] = [
  {
    slug: 'classic-chocolate-chunk-protein-cookies',
    name: 'Classic Chocolate Chunk Protein Cookies',
    category: 'chunky-protein-cookies',
    sku: 'NB-CK-CCC-8',
    priceCents: 3499,
    subscribeSavePercent: 10,
    sizeGrams: 680,
    description:
      'Golden, chunky and loaded with date-sweetened dark chocolate. A bakery-style cookie with 20 g of ' +
      'protein and no added sugar.',
    features: [
      '20 g Protein per Cookie',
      'Gluten-Free',
      'Grain-Free',
      'No Added Sugar',
      'Sweetened with Dates',
      'Made with Coconut Oil',
    ],
    idealTimeOfDay: 'Post-workout',
    nutritionInfo: 'Per cookie (85 g): 400 kcal · 20 g protein · 6 g fibre',
    highlights: [
      { heading: '20 g of Protein', subheading: 'Whey protein isolate and almond flour in every cookie.' },
      { heading: 'Real Chocolate Chunks', subheading: 'Big pieces of dark chocolate sweetened with dates.' },
      { heading: 'Sweetened with Dates', subheading: 'Medjool dates bring caramel sweetness, not sugar.' },
      { heading: 'Baked with Coconut Oil', subheading: 'For crisp edges and a soft, chewy centre.' },
      { heading: 'Gluten- and Grain-Free', subheading: 'Made with almond flour instead of wheat.' },
      { heading: 'Baked in Vancouver', subheading: 'Small batches, no preservatives, packed once cool.' },
    ],
    ingredients: [
      ...COOKIE_INGREDIENT_BASE_START,
      `No-sugar-added dark chocolate chunks (${DATE_SWEETENED_DARK_CHOCOLATE})`,
      'Eggs',
      'Coconut oil',
      'Ground flaxseed',
      'Water',
      'Vanilla extract',
      'Baking soda',
      'Sea salt',
      'Flaky sea salt',
    ],
    allergens: ['Milk', 'Eggs', 'Tree nuts (almonds)', 'May contain peanuts and other tree nuts'],
    nutritionFacts: CLASSIC,
    nutrition: { gluten_free: true, grain_free: true },
    competitors: cookieCompetitors,
    faqs: [
      cookieStorageFaq,
      cookieFreshnessFaq,
      {
        question: 'What is in the chocolate?',
        answer:
          'Just cocoa mass, cocoa butter and date powder. It is dark, a little fudgy and has no added ' +
          'sugar, so the whole cookie stays sweetened with dates.',
      },
      {
        question: 'Can I warm them up?',
        answer:
          'Absolutely. Ten seconds in the microwave or 5 minutes in a 150 °C oven melts the chunks and ' +
          'brings back that fresh-from-the-tray feel.',
      },
      cookieVeganFaq,
    ],
    artwork: 'cookie-classic-chocolate-chunk',
  },
  {
    slug: 'double-chocolate-chunk-protein-cookies',
    name: 'Double Chocolate Chunk Protein Cookies',
    category: 'chunky-protein-cookies',
    sku: 'NB-CK-DCC-8',
    priceCents: 3699,
    subscribeSavePercent: 10,
    sizeGrams: 680,
    description:
      'A deep cocoa dough packed with dark chocolate chunks, for days when one kind of chocolate is not ' +
      'enough. 20 g protein, no added sugar.',
    features: [
      '20 g Protein per Cookie',
      'Gluten-Free',
      'No Added Sugar',
      'Sweetened with Dates',
      'No Preservatives',
    ],
    idealTimeOfDay: 'Afternoon pick-me-up',
    nutritionInfo: 'Per cookie (85 g): 390 kcal · 20 g protein · 7 g fibre',
    highlights: [
      { heading: 'Twice the Chocolate', subheading: 'A cocoa dough with dark chocolate chunks folded in.' },
      { heading: '20 g of Protein', subheading: 'As satisfying as a meal, as fun as dessert.' },
      { heading: '7 g of Fibre', subheading: 'From almond flour, cocoa, flaxseed and dates.' },
      { heading: 'No Added Sugar', subheading: 'Sweetness comes from Medjool dates, chocolate included.' },
      { heading: 'Fudgy Centre', subheading: 'Pulled from the oven while the middle is still soft.' },
      { heading: 'Gluten-Free', subheading: 'Almond flour base, no wheat, no grains.' },
    ],
    ingredients: [
      ...COOKIE_INGREDIENT_BASE_START,
      `No-sugar-added dark chocolate chunks (${DATE_SWEETENED_DARK_CHOCOLATE})`,
      'Eggs',
      'Coconut oil',
      'Cocoa powder',
      'Ground flaxseed',
      'Water',
      'Vanilla extract',
      'Baking soda',
      'Sea salt',
    ],
    allergens: ['Milk', 'Eggs', 'Tree nuts (almonds)', 'May contain peanuts and other tree nuts'],
    nutritionFacts: DOUBLE,
    nutrition: { gluten_free: true, grain_free: true },
    competitors: cookieCompetitors,
    faqs: [
      cookieStorageFaq,
      cookieFreshnessFaq,
      {
        question: 'Is it very sweet?',
        answer:
          'It is rich rather than sugary. Unsweetened cocoa gives it a deep, almost brownie-like flavour, ' +
          'and the dates round it out without any added sugar.',
      },
      cookieVeganFaq,
    ],
    artwork: 'cookie-double-chocolate-chunk',
  },
  {
    slug: 'peanut-butter-crunch-protein-cookies',
    name: 'Peanut Butter Crunch Protein Cookies',
    category: 'chunky-protein-cookies',
    sku: 'NB-CK-PBC-8',
    priceCents: 3599,
    subscribeSavePercent: 10,
    sizeGrams: 680,
    description:
      'Roasted peanut butter dough with crunchy chopped peanuts and a pinch of flaky salt. Salty, nutty ' +
      'and packed with 20 g of protein.',
    features: [
      '20 g Protein per Cookie',
      'Gluten-Free',
      'No Added Sugar',
      'Sweetened with Dates',
      'Made with Coconut Oil',
    ],
    idealTimeOfDay: 'Post-workout',
    nutritionInfo: 'Per cookie (85 g): 400 kcal · 20 g protein · 6 g fibre',
    highlights: [
      { heading: 'Real Peanut Butter', subheading: 'Made from just peanuts and a little sea salt.' },
      { heading: 'Serious Crunch', subheading: 'Chopped roasted peanuts in every bite.' },
      { heading: '20 g of Protein', subheading: 'Whey, almonds and peanuts working together.' },
      { heading: 'Sweet and Salty', subheading: 'Date sweetness balanced by a pinch of flaky salt.' },
      { heading: 'No Added Sugar', subheading: 'Sweetened only with Medjool dates.' },
      { heading: 'Gluten-Free', subheading: 'Baked on an almond flour base, never wheat.' },
    ],
    ingredients: [
      ...COOKIE_INGREDIENT_BASE_START,
      'Natural peanut butter (peanuts, sea salt)',
      'Eggs',
      'Coconut oil',
      'Roasted peanuts',
      'Ground flaxseed',
      'Water',
      'Vanilla extract',
      'Baking soda',
      'Sea salt',
      'Flaky sea salt',
    ],
    allergens: ['Milk', 'Eggs', 'Peanuts', 'Tree nuts (almonds)', 'May contain other tree nuts'],
    nutritionFacts: PEANUT_BUTTER,
    nutrition: { gluten_free: true, grain_free: true },
    competitors: cookieCompetitors,
    faqs: [
      cookieStorageFaq,
      cookieFreshnessFaq,
      {
        question: 'Is the peanut butter sweetened?',
        answer:
          'No. We use natural peanut butter made from roasted peanuts and sea salt only. The sweetness in ' +
          'the cookie comes from Medjool dates.',
      },
      {
        question: 'Are your other products peanut-free?',
        answer:
          'Our kitchen handles peanuts, so all of our products carry a "may contain peanuts" warning. If ' +
          'you have a peanut allergy, please check each label before you order.',
      },
      cookieVeganFaq,
    ],
    artwork: 'cookie-peanut-butter-crunch',
  },
  {
    slug: 'white-chocolate-macadamia-protein-cookies',
    name: 'White Chocolate & Macadamia Protein Cookies',
    category: 'chunky-protein-cookies',
    sku: 'NB-CK-WCM-8',
    priceCents: 3799,
    subscribeSavePercent: 10,
    sizeGrams: 680,
    description:
      'Buttery macadamia nuts and creamy no-sugar-added white chocolate in a soft, chunky cookie with 20 g ' +
      'of protein.',
    features: ['20 g Protein per Cookie', 'Gluten-Free', 'Grain-Free', 'No Added Sugar', 'No Preservatives'],
    idealTimeOfDay: 'Evening treat',
    nutritionInfo: 'Per cookie (85 g): 430 kcal · 20 g protein · 5 g fibre',
    highlights: [
      { heading: 'Whole Macadamia Pieces', subheading: 'Roughly chopped for a rich, buttery crunch.' },
      { heading: 'Creamy White Chocolate', subheading: 'Cocoa butter and milk, sweetened with dates.' },
      { heading: '20 g of Protein', subheading: 'An indulgent cookie that still pulls its weight.' },
      { heading: 'No Added Sugar', subheading: 'Medjool dates do all the sweetening.' },
      { heading: 'Soft and Chunky', subheading: 'Thick, tall cookies with golden edges.' },
      { heading: 'Gluten- and Grain-Free', subheading: 'Made with almond flour and coconut oil.' },
    ],
    ingredients: [
      ...COOKIE_INGREDIENT_BASE_START,
      'No-sugar-added white chocolate chunks (cocoa butter, whole milk powder, date powder, vanilla)',
      'Macadamia nuts',
      'Eggs',
      'Coconut oil',
      'Ground flaxseed',
      'Water',
      'Vanilla extract',
      'Baking soda',
      'Sea salt',
    ],
    allergens: ['Milk', 'Eggs', 'Tree nuts (almonds, macadamia nuts)', 'May contain peanuts'],
    nutritionFacts: WHITE_MACADAMIA,
    nutrition: { gluten_free: true, grain_free: true },
    competitors: cookieCompetitors,
    faqs: [
      cookieStorageFaq,
      cookieFreshnessFaq,
      {
        question: 'How can white chocolate have no added sugar?',
        answer:
          'Our white chocolate is made from cocoa butter, whole milk powder and vanilla, sweetened with ' +
          'finely ground dates instead of sugar. That is why it looks a little more golden than the usual ' +
          'kind.',
      },
      cookieVeganFaq,
    ],
    artwork: 'cookie-white-chocolate-macadamia',
  },
  {
    slug: 'chunky-variety-pack',
    name: 'Chunky Protein Cookie Variety Pack',
    category: 'variety-pack',
    sku: 'NB-VP-MIX-4',
    priceCents: 2199,
    subscribeSavePercent: 10,
    sizeGrams: 340,
    description:
      'One of each flavour: Classic, Double Chocolate, Peanut Butter Crunch and White Chocolate & ' +
      'Macadamia. The easy way to find your favourite.',
    features: [
      '4 Flavours in 1 Pack',
      '20 g Protein per Cookie',
      'Gluten-Free',
      'Sweetened with Dates',
      'Made with Coconut Oil',
      'No Preservatives',
    ],
    idealTimeOfDay: null,
    nutritionInfo: 'Per cookie (85 g), average of the 4 flavours: 410 kcal · 20 g protein · 6 g fibre',
    highlights: [
      { heading: '4 Flavours in 1 Pack', subheading: 'Classic, Double Chocolate, Peanut Butter, Macadamia.' },
      { heading: 'Freshly Baked', subheading: 'Small batches from our Vancouver kitchen.' },
      { heading: '20 g of Protein', subheading: 'In every single cookie, whichever you pick first.' },
      { heading: 'Sweetened with Dates', subheading: 'No added sugar in the dough or the chocolate.' },
      { heading: 'Made with Coconut Oil', subheading: 'For crisp edges and soft, chewy middles.' },
      { heading: 'A Perfect Gift', subheading: 'A small box that makes a big first impression.' },
    ],
    ingredients: [
      ...COOKIE_INGREDIENT_BASE_START,
      'Eggs',
      'Coconut oil',
      `No-sugar-added dark chocolate chunks (${DATE_SWEETENED_DARK_CHOCOLATE})`,
      'Ground flaxseed',
      'Water',
      'No-sugar-added white chocolate chunks (cocoa butter, whole milk powder, date powder, vanilla)',
      'Natural peanut butter (peanuts, sea salt)',
      'Macadamia nuts',
      'Roasted peanuts',
      'Cocoa powder',
      'Vanilla extract',
      'Baking soda',
      'Sea salt',
      'Flaky sea salt',
    ],
    allergens: [
      'Milk',
      'Eggs',
      'Peanuts',
      'Tree nuts (almonds, macadamia nuts)',
      'May contain other tree nuts',
    ],
    // The average of the four flavours: the pack holds one of each.
    nutritionFacts: averageFacts([CLASSIC, DOUBLE, PEANUT_BUTTER, WHITE_MACADAMIA]),
    nutrition: { gluten_free: true, grain_free: true },
    competitors: cookieCompetitors,
    faqs: [
      {
        question: "What's in the variety pack?",
        answer:
          'Four chunky cookies, one of each flavour: Classic Chocolate Chunk, Double Chocolate Chunk, ' +
          'Peanut Butter Crunch and White Chocolate & Macadamia. Same recipes, same 20 g of protein, as ' +
          'our packs of 8.',
      },
      {
        question: 'Is the variety pack safe for a peanut allergy?',
        answer:
          'No. The Peanut Butter Crunch cookie contains peanuts, and the pack also contains milk, eggs, ' +
          'almonds and macadamia nuts.',
      },
      cookieStorageFaq,
      {
        question: 'Once I find a favourite, can I buy it on its own?',
        answer:
          'Yes. Every flavour comes in a pack of 8 in our Chunky Protein Cookies range, and orders of $90 ' +
          'or more ship free.',
      },
    ],
    artwork: 'variety-pack',
  },
  {
    slug: 'chocolate-peanut-butter-energy-bites',
    name: 'Chocolate Peanut Butter Energy Bites',
    category: 'energybites',
    sku: 'NB-EB-CPB-12',
    priceCents: 1695,
    subscribeSavePercent: 10,
    sizeGrams: 264,
    description:
      'Fudgy no-bake bites of peanut butter, cocoa and Medjool dates. Two bites give you 11 g of ' +
      'plant-based protein.',
    features: [
      '11 g Protein per 2 Bites',
      'Plant-Based Protein',
      'Gluten-Free',
      'No Added Sugar',
      'Sweetened with Dates',
    ],
    idealTimeOfDay: 'Pre-workout',
    nutritionInfo: 'Per 2 bites (44 g): 200 kcal · 11 g protein · 4 g fibre',
    highlights: [
      { heading: '11 g of Protein', subheading: 'Pea protein and peanut butter in every two bites.' },
      { heading: 'Fudgy, No-Bake Texture', subheading: 'Rolled by hand and set in the fridge.' },
      { heading: 'Sweetened with Dates', subheading: 'Medjool dates and nothing else.' },
      { heading: 'Plant-Based Ingredients', subheading: 'No milk, no eggs in the recipe.' },
      { heading: 'Pocket-Sized Fuel', subheading: 'Easy to toss in a gym bag or lunch box.' },
      { heading: 'Gluten- and Grain-Free', subheading: 'No oats, no flour, just whole-food ingredients.' },
    ],
    ingredients: [
      'Medjool dates',
      'Natural peanut butter (peanuts, sea salt)',
      'Pea protein isolate',
      'Cocoa powder',
      'Coconut oil',
      'Ground flaxseed',
      `No-sugar-added dark chocolate chips (${DATE_SWEETENED_DARK_CHOCOLATE})`,
      'Vanilla extract',
      'Sea salt',
    ],
    allergens: ['Peanuts', 'May contain milk, eggs and tree nuts'],
    nutritionFacts: {
      serving: BITES_SERVING,
      calories: 200,
      fat_g: 11,
      saturated_fat_g: 3.5,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 95,
      carbohydrate_g: 16,
      fibre_g: 4,
      sugars_g: 10,
      protein_g: 11,
      potassium_mg: 350,
      calcium_mg: 40,
      iron_mg: 2,
    },
    nutrition: { gluten_free: true, grain_free: true },
    competitors: bitesCompetitors,
    faqs: [
      bitesStorageFaq,
      bitesVeganFaq,
      bitesShippingFaq,
      {
        question: 'How many bites are in a bag?',
        answer: 'Twelve bites of about 22 g each, so six servings of two bites.',
      },
    ],
    artwork: 'bites-chocolate-peanut-butter',
  },
  {
    slug: 'coconut-almond-energy-bites',
    name: 'Coconut Almond Energy Bites',
    category: 'energybites',
    sku: 'NB-EB-CAL-12',
    priceCents: 1695,
    subscribeSavePercent: 10,
    sizeGrams: 264,
    description:
      'Chewy coconut and almond butter rolled with Medjool dates, like a macaroon with a purpose. 11 g of ' +
      'plant protein per two bites.',
    features: [
      '11 g Protein per 2 Bites',
      'Plant-Based Protein',
      'Gluten-Free',
      'No Added Sugar',
      'Made with Coconut Oil',
    ],
    idealTimeOfDay: 'Afternoon pick-me-up',
    nutritionInfo: 'Per 2 bites (44 g): 210 kcal · 11 g protein · 4 g fibre',
    highlights: [
      { heading: 'Toasty Coconut', subheading: 'Unsweetened shredded coconut, inside and out.' },
      { heading: 'Smooth Almond Butter', subheading: 'Rich, nutty and naturally satisfying.' },
      { heading: '11 g of Protein', subheading: 'Plant-powered, from peas and almonds.' },
      { heading: 'Sweetened with Dates', subheading: 'No syrups and no added sugar.' },
      { heading: 'Chewy, Macaroon-Like Bite', subheading: 'Soft in the middle with a little chew.' },
      { heading: 'Gluten- and Grain-Free', subheading: 'Made with almond flour, never oats or wheat.' },
    ],
    ingredients: [
      'Medjool dates',
      'Almond butter',
      'Pea protein isolate',
      'Unsweetened shredded coconut',
      'Almond flour',
      'Coconut oil',
      'Chia seeds',
      'Vanilla extract',
      'Sea salt',
    ],
    allergens: ['Tree nuts (almonds)', 'May contain milk, eggs and peanuts'],
    nutritionFacts: {
      serving: BITES_SERVING,
      calories: 210,
      fat_g: 12,
      saturated_fat_g: 5,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 75,
      carbohydrate_g: 15,
      fibre_g: 4,
      sugars_g: 9,
      protein_g: 11,
      potassium_mg: 250,
      calcium_mg: 50,
      iron_mg: 1.5,
    },
    nutrition: { gluten_free: true, grain_free: true },
    competitors: bitesCompetitors,
    faqs: [
      bitesStorageFaq,
      bitesVeganFaq,
      {
        question: 'Is coconut a tree nut?',
        answer:
          'In Canada coconut is not one of the priority food allergens, but these bites do contain ' +
          'almonds. If you react to coconut, please skip this flavour.',
      },
      bitesShippingFaq,
    ],
    artwork: 'bites-coconut-almond',
  },
  {
    slug: 'maple-pecan-energy-bites',
    name: 'Maple Pecan Energy Bites',
    category: 'energybites',
    sku: 'NB-EB-MPC-12',
    priceCents: 1695,
    subscribeSavePercent: 10,
    sizeGrams: 264,
    description:
      'Toasted pecans, cinnamon and a warm maple note, sweetened only with dates. 11 g of plant protein in ' +
      'every two bites.',
    features: [
      '11 g Protein per 2 Bites',
      'Plant-Based Protein',
      'Gluten-Free',
      'No Added Sugar',
      'Sweetened with Dates',
    ],
    idealTimeOfDay: 'Morning',
    nutritionInfo: 'Per 2 bites (44 g): 220 kcal · 11 g protein · 3 g fibre',
    highlights: [
      { heading: 'Toasted Pecans', subheading: 'Pan-toasted for a deeper, buttery flavour.' },
      { heading: 'A Taste of Maple', subheading: 'Natural maple extract, with no syrup or sugar.' },
      { heading: '11 g of Protein', subheading: 'From pea protein, pecans and almonds.' },
      { heading: 'Warm Cinnamon', subheading: 'Like a cinnamon bun, in a two-bite serving.' },
      { heading: 'Sweetened with Dates', subheading: 'Medjool dates are the only sweetener.' },
      { heading: 'Gluten- and Grain-Free', subheading: 'Whole-food ingredients, no flour from grains.' },
    ],
    ingredients: [
      'Medjool dates',
      'Pecans',
      'Pea protein isolate',
      'Almond butter',
      'Almond flour',
      'Coconut oil',
      'Ground flaxseed',
      'Natural maple extract',
      'Cinnamon',
      'Sea salt',
    ],
    allergens: ['Tree nuts (pecans, almonds)', 'May contain milk, eggs and peanuts'],
    nutritionFacts: {
      serving: BITES_SERVING,
      calories: 220,
      fat_g: 13,
      saturated_fat_g: 2.5,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 70,
      carbohydrate_g: 14,
      fibre_g: 3,
      sugars_g: 9,
      protein_g: 11,
      potassium_mg: 225,
      calcium_mg: 50,
      iron_mg: 1.5,
    },
    nutrition: { gluten_free: true, grain_free: true },
    competitors: bitesCompetitors,
    faqs: [
      bitesStorageFaq,
      {
        question: 'Is there maple syrup in these?',
        answer:
          'No. Like all our bites they are sweetened only with dates; the maple flavour comes from a ' +
          'natural maple extract. If you want real maple syrup, try our Maple Almond Granola.',
      },
      bitesVeganFaq,
      bitesShippingFaq,
    ],
    artwork: 'bites-maple-pecan',
  },
  {
    slug: 'maple-almond-granola',
    name: 'Maple Almond Granola',
    category: 'granola',
    sku: 'NB-GR-MAL-360',
    priceCents: 1195,
    subscribeSavePercent: 10,
    sizeGrams: 360,
    description:
      'Crunchy clusters of gluten-free oats and sliced almonds, baked with pure maple syrup and coconut ' +
      'oil. 8 g of protein per serving.',
    features: [
      '8 g Protein per Serving',
      'Gluten-Free',
      'Sweetened with Maple Syrup',
      'No Refined Sugar',
      'No Preservatives',
    ],
    idealTimeOfDay: 'Morning',
    nutritionInfo: 'Per 1/3 cup (45 g): 200 kcal · 8 g protein · 4 g fibre',
    highlights: [
      { heading: 'Big, Crunchy Clusters', subheading: 'Pressed and baked slowly, never stirred to dust.' },
      { heading: 'Pure Maple Syrup', subheading: 'The only sweetener, and just enough of it.' },
      { heading: '8 g of Protein', subheading: 'From oats, almonds, pumpkin seeds and pea protein.' },
      { heading: 'Certified Gluten-Free Oats', subheading: 'Safe for a gluten-free breakfast.' },
      { heading: 'Toasted in Coconut Oil', subheading: 'Golden colour and a clean, nutty finish.' },
      { heading: 'Endlessly Versatile', subheading: 'Over yogurt, with milk or by the handful.' },
    ],
    ingredients: [
      'Certified gluten-free rolled oats',
      'Sliced almonds',
      'Pure maple syrup',
      'Pumpkin seeds',
      'Coconut oil',
      'Pea protein isolate',
      'Ground flaxseed',
      'Cinnamon',
      'Vanilla extract',
      'Sea salt',
    ],
    allergens: ['Tree nuts (almonds)', 'May contain milk, eggs and peanuts'],
    nutritionFacts: {
      serving: GRANOLA_SERVING,
      calories: 200,
      fat_g: 10,
      saturated_fat_g: 3,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 55,
      carbohydrate_g: 19,
      fibre_g: 4,
      sugars_g: 6,
      protein_g: 8,
      potassium_mg: 200,
      calcium_mg: 40,
      iron_mg: 1.75,
    },
    nutrition: { gluten_free: true, grain_free: false },
    competitors: granolaCompetitors,
    faqs: [
      granolaStorageFaq,
      granolaGlutenFaq,
      granolaSweetenerFaq,
      {
        question: 'How big is a serving?',
        answer:
          'A serving is 45 g, about 1/3 cup, and a 360 g bag holds 8 servings. Add milk or yogurt and you ' +
          'have a breakfast with even more protein.',
      },
    ],
    artwork: 'granola-maple-almond',
  },
  {
    slug: 'dark-chocolate-coconut-granola',
    name: 'Dark Chocolate Coconut Granola',
    category: 'granola',
    sku: 'NB-GR-DCC-360',
    priceCents: 1295,
    subscribeSavePercent: 10,
    sizeGrams: 360,
    description:
      'Cocoa-toasted oat clusters with coconut flakes and date-sweetened dark chocolate chips. A breakfast ' +
      'that tastes like a treat.',
    features: [
      '8 g Protein per Serving',
      'Gluten-Free',
      'Sweetened with Maple Syrup',
      'No Refined Sugar',
      'Made with Coconut Oil',
    ],
    idealTimeOfDay: 'Morning',
    nutritionInfo: 'Per 1/3 cup (45 g): 210 kcal · 8 g protein · 4 g fibre',
    highlights: [
      { heading: 'Dark Chocolate Chips', subheading: 'Sweetened with dates and added after baking.' },
      { heading: 'Toasted Coconut Flakes', subheading: 'Unsweetened, golden and crisp.' },
      { heading: '8 g of Protein', subheading: 'Oats, almonds and pea protein in every serving.' },
      { heading: 'Maple-Sweetened', subheading: 'Pure maple syrup, no refined sugar.' },
      { heading: 'Certified Gluten-Free Oats', subheading: 'Grown and milled to keep gluten out.' },
      { heading: 'Breakfast or Dessert', subheading: 'Great over yogurt, or straight from the bag.' },
    ],
    ingredients: [
      'Certified gluten-free rolled oats',
      'Unsweetened coconut flakes',
      'Pure maple syrup',
      'Sliced almonds',
      'Pea protein isolate',
      `No-sugar-added dark chocolate chips (${DATE_SWEETENED_DARK_CHOCOLATE})`,
      'Coconut oil',
      'Cocoa powder',
      'Vanilla extract',
      'Sea salt',
    ],
    allergens: ['Tree nuts (almonds)', 'May contain milk, eggs and peanuts'],
    nutritionFacts: {
      serving: GRANOLA_SERVING,
      calories: 210,
      fat_g: 11,
      saturated_fat_g: 5,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 50,
      carbohydrate_g: 20,
      fibre_g: 4,
      sugars_g: 6,
      protein_g: 8,
      potassium_mg: 225,
      calcium_mg: 30,
      iron_mg: 2,
    },
    nutrition: { gluten_free: true, grain_free: false },
    competitors: granolaCompetitors,
    faqs: [
      granolaStorageFaq,
      granolaGlutenFaq,
      granolaSweetenerFaq,
      {
        question: 'Does the chocolate melt in warm milk?',
        answer:
          'A little, and that is the best part. The chips go in after the granola cools, so they stay ' +
          'whole in the bag and turn silky when they meet something warm.',
      },
    ],
    artwork: 'granola-dark-chocolate-coconut',
  },
];
