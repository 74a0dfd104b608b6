/** Shared pieces of the storefront journeys: the catalogue from the API, viewports, page data. */
import type { Browser, Page } from 'playwright-core';
import { watchForErrors } from './browser';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const INSTAGRAM_URL = 'https://www.instagram.com/northbite.test/';

/** The product fields the journeys compare the screens with (GET /api/products). */
export interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  description: string;
  category: string;
  category_slug: string;
  size: number | null;
  price: number;
  image_url: string | null;
  sku: string | null;
  features: string[];
  ideal_time_of_day: string | null;
  nutrition_label: string | null;
  highlights: { heading: string; subheading: string }[];
  ingredients: string[];
  allergens: string[];
  competitors: { competitor_name: string }[];
  faqs: { question: string; answer: string }[];
  /** percent off a subscription unit (decision 0056) */
  subscribe_save_percent: number;
}

export interface ApiCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
  config: {
    features: { icon: string; label: string }[];
    qualityPromise: { text: string; imageUrl: string };
    ingredientHighlight: {
      altText: string;
      tag: string;
      title: string;
      description: string;
      points: string[];
    };
  } | null;
  products: ApiProduct[];
}

export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Dollars as the screens show them: 34.99 -> "$34.99". */
export const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/**
 * The size line (docs/product.md, Catalogue), written out independently of the app's own helper.
 */
export function expectedSizeLine(p: ApiProduct): string {
  if (p.slug === 'chunky-variety-pack') return 'Pack of 4';
  if (p.category === 'Chunky Protein Cookies') return `Pack of 8 (${p.size} g)`;
  return `${p.size} g`;
}

/** A fresh page (own context, so empty storage) that records page and console errors. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  options: { bypassCSP?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({
    viewport,
    ...(viewport.width < 640 ? { isMobile: true, hasTouch: true } : {}),
    ...options,
  });
  return { page, errors: watchForErrors(page) };
}

/** Every JSON-LD block of the page, parsed. */
export async function jsonLdBlocks(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => s.textContent ?? ''));
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

/**
 * The errors of a journey that forces a failure, minus the browser's own report of the failed
 * request ("Failed to load resource: ... status of 500") and the given expected app logs.
 */
export function unexpectedErrors(errors: string[], status: number, expectedLogs: string[] = []): string[] {
  return errors.filter(
    (e) =>
      !e.startsWith(`console: Failed to load resource: the server responded with a status of ${status}`) &&
      !expectedLogs.some((log) => e.startsWith(`console: ${log}`)),
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
