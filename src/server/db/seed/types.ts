import type { NutritionFacts } from '../../../domain/nutrition-facts.js';

/**
 * Shapes of the demo catalogue. The content files in this folder fill them; seed/index.ts writes them
 * to the database. Money is in integer cents. Nutrition figures are per serving (one cookie, two energy
 * bites, one serving of granola).
 */
export type CategorySlug = 'chunky-protein-cookies' | 'energybites' | 'granola' | 'variety-pack';

/** Name of an icon the web app knows (see src/web/components/feature-icon.tsx). */
export type FeatureIcon =
  | 'wheat-off'
  | 'dumbbell'
  | 'candy-off'
  | 'leaf'
  | 'date'
  | 'heart'
  | 'flame'
  | 'sparkles'
  | 'maple-leaf'
  | 'droplet'
  | 'sun'
  | 'package';

export interface SeedNutrition {
  calories: number;
  protein: number;
  fat: number;
  carbs: number;
  fiber: number;
  gluten_free: boolean;
  grain_free: boolean;
}

export interface SeedCompetitor extends SeedNutrition {
  competitor_name: string;
}

/** Which drawing of src/server/db/seed/artwork.ts stands for the product. */
export type ArtworkKey =
  | 'cookie-classic-chocolate-chunk'
  | 'cookie-double-chocolate-chunk'
  | 'cookie-peanut-butter-crunch'
  | 'cookie-white-chocolate-macadamia'
  | 'variety-pack'
  | 'bites-chocolate-peanut-butter'
  | 'bites-coconut-almond'
  | 'bites-maple-pecan'
  | 'granola-maple-almond'
  | 'granola-dark-chocolate-coconut';

/** Scene drawings (not products) used on the home and category pages. */
export type SceneKey =
  | 'scene-hero'
  | 'scene-brand-story'
  | 'scene-cookies-quality'
  | 'scene-cookies-ingredients'
  | 'scene-bites-quality'
  | 'scene-bites-ingredients'
  | 'scene-granola-quality'
  | 'scene-granola-ingredients'
  | 'scene-instagram-1'
  | 'scene-instagram-2'
  | 'scene-instagram-3'
  | 'scene-instagram-4'
  | 'scene-instagram-5'
  | 'scene-instagram-6';

export interface SeedProduct {
  slug: string;
  name: string;
  category: CategorySlug;
  sku: string;
  priceCents: number;
  /** Percent off each subscription unit (decision 0056); 0 when absent. */
  subscribeSavePercent?: number;
  sizeGrams: number;
  description: string;
  features: string[];
  idealTimeOfDay: string | null;
  /** Short plain-text nutrition summary shown under the price. */
  nutritionInfo: string;
  highlights: { heading: string; subheading: string }[];
  ingredients: string[];
  allergens: string[];
  /** The Nutrition Facts table; the API's five nutrition numbers are derived from it. */
  nutritionFacts: NutritionFacts;
  nutrition: Pick<SeedNutrition, 'gluten_free' | 'grain_free'>;
  competitors: SeedCompetitor[];
  faqs: { question: string; answer: string }[];
  artwork: ArtworkKey;
}

export interface SeedCategory {
  slug: CategorySlug;
  name: string;
  description: string;
  sortOrder: number;
  config: {
    features: { icon: FeatureIcon; label: string }[];
    qualityPromise: { text: string; image: SceneKey };
    ingredientHighlight: {
      image: SceneKey;
      altText: string;
      tag: string;
      title: string;
      description: string;
      points: string[];
    };
  };
}

export interface SeedReview {
  name: string;
  rating: number;
  text: string;
  /** ISO date, e.g. 2026-09-14 */
  date: string;
}

export interface SeedRecipe {
  /** null for the base cookie dough (recipe 1), otherwise the product slug */
  productSlug: string | null;
  name: string;
  instructions: string;
  cookingTimeMinutes: number;
  ovenTemperatureCelsius: number | null;
  yieldQuantity: number;
  yieldUnit: string;
  totalYieldWeightGrams: number;
  ingredients: { ingredient: string; quantity: number; unit: string; cups: number | null }[];
}
