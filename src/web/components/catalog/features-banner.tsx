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
    <section
      aria-labelledby="features-banner-title"
      className="below-fold bg-forest py-10 text-cream sm:py-14"
    >
      <div className="container-page text-center">
        <h2 id="features-banner-title" className="font-display text-3xl font-semibold text-cream sm:text-4xl">
          Snack Smarter, Live Better
        </h2>
        <ul className="mt-6 grid grid-cols-3 gap-x-3 gap-y-6 sm:mt-10 sm:gap-8 lg:grid-cols-6">
          {snackFeatures.map((feature) => (
            <li key={feature.label} className="flex flex-col items-center gap-2 sm:gap-3">
              <span className="grid h-12 w-12 place-items-center rounded-full bg-white/10 sm:h-14 sm:w-14">
                <FeatureIcon name={feature.icon} className="h-6 w-6 sm:h-7 sm:w-7" />
              </span>
              <span className="text-sm font-semibold">{feature.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
