import { Mail, MapPin } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { data } from 'react-router';
import { contactMessageSchema } from '../../domain/marketing';
import { messages } from '../../domain/messages';
import { apiRequest, userMessage } from '../api';
import { PageHeader } from '../components/content/page-header';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/contact';
import { useHeldSubmit } from '../held-submit';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl, contactEmail: context.settings.contactEmail });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Contact Us',
    description:
      'Questions about an order, wholesale or our ingredients? Send us a message and we will get back to you shortly.',
    origin: page.origin,
    path: '/contact',
  });
}

type Field = 'name' | 'email' | 'message';
type Status = { state: 'idle' | 'sending' } | { state: 'sent' | 'error'; text: string };

const inputClass =
  'mt-1 block w-full rounded-2xl border border-beige bg-white px-4 py-3 text-ink placeholder:text-muted/70 focus:border-maple focus:ring-2 focus:ring-maple/30 aria-[invalid=true]:border-danger';

export default function Contact({ loaderData }: Route.ComponentProps) {
  const form = useRef<HTMLFormElement>(null);
  useHeldSubmit(form);
  const { contactEmail } = loaderData;
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>({ state: 'idle' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema checks the payload on the server.
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      const first = (['name', 'email', 'message'] as const).find((f) => next[f]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setErrors({});
    setStatus({ state: 'sending' });
    try {
      const reply = await apiRequest<{ message?: string }>('/api/contact', {
        method: 'POST',
        body: parsed.data,
      });
      setStatus({ state: 'sent', text: reply.message || messages.contactThanks });
      setValues({ name: '', email: '', message: '' });
    } catch (error) {
      setStatus({
        state: 'error',
        text: userMessage(error, messages.contactFailed),
      });
    }
  }

  const field = (name: Field, label: string, input: React.ReactNode) => (
    <div>
      <label htmlFor={`contact-${name}`} className="text-sm font-semibold text-cocoa">
        {label}
      </label>
      {input}
      {errors[name] && (
        <p id={`contact-${name}-error`} className="mt-1 text-sm font-medium text-danger">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const common = (name: Field) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    required: true,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    className: inputClass,
  });

  return (
    <>
      <PageHeader eyebrow="We'd love to hear from you" title="Contact Us">
        Questions about an order, wholesale or what goes into our snacks? Send us a note.
      </PageHeader>
      <div className="container-page grid max-w-5xl gap-12 py-12 md:grid-cols-[1fr_2fr] md:py-16">
        <aside className="space-y-6">
          <div className="flex gap-3">
            <Mail className="mt-1 h-5 w-5 text-maple" aria-hidden="true" />
            <div>
              <h2 className="font-display text-lg font-semibold">E-mail</h2>
              <a href={`mailto:${contactEmail}`} className="text-maple-dark underline underline-offset-4">
                {contactEmail}
              </a>
            </div>
          </div>
          <div className="flex gap-3">
            <MapPin className="mt-1 h-5 w-5 text-maple" aria-hidden="true" />
            <div>
              <h2 className="font-display text-lg font-semibold">Kitchen</h2>
              <p className="text-muted">Vancouver, British Columbia</p>
            </div>
          </div>
          <p className="text-sm leading-relaxed text-muted">
            We answer within two business days. Wholesale enquiries are welcome.
          </p>
        </aside>
        <form
          ref={form}
          onSubmit={onSubmit}
          noValidate
          className="space-y-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige md:p-8"
        >
          {field('name', 'Name', <input type="text" autoComplete="name" {...common('name')} />)}
          {field('email', 'Email', <input type="email" autoComplete="email" {...common('email')} />)}
          {field('message', 'Message', <textarea rows={6} {...common('message')} />)}
          <button
            type="submit"
            className="btn-primary w-full sm:w-auto sm:px-10"
            disabled={status.state === 'sending'}
          >
            {status.state === 'sending' ? 'Sending...' : 'Submit'}
          </button>
          <p
            role="status"
            className={`min-h-6 text-sm font-medium ${status.state === 'error' ? 'text-danger' : 'text-forest'}`}
          >
            {status.state === 'sent' || status.state === 'error' ? status.text : ''}
          </p>
        </form>
      </div>
    </>
  );
}
