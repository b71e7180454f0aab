import type { NewsResult } from '@cadence/shared';
import { POST_MESSAGES, SEARCH_MESSAGES } from '@cadence/shared';
import { searchNews } from '../api/search';
import { SearchDialog } from './search-dialog';

interface SearchNewsDialogProps {
  open: boolean;
  onClose: () => void;
  onSelect: (result: NewsResult) => void;
}

export function SearchNewsDialog({ open, onClose, onSelect }: SearchNewsDialogProps) {
  return (
    <SearchDialog
      open={open}
      onClose={onClose}
      title="Search News"
      inputLabel="News keywords"
      placeholder="Keywords, e.g. retail forecasting"
      startText={SEARCH_MESSAGES.startNews}
      failedText={POST_MESSAGES.newsFailed}
      search={searchNews}
      onSelect={onSelect}
    />
  );
}
