import type { ArticleResult, Company } from '@cadence/shared';
import { ARTICLES_MAX } from '@cadence/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ArticleSearch } from './article-search';
import { CreatePostsStep } from './create-posts-step';

type ArticlePickerProps =
  | {
      open: boolean;
      onClose: () => void;
      /** Single mode (from Create New Post): one article, handed back to the form. */
      mode: 'single';
      onPick: (article: ArticleResult) => void;
      companies?: undefined;
    }
  | {
      open: boolean;
      onClose: () => void;
      /** Multi mode: up to 5 articles, then a post written for each. */
      mode?: 'multi';
      onPick?: undefined;
      companies: readonly Company[];
    };

/** 'Select Articles', then (multi mode) 'Create Posts'; Cancel there returns to the selection. */
export function ArticlePickerDialog(props: ArticlePickerProps) {
  const { open, onClose } = props;
  const isSingle = props.mode === 'single';
  const max = isSingle ? 1 : ARTICLES_MAX;
  const [selected, setSelected] = useState<ArticleResult[]>([]);
  const [step, setStep] = useState<'select' | 'create'>('select');

  function close() {
    setSelected([]);
    setStep('select');
    onClose();
  }

  function toggle(article: ArticleResult) {
    setSelected((current) => {
      if (current.some((item) => item.id === article.id)) {
        return current.filter((item) => item.id !== article.id);
      }
      // In single mode a new choice replaces the old one.
      if (isSingle) return [article];
      return current.length >= max ? current : [...current, article];
    });
  }

  function proceed() {
    if (props.mode === 'single') {
      const [article] = selected;
      if (article !== undefined) props.onPick(article);
      close();
      return;
    }
    setStep('create');
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title={step === 'select' ? 'Select Articles' : 'Create Posts'}
      description={
        step === 'select'
          ? isSingle
            ? 'Pick the article your post is about.'
            : `Pick up to ${ARTICLES_MAX} articles; a post is written for each.`
          : 'Choose the entity and style, generate the posts, edit them, then create them.'
      }
      size="xl"
      isModalStrict
    >
      {step === 'select' || props.mode === 'single' ? (
        <>
          <ArticleSearch
            selectedIds={new Set(selected.map((item) => item.id))}
            max={max}
            onToggle={toggle}
          />
          <div className="mt-5 flex flex-col-reverse gap-3 border-t border-gray-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-gray-600" aria-live="polite">
              {selected.length}/{max} selected
            </p>
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button disabled={selected.length === 0} onClick={proceed}>
                {isSingle ? 'Use Article' : 'Next'}
              </Button>
            </div>
          </div>
        </>
      ) : (
        <CreatePostsStep
          articles={selected}
          companies={props.companies}
          onBack={() => setStep('select')}
          onDone={close}
        />
      )}
    </Dialog>
  );
}
