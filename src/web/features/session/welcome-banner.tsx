import { X } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';

/** The banner of WelcomeNotice (welcome-notice.tsx), fetched only when there is someone to welcome. */
export default function WelcomeBanner({ name }: { name: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const dismiss = () => {
    const { welcome: _welcome, ...rest } = location.state as Record<string, unknown>;
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: Object.keys(rest).length ? rest : null,
      preventScrollReset: true,
    });
  };
  return (
    <div className="border-b border-beige bg-cream" data-testid="welcome-notice">
      <div className="container-page flex items-center justify-between gap-4 py-3">
        <p role="status" className="font-semibold text-cocoa">
          {`Welcome, ${name}`}
          <span className="ml-2 font-normal text-muted">Your account is ready.</span>
        </p>
        <button
          type="button"
          onClick={dismiss}
          className="rounded-full p-2 text-cocoa hover:bg-white/70"
          aria-label="Dismiss welcome message"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
