import type { NetworkId } from '@cadence/shared';
import { BookOpen, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SETUP_INSTRUCTIONS } from '../utils/setup-instructions';

/** 'Show Setup Instructions' and, once shown, the network's steps and developer-portal link. */
export function SetupInstructionsPanel({ network }: { network: NetworkId }) {
  const [isShown, setIsShown] = useState(false);
  const { title, steps, portal } = SETUP_INSTRUCTIONS[network];
  const contentId = `setup-instructions-${network}`;

  return (
    <div>
      <Button
        variant="soft"
        size="sm"
        icon={<BookOpen className="size-4" aria-hidden="true" />}
        aria-expanded={isShown}
        aria-controls={isShown ? contentId : undefined}
        onClick={() => setIsShown((shown) => !shown)}
      >
        {isShown ? 'Hide Instructions' : 'Show Setup Instructions'}
      </Button>
      {isShown && (
        <section
          id={contentId}
          aria-label={title}
          className="mt-2 rounded-lg border border-brand-100 bg-white p-4"
        >
          <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
          <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm leading-6 text-gray-700 marker:text-gray-400">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <a
            href={portal.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            {portal.label}
            <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </section>
      )}
    </div>
  );
}
