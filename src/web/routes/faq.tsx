import { data, Link } from 'react-router';
import { FaqList } from '../components/content/faq-list';
import { PageHeader } from '../components/content/page-header';
import { withEmail } from '../components/content/rich-text';
import { JsonLd } from '../components/json-ld';
import { faqGroups } from '../content/faq';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/faq';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl, contactEmail: context.settings.contactEmail });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Frequently Asked Questions',
    description:
      'Answers about our protein snacks, ingredients and allergens, orders, shipping, returns and your account.',
    origin: page.origin,
    path: '/faq',
  });
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = loaderData;
  const plain = (text: string) => text.replaceAll('{email}', contactEmail);
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: faqGroups.flatMap((group) =>
            group.items.map((item) => ({
              '@type': 'Question',
              name: item.question,
              acceptedAnswer: { '@type': 'Answer', text: plain(item.answer) },
            })),
          ),
        }}
      />
      <PageHeader eyebrow="Help" title="Frequently Asked Questions">
        Can't find your answer?{' '}
        <Link to="/contact" className="font-semibold text-maple-dark underline underline-offset-4">
          Send us a message
        </Link>
        .
      </PageHeader>
      <div className="container-page max-w-3xl space-y-12 py-12 md:py-16">
        {faqGroups.map((group) => (
          <section key={group.heading} aria-labelledby={`faq-${group.heading}`}>
            <h2 id={`faq-${group.heading}`} className="font-display text-2xl font-semibold">
              {group.heading}
            </h2>
            <FaqList items={group.items} renderAnswer={(answer) => withEmail(answer, contactEmail)} />
          </section>
        ))}
      </div>
    </>
  );
}
