import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { adminLink, mainLinks, shopMenu } from '../../navigation';
import { Wordmark } from '../brand-marks';
import { SearchBox } from './search-box';

const itemClass =
  'flex min-h-14 w-full items-center justify-between border-b border-beige px-1 text-left font-display text-xl text-cocoa';

export interface MobileMenuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  isAdmin: boolean;
  accountTo: string;
}

/**
 * The small-screen menu: full screen, a main panel and a Shop sub-list with a back control. It
 * returns to the main panel whenever it closes. Loaded on first use (see mobile-menu.tsx).
 */
export default function MobileMenuDialog({
  open,
  onOpenChange,
  triggerRef,
  isAdmin,
  accountTo,
}: MobileMenuDialogProps) {
  const [panel, setPanel] = useState<'main' | 'shop'>('main');

  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) setPanel('main');
  };
  const close = () => change(false);

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-cream px-5 pb-8"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <div className="flex h-16 items-center justify-between">
            <Dialog.Title asChild>
              <span>
                <Wordmark />
                <span className="sr-only"> menu</span>
              </span>
            </Dialog.Title>
            <Dialog.Close className="grid h-11 w-11 place-items-center rounded-full text-cocoa hover:bg-sand">
              <X className="h-6 w-6" aria-hidden="true" />
              <span className="sr-only">Close menu</span>
            </Dialog.Close>
          </div>
          <SearchBox id="menu-search" size="lg" className="mb-4" />
          {panel === 'main' ? (
            <nav aria-label="Main">
              <ul>
                <li>
                  <button type="button" className={itemClass} onClick={() => setPanel('shop')}>
                    Shop
                    <ChevronRight className="h-5 w-5" aria-hidden="true" />
                  </button>
                </li>
                {[...mainLinks, ...(isAdmin ? [adminLink] : []), { label: 'My Account', to: accountTo }].map(
                  (link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={itemClass} onClick={close}>
                        {link.label}
                      </Link>
                    </li>
                  ),
                )}
              </ul>
            </nav>
          ) : (
            <nav aria-label="Shop">
              <button
                type="button"
                className="mb-2 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-muted"
                onClick={() => setPanel('main')}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                Back
              </button>
              <ul>
                {shopMenu.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={itemClass} onClick={close}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
