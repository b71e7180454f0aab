import type { WebResult } from '@cadence/shared';
import { POST_MESSAGES, SEARCH_MESSAGES } from '@cadence/shared';
import { searchWeb } from '../api/search';
import { SearchDialog } from './search-dialog';

interface SearchWebDialogProps {
  open: boolean;
  onClose: () => void;
  onSelect: (result: WebResult) => void;
}

export function SearchWebDialog({ open, onClose, onSelect }: SearchWebDialogProps) {
  return (
    <SearchDialog
      open={open}
      onClose={onClose}
      title="Search Web"
      inputLabel="Web search"
      placeholder="Search the web"
      startText={SEARCH_MESSAGES.startWeb}
      failedText={POST_MESSAGES.webFailed}
      search={searchWeb}
      onSelect={onSelect}
    />
  );
}
