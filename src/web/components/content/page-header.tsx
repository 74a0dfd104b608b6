import type { ReactNode } from 'react';

/** The title band of content pages (about, contact, policies, FAQ). */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="bg-sand py-12 md:py-16">
      <div className="container-page max-w-3xl text-center">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 className="mt-2 font-display text-4xl font-bold sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 text-lg leading-relaxed text-muted">{children}</div>}
      </div>
    </header>
  );
}
