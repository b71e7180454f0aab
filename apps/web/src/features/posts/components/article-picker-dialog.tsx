import type { ArticleResult, Company } from '@cadence/shared';
import { ARTICLES_MAX } from '@cadence/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ArticleSearch } from './article-search';
import { CreatePostsStep } from './create-posts-step';

interface ArticlePickerProps {
  open: boolean;
  onClose: () => void;
  companies: readonly Company[];
}

/**
 * 'From Articles' on the Posts page: 'Select Articles' (up to 5), then 'Create Posts' writes
 * a post for each; Cancel there returns to the selection. (A single post finds its article
 * in the post form's article finder.)
 */
export function ArticlePickerDialog({ open, onClose, companies }: ArticlePickerProps) {
  const max = ARTICLES_MAX;
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
      return current.length >= max ? current : [...current, article];
    });
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
          ? `Pick up to ${ARTICLES_MAX} articles; a post is written for each.`
          : 'Choose the entity and style, generate the posts, edit them, then create them.'
      }
      size="xl"
      isModalStrict
    >
      {step === 'select' ? (
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
              <Button disabled={selected.length === 0} onClick={() => setStep('create')}>
                Next
              </Button>
            </div>
          </div>
        </>
      ) : (
        <CreatePostsStep
          articles={selected}
          companies={companies}
          onBack={() => setStep('select')}
          onDone={close}
        />
      )}
    </Dialog>
  );
}
