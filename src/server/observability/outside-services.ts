/**
 * The payment provider and the image store as the shop's modules use them: each call timed and its
 * failures counted when metrics are read (decision 0073), and each in a client span when traces are
 * sent (decision 0074). Neither: the service itself, untouched.
 */
import { timed, type ShopMetrics } from './metrics.js';
import { traced, tracingEnabled } from './tracing.js';

export function observed<T extends object>(
  target: T,
  service: 'payment' | 'images',
  metrics: ShopMetrics | null,
): T {
  const counted = metrics ? timed(target, service, metrics) : target;
  return tracingEnabled() ? traced(counted, service) : counted;
}
