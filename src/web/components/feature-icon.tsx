import {
  CandyOff,
  Droplet,
  Dumbbell,
  Flame,
  Heart,
  Leaf,
  Package,
  Sparkles,
  Sun,
  WheatOff,
  type LucideIcon,
} from 'lucide-react';
import { MapleLeaf } from './brand-marks';

/** A date (the fruit): the brand's sweetener, drawn here because icon sets do not have one. */
function DateFruit({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <ellipse cx="12" cy="13.5" rx="5.5" ry="7.5" transform="rotate(-20 12 13.5)" />
      <path d="M14.5 6.5c.3-1.6 1.3-2.8 3-3.5" strokeLinecap="round" />
      <path d="M10 11c.6 1.8.6 3.8 0 5.5" strokeLinecap="round" />
    </svg>
  );
}

const icons: Record<string, LucideIcon | typeof DateFruit> = {
  'wheat-off': WheatOff,
  dumbbell: Dumbbell,
  'candy-off': CandyOff,
  leaf: Leaf,
  date: DateFruit,
  heart: Heart,
  flame: Flame,
  sparkles: Sparkles,
  'maple-leaf': MapleLeaf,
  droplet: Droplet,
  sun: Sun,
  package: Package,
};

/** The icon named in catalogue data (category features, benefits); a leaf when the name is unknown. */
export function FeatureIcon({ name, className = 'h-6 w-6' }: { name: string; className?: string }) {
  const Icon = icons[name] ?? Leaf;
  return <Icon className={className} aria-hidden="true" />;
}
