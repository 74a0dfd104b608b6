import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

const loadDialog = () => import('./mobile-menu-dialog');
const MobileMenuDialog = lazy(loadDialog);

/**
 * The small-screen menu button. The dialog behind it (Radix, focus trap, scroll lock) is fetched on
 * first touch or hover, so it costs nothing on the first load of a page.
 */
export function MobileMenu({ isAdmin, accountTo }: { isAdmin: boolean; accountTo: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onTouchStart={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="grid h-11 w-11 place-items-center rounded-full text-cocoa hover:bg-sand md:hidden"
      >
        <Menu className="h-6 w-6" aria-hidden="true" />
        <span className="sr-only">Open menu</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuDialog
            open={open}
            onOpenChange={setOpen}
            triggerRef={triggerRef}
            isAdmin={isAdmin}
            accountTo={accountTo}
          />
        </Suspense>
      )}
    </>
  );
}
