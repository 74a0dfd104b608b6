import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const root = dirname(fileURLToPath(import.meta.url));
const web = join(root, 'src/web');

/** The modules `file` imports at run time (types aside), resolved to files; packages by name. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'/gm)].flatMap((match) => {
    const specifier = match[1]!;
    if (!specifier.startsWith('.')) return [specifier];
    const base = resolve(dirname(file), specifier.split('?')[0]!).replace(/\.js$/, '');
    return ['.ts', '.tsx'].map((extension) => base + extension).filter((path) => existsSync(path));
  });
}

/** Every source file `entry` reaches through static imports (lazy `import()` stays out). */
function reach(entry: string): Set<string> {
  const seen = new Set([entry]);
  for (const file of seen) {
    for (const target of runtimeImports(file)) if (target.startsWith('/')) seen.add(target);
  }
  return seen;
}

const reachesZod = new Map<string, boolean>();

/**
 * True when `file` or anything it imports at run time imports zod: the schema modules of forms and
 * the API, and what uses them. Zod and the phone-number metadata weigh about 40 kB compressed.
 */
function importsZod(file: string): boolean {
  const known = reachesZod.get(file);
  if (known !== undefined) return known;
  reachesZod.set(file, false); // an import cycle does not reach zod through itself
  const result = runtimeImports(file).some(
    (target) =>
      target === 'zod' || target.startsWith('zod/') || (target.startsWith('/') && importsZod(target)),
  );
  reachesZod.set(file, result);
  return result;
}

/**
 * The shared chunk (decision 0011, amended for issue 20): what every page needs (all that root.tsx
 * reaches) and what two or more catalogue pages share, minus anything that reaches zod. Components
 * only one screen uses stay in that screen's chunk, so a phone's first visit downloads little of the
 * shop beyond what it shows.
 */
const CATALOGUE_PAGES = ['home', 'shop', 'category', 'variety-pack', 'product'];
function sharedModules(): Set<string> {
  const everyPage = reach(join(web, 'root.tsx'));
  const uses = new Map<string, number>();
  for (const page of CATALOGUE_PAGES) {
    for (const file of reach(join(web, 'routes', `${page}.tsx`))) uses.set(file, (uses.get(file) ?? 0) + 1);
  }
  const shared = [...everyPage, ...[...uses].filter(([, count]) => count >= 2).map(([file]) => file)];
  return new Set(shared.filter((file) => !file.includes(`${join(web, 'routes')}/`) && !importsZod(file)));
}

export default defineConfig(({ isSsrBuild }) => {
  const shared = isSsrBuild ? new Set<string>() : sharedModules();
  return {
    plugins: [tailwindcss(), reactRouter()],
    build: {
      // Hashed file names under /assets are served with immutable caching.
      assetsInlineLimit: 0,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            output: {
              // A first visit should fetch a handful of scripts, not twenty: the framework in one chunk,
              // the shop's shared components in another, and one chunk per route.
              codeSplitting: {
                groups: [
                  {
                    name: 'framework',
                    test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                    priority: 2,
                  },
                  {
                    name: 'shop',
                    test: (id: string) => shared.has(id.split('?')[0]!),
                    priority: 1,
                  },
                ],
              },
            },
          },
    },
  };
});
