import { FeatureIcon } from '../feature-icon';

export const snackFeatures = [
  { icon: 'dumbbell', label: 'High in Protein' },
  { icon: 'candy-off', label: 'No Added Sugar' },
  { icon: 'wheat-off', label: 'Gluten-Free' },
  { icon: 'date', label: 'Sweetened with Dates' },
  { icon: 'droplet', label: 'Made with Coconut Oil' },
  { icon: 'leaf', label: 'No Preservatives' },
] as const;

/** 'Snack Smarter, Live Better' with the features, each with icon and label (shop page). */
export function FeaturesBanner() {
  return (
    <section aria-labelledby="features-banner-title" className="bg-forest py-14 text-cream">
      <div className="container-page text-center">
        <h2 id="features-banner-title" className="font-display text-3xl font-semibold text-cream sm:text-4xl">
          Snack Smarter, Live Better
        </h2>
        <ul className="mt-10 grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-6">
          {snackFeatures.map((feature) => (
            <li key={feature.label} className="flex flex-col items-center gap-3">
              <span className="grid h-14 w-14 place-items-center rounded-full bg-white/10">
                <FeatureIcon name={feature.icon} className="h-7 w-7" />
              </span>
              <span className="text-sm font-semibold">{feature.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
