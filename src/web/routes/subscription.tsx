import { data, Link } from 'react-router';
import { PageHeader } from '../components/content/page-header';
import { SubscriptionList } from '../components/account/subscription-list';
import { RequireUser } from '../features/session/require-user';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/subscription';

/**
 * One subscription (decision 0056): where the reminder and payment e-mails lead (a card to update,
 * a payment to confirm with the bank: decision 0059). The link signs
 * nothing in: a signed-out visitor signs in first and comes back here.
 */
export function loader({ context }: Route.LoaderArgs) {
  return data({
    origin: context.settings.publicUrl,
    stripePublishableKey: context.settings.stripePublishableKey,
  });
}

// The server sends everyone the same shell; the subscription appears after hydration.
export const headers = publicPageHeaders;

export function meta({ data: page, params }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Your Subscription',
    description: 'Your Northbite subscription: next delivery, skip, pause or cancel.',
    origin: page.origin,
    path: `/subscriptions/${params.id}`,
    noindex: true,
  });
}

export default function SubscriptionPage({ params, loaderData }: Route.ComponentProps) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : -1;
  return (
    <>
      <PageHeader title="Your Subscription" />
      <div className="container-page max-w-3xl space-y-6 py-10 md:py-14">
        <RequireUser>
          {() => <SubscriptionList only={id} stripeKey={loaderData.stripePublishableKey} />}
        </RequireUser>
        <Link to="/profile#subscriptions" className="text-sm font-semibold text-maple-dark hover:underline">
          ← All your subscriptions
        </Link>
      </div>
    </>
  );
}
