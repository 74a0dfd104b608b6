import type { ReactNode } from 'react';

/** The frame of the account pages (login, register, password reset…): a card on the brand's sand background. */
export function AuthCard({
  eyebrow,
  title,
  intro,
  children,
  footer,
}: {
  eyebrow: string;
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="bg-sand py-10 sm:py-16">
      <div className="container-page max-w-lg">
        <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-10">
          <p className="eyebrow text-center">{eyebrow}</p>
          <h1 className="mt-2 text-center font-display text-3xl font-bold sm:text-4xl">{title}</h1>
          {intro && <p className="mt-3 text-center text-muted">{intro}</p>}
          <div className="mt-8">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
      </div>
    </div>
  );
}

/** The "or" rule between the password form and Google sign-in. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-widest text-muted uppercase">
      <span className="h-px flex-1 bg-beige" />
      or
      <span className="h-px flex-1 bg-beige" />
    </div>
  );
}
