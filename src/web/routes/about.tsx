import { data, Link } from 'react-router';
import { brand } from '../../domain/brand';
import { responsiveImage } from '../../domain/images';
import { PageHeader } from '../components/content/page-header';
import { JsonLd } from '../components/json-ld';
import { aboutContent } from '../content/about';
import { publicPageHeaders } from '../http-cache';
import { breadcrumbList, pageMeta } from '../seo';
import type { Route } from './+types/about';

export function loader({ context }: Route.LoaderArgs) {
  return data({
    origin: context.settings.publicUrl,
    storyImage: context.siteImages['scene-brand-story'] ?? null,
  });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: aboutContent.title,
    description: aboutContent.description,
    origin: page.origin,
    path: '/about',
  });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { origin, storyImage } = loaderData;
  const image = storyImage ? responsiveImage(storyImage) : null;
  return (
    <>
      <JsonLd
        data={breadcrumbList(origin, [
          { name: 'Home', path: '/' },
          { name: 'About Us', path: '/about' },
        ])}
      />
      <PageHeader eyebrow={`The story of ${brand.name}`} title={aboutContent.title}>
        {aboutContent.intro}
      </PageHeader>
      <div className="container-page max-w-5xl py-12 md:py-16">
        {image && (
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes="(min-width: 1024px) 960px, 92vw"
            alt="A baker's bench with a bowl of cookie dough, dates, oats and maple syrup"
            width={1200}
            height={800}
            fetchPriority="high"
            className="aspect-[3/2] w-full rounded-3xl object-cover shadow-lg"
          />
        )}
        <div className="mx-auto mt-12 max-w-3xl space-y-12">
          {aboutContent.chapters.map((chapter) => (
            <section key={chapter.heading}>
              <h2 className="font-display text-3xl font-semibold">{chapter.heading}</h2>
              <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink">
                {chapter.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            </section>
          ))}
          <p className="font-display text-xl text-cocoa">
            {aboutContent.founderName}
            <span className="block font-sans text-sm text-muted">{aboutContent.founderRole}</span>
          </p>
        </div>
      </div>
      <section aria-labelledby="values-title" className="bg-sand py-16">
        <div className="container-page">
          <h2 id="values-title" className="section-title text-center">
            What we stand for
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {aboutContent.values.map((value) => (
              <li key={value.title} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige">
                <h3 className="font-display text-xl font-semibold">{value.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{value.text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-12 text-center">
            <Link to="/shop" className="btn-primary px-8 text-base">
              Explore Our Snacks
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
