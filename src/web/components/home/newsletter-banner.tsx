import { Mail } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { apiRequest, userMessage } from '../../api';
import { useHeldSubmit } from '../../held-submit';

type State = { status: 'idle' | 'submitting' } | { status: 'success' | 'error'; message: string };

/** Newsletter sign-up (idle, submitting, success, error). */
export function NewsletterBanner() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const form = useRef<HTMLFormElement>(null);
  useHeldSubmit(form);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setState({ status: 'error', message: messages.emailRequired });
      return;
    }
    setState({ status: 'submitting' });
    try {
      const reply = await apiRequest<{ message: string }>('/api/signup', { method: 'POST', body: { email } });
      setState({ status: 'success', message: reply.message });
      setEmail('');
    } catch (error) {
      setState({ status: 'error', message: userMessage(error, messages.newsletterFailed) });
    }
  }

  return (
    <section aria-labelledby="newsletter-title" className="below-fold bg-cocoa text-cream">
      <div className="container-page grid items-center gap-8 py-14 md:grid-cols-2">
        <div className="space-y-3">
          <Mail className="h-8 w-8 text-maple-light" aria-hidden="true" />
          <h2 id="newsletter-title" className="font-display text-3xl font-semibold text-cream sm:text-4xl">
            Join the Snack Club
          </h2>
          <p className="max-w-md text-cream/80">
            New flavours, restocks and the occasional recipe from our kitchen. No spam, unsubscribe anytime.
          </p>
        </div>
        <form ref={form} onSubmit={onSubmit} noValidate className="w-full space-y-3">
          <div className="flex flex-col gap-3 sm:flex-row">
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <input
              id="newsletter-email"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={state.status === 'error'}
              aria-describedby="newsletter-status"
              className="min-h-12 flex-1 rounded-full border-0 bg-white px-5 text-ink placeholder:text-muted/70 focus:ring-2 focus:ring-maple"
            />
            <button type="submit" className="btn-accent min-h-12" disabled={state.status === 'submitting'}>
              {state.status === 'submitting' ? 'Subscribing...' : 'Subscribe'}
            </button>
          </div>
          <p
            id="newsletter-status"
            role="status"
            className={`min-h-6 text-sm ${state.status === 'error' ? 'font-semibold text-[#ffb4a8]' : 'text-cream/90'}`}
          >
            {state.status === 'success' || state.status === 'error' ? state.message : ''}
          </p>
        </form>
      </div>
    </section>
  );
}
