import { Link } from 'react-router';
import { FeatureIcon } from '../feature-icon';

const benefits = [
  { icon: 'wheat-off', label: 'Gluten-Free' },
  { icon: 'dumbbell', label: 'High in Protein' },
  { icon: 'candy-off', label: 'No Added Sugar' },
  { icon: 'leaf', label: 'No Preservatives' },
  { icon: 'date', label: 'Sweetened with Dates' },
] as const;

export function BenefitsStrip() {
  return (
    <section aria-labelledby="benefits-title" className="bg-forest text-cream">
      <div className="container-page flex flex-col items-center gap-8 py-10 lg:flex-row lg:justify-between">
        <h2 id="benefits-title" className="sr-only">
          Why our snacks
        </h2>
        <ul className="grid w-full grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:flex lg:w-auto lg:gap-10 [&>li:last-child]:col-span-2 sm:[&>li:last-child]:col-span-1">
          {benefits.map((b) => (
            <li
              key={b.label}
              className="flex flex-col items-center gap-2 text-center lg:flex-row lg:text-left"
            >
              <span className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-white/10">
                <FeatureIcon name={b.icon} />
              </span>
              <span className="text-sm font-semibold">{b.label}</span>
            </li>
          ))}
        </ul>
        <Link to="/shop" className="btn-accent shrink-0">
          Shop Snacks
        </Link>
      </div>
    </section>
  );
}
