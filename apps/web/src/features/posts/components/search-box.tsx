import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/field';

interface SearchBoxProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  isSearching: boolean;
}

/** A text input plus 'Search'; Enter searches too. The button waits for text and for the last search. */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
  onSearch,
  isSearching,
}: SearchBoxProps) {
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        // A search inside the post form must not submit the post.
        event.stopPropagation();
        if (value.trim() !== '' && !isSearching) onSearch();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        className={controlClasses(false, 'h-10 min-w-0 flex-1 px-3')}
      />
      <Button
        type="submit"
        icon={<Search className="size-4" aria-hidden="true" />}
        disabled={value.trim() === '' || isSearching}
        isLoading={isSearching}
        loadingText="Searching..."
      >
        Search
      </Button>
    </form>
  );
}
