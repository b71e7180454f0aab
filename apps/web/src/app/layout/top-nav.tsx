import type { Me } from '@cadence/shared';
import { DEFAULT_BRAND, ROUTES } from '@cadence/shared';
import { LogOut, Menu, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { useSignOut } from '../../hooks/use-sign-out';
import { cn } from '../../lib/cn';
import { lazyComponent } from '../../lib/lazy-component';
import { Avatar } from '../../components/ui/avatar';
import { prefetchScreen } from '../screens';
import { getNavItems } from './nav-items';

// The bell and its popover load in their own chunk, after the page (no cost to first paint).
const NotificationBell = lazyComponent(() =>
  import('../../features/notifications/components/notification-bell').then(
    (module) => module.NotificationBell,
  ),
);

// The workspace choice and the team's schemas load once signed in, not with /login; it
// shows nothing until the person's workspaces are known anyway.
const WorkspaceSwitcher = lazyComponent(() =>
  import('./workspace-switcher').then((module) => module.WorkspaceSwitcher),
);

function LazySwitcher({ className }: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <WorkspaceSwitcher className={className} />
    </Suspense>
  );
}

function LazyBell() {
  return (
    <Suspense fallback={<span className="inline-block size-10" aria-hidden="true" />}>
      <NotificationBell />
    </Suspense>
  );
}

interface TopNavProps {
  /** Absent in a screen's first frame (built before anyone signs in): the links only. */
  user?: Me;
  /** Without an account: whether the links are an admin's (the admin screen's first frame). */
  isAdmin?: boolean;
}

export function TopNav({ user, isAdmin = user?.is_admin ?? false }: TopNavProps) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const { signOut } = useSignOut();
  const logout = () => void signOut();
  const items = getNavItems(isAdmin, user?.role);
  const closeMenu = () => setIsMenuOpen(false);

  useEffect(() => {
    if (!isMenuOpen) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Link to={ROUTES.home} className="min-w-0 rounded-lg" onClick={closeMenu}>
          {user?.brand && user.brand.name !== DEFAULT_BRAND.name ? (
            // The workspace's own brand (white label) in place of Cadence's: one line, cut
            // short rather than pushing the bar wider than the screen.
            <span className="flex min-w-0 items-center gap-2">
              {user.brand.logo_url !== null && (
                <img
                  src={user.brand.logo_url}
                  alt=""
                  className="size-8 shrink-0 rounded object-contain"
                />
              )}
              <span
                className="max-w-48 truncate text-lg font-semibold whitespace-nowrap"
                style={{ color: user.brand.accent_color }}
              >
                {user.brand.name}
              </span>
            </span>
          ) : (
            <Logo />
          )}
        </Link>

        <nav aria-label="Main" className="hidden flex-1 lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  {...prefetchOnIntent(item.to)}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium transition-colors',
                      isActive
                        ? 'bg-brand-50 text-brand-700'
                        : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 lg:hidden">{user && <LazyBell />}</div>
        {user && (
          <div className="ml-auto hidden items-center gap-3 lg:flex">
            <LazySwitcher />
            <LazyBell />
            <UserBadge user={user} />
            <button
              type="button"
              onClick={logout}
              className="inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-medium text-gray-600 transition-colors hover:bg-gray-100 hover:text-gray-900"
            >
              <LogOut className="size-4" aria-hidden="true" />
              Logout
            </button>
          </div>
        )}

        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 lg:hidden"
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          {isMenuOpen ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
        </button>
      </div>

      {isMenuOpen && (
        <div
          id="mobile-menu"
          className="animate-menu-in border-t border-gray-200 bg-white px-4 pt-3 pb-4 shadow-lg sm:px-6 lg:hidden"
        >
          <nav aria-label="Main">
            <ul className="space-y-1">
              {items.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    {...prefetchOnIntent(to)}
                    onClick={closeMenu}
                    className={({ isActive }) =>
                      cn(
                        'flex h-11 items-center gap-3 rounded-lg px-3 text-base font-medium transition-colors',
                        isActive
                          ? 'bg-brand-50 text-brand-700'
                          : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                      )
                    }
                  >
                    <Icon className="size-5 opacity-80" aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <LazySwitcher className="mt-3 border-t border-gray-200 pt-4" />
          <div className="mt-3 flex items-center justify-between gap-3 border-t border-gray-200 pt-4">
            {user && <UserBadge user={user} isAlwaysDetailed />}
            <button
              type="button"
              onClick={() => {
                closeMenu();
                logout();
              }}
              className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
            >
              <LogOut className="size-4" aria-hidden="true" />
              Logout
            </button>
          </div>
        </div>
      )}
    </header>
  );
}

function UserBadge({ user, isAlwaysDetailed = false }: { user: Me; isAlwaysDetailed?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} src={user.profile_image} />
      <span className={cn('min-w-0 leading-tight', !isAlwaysDetailed && 'hidden xl:block')}>
        <span className="block truncate text-sm font-medium text-gray-900">{user.name}</span>
        <span className="block truncate text-xs text-gray-500">{user.email}</span>
      </span>
    </div>
  );
}

/** A link's chunk starts loading when the pointer or focus reaches it, before the click. */
function prefetchOnIntent(to: string) {
  const prefetch = () => prefetchScreen(to);
  return { onMouseEnter: prefetch, onFocus: prefetch, onTouchStart: prefetch };
}
