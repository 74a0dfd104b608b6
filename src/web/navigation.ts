/** The shop's navigation in one place: header menu, mobile menu, footer and announcement bar. */
import { formatPriceShort } from '../domain/money';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '../domain/free-shipping';

export interface NavLink {
  label: string;
  to: string;
}

export const shopMenu: readonly NavLink[] = [
  { label: 'Shop All', to: '/shop' },
  { label: 'Chunky Protein Cookies', to: '/categories/chunky-protein-cookies' },
  { label: 'Energy Bites', to: '/categories/energybites' },
  { label: 'Granola', to: '/categories/granola' },
  { label: 'Variety Pack', to: '/chunky-variety-pack' },
];

export const mainLinks: readonly NavLink[] = [
  { label: 'About Us', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

export const adminLink: NavLink = { label: 'Admin Dashboard', to: '/admin/dashboard' };

export const footerLinks: { help: readonly NavLink[]; legal: readonly NavLink[] } = {
  help: [
    { label: 'FAQ', to: '/faq' },
    { label: 'Track Your Order', to: '/track-orders' },
    { label: 'Refund Policy', to: '/refund-policy' },
    { label: 'Contact Us', to: '/contact' },
  ],
  legal: [
    { label: 'Terms of Use', to: '/terms-of-use' },
    { label: 'Privacy Policy', to: '/privacy-policy' },
    { label: 'Accessibility Policy', to: '/accessibility-policy' },
  ],
};

/** The five rotating messages of the announcement bar; `to` is absent where there is no link. */
export const announcements: readonly { text: string; to?: string }[] = [
  {
    text: 'New: the Chunky Protein Cookie Variety Pack',
    to: '/chunky-variety-pack',
  },
  { text: 'Proudly made in Canada' },
  { text: `Shipping on us for orders over ${formatPriceShort(FREE_SHIPPING_THRESHOLD_CENTS)}`, to: '/shop' },
  { text: 'Shop our bestsellers', to: '/shop' },
  { text: 'Snack smarter with real ingredients', to: '/about' },
];
