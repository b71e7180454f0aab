import { Building2, CalendarClock, Sparkles } from 'lucide-react';
import { Logo } from '../../../components/brand/logo';

const HIGHLIGHTS = [
  {
    icon: Building2,
    title: 'Every entity in one place',
    text: 'Keep each brand, its voice and its social accounts apart.',
  },
  {
    icon: CalendarClock,
    title: 'Schedule across six networks',
    text: 'X, Facebook, LinkedIn, Instagram, Bluesky and Threads.',
  },
  {
    icon: Sparkles,
    title: 'Writing help when you want it',
    text: 'Turn an article into a post, add hashtags, match your tone.',
  },
] as const;

/** The brand side of the sign-in screen; wide screens only. */
export function AuthShowcase() {
  return (
    <aside className="relative hidden overflow-hidden bg-brand-950 px-12 py-12 text-white lg:flex lg:flex-col lg:justify-between xl:px-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_40rem_at_-10%_-10%,var(--color-brand-600),transparent_60%),radial-gradient(40rem_30rem_at_110%_110%,var(--color-violet-600),transparent_60%)] opacity-80"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.06)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.06)_1px,transparent_1px)] bg-[size:44px_44px] [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)]"
      />

      <div className="relative">
        <Logo isInverted />
      </div>

      <div className="relative max-w-md">
        <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
          Social media scheduler
        </p>
        <p className="mt-3 text-4xl leading-tight font-semibold tracking-tight">
          Plan once. Publish on time, everywhere.
        </p>
        <ul className="mt-10 space-y-6">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white/10 ring-1 ring-white/15">
                <Icon className="size-5 text-brand-100" aria-hidden="true" />
              </span>
              <div>
                <p className="font-medium">{title}</p>
                <p className="mt-0.5 text-sm text-brand-100/80">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>

      <p className="relative text-sm text-brand-200/80">
        Self-hosted: your posts, accounts and keys stay on your server.
      </p>
    </aside>
  );
}
