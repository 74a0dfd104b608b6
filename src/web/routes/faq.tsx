import { data, Link } from 'react-router';
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
            <div className="mt-4 divide-y divide-beige rounded-3xl border border-beige bg-white">
              {group.items.map((item) => (
                <details key={item.question} className="group px-6 py-4">
                  <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-cocoa">
                    {item.question}
                    <span aria-hidden="true" className="text-xl transition group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  <p className="mt-2 leading-relaxed text-muted">{withEmail(item.answer, contactEmail)}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
