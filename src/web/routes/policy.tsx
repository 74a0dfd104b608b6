import { data } from 'react-router';
import { PageHeader } from '../components/content/page-header';
import { withEmail } from '../components/content/rich-text';
import { JsonLd } from '../components/json-ld';
import { policyPages } from '../content/policies';
import { publicPageHeaders } from '../http-cache';
import { breadcrumbList, pageMeta } from '../seo';
import type { Route } from './+types/policy';

type PolicySlug = keyof typeof policyPages;

/** One module for /terms-of-use, /privacy-policy, /accessibility-policy and /refund-policy. */
export function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, '') as PolicySlug;
  if (!(slug in policyPages)) throw data(null, { status: 404 });
  return data({ slug, origin: context.settings.publicUrl, contactEmail: context.settings.contactEmail });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  const policy = policyPages[page.slug];
  return pageMeta({
    title: policy.title,
    description: policy.description,
    origin: page.origin,
    path: `/${policy.slug}`,
    type: 'article',
  });
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { slug, origin, contactEmail } = loaderData;
  const policy = policyPages[slug];
  return (
    <>
      <JsonLd
        data={breadcrumbList(origin, [
          { name: 'Home', path: '/' },
          { name: policy.title, path: `/${slug}` },
        ])}
      />
      <PageHeader eyebrow={policy.effective} title={policy.title} />
      <article className="container-page max-w-3xl py-12 md:py-16">
        <div className="space-y-4 text-lg leading-relaxed text-ink">
          {policy.intro.map((p) => (
            <p key={p}>{withEmail(p, contactEmail)}</p>
          ))}
        </div>
        <nav aria-label="On this page" className="my-10 rounded-2xl bg-white p-6 ring-1 ring-beige">
          <h2 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">On this page</h2>
          <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
            {policy.sections.map((section, i) => (
              <li key={section.heading}>
                <a
                  href={`#section-${i + 1}`}
                  className="inline-block py-1 text-cocoa underline-offset-4 hover:underline"
                >
                  {i + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {policy.sections.map((section, i) => (
          <section
            key={section.heading}
            id={`section-${i + 1}`}
            className="scroll-mt-24 border-t border-beige py-8"
          >
            <h2 className="font-display text-2xl font-semibold">
              {i + 1}. {section.heading}
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-ink">
              {section.paragraphs?.map((p) => (
                <p key={p}>{withEmail(p, contactEmail)}</p>
              ))}
              {section.list && (
                <ul className="list-disc space-y-2 pl-6">
                  {section.list.map((item) => (
                    <li key={item}>{withEmail(item, contactEmail)}</li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        ))}
      </article>
    </>
  );
}
