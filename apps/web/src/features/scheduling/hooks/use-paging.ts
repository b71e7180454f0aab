import { SCHEDULE_PAGE_SIZE_DEFAULT } from '@cadence/shared';
import { useEffect, useState } from 'react';
import { totalPagesOf } from '../../../components/ui/page-items';

export interface Paging {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}

/** Page and page size of a list whose filters `filterKey` sums up: a new filter starts at page 1. */
export function usePaging(filterKey: string): Paging {
  const [pageSize, setPageSizeState] = useState<number>(SCHEDULE_PAGE_SIZE_DEFAULT);
  const [state, setState] = useState({ filterKey, page: 1 });
  return {
    page: state.filterKey === filterKey ? state.page : 1,
    pageSize,
    setPage: (page) => setState({ filterKey, page: Math.max(1, page) }),
    setPageSize: (next) => {
      setPageSizeState(next);
      setState({ filterKey, page: 1 });
    },
  };
}

/** A page emptied by deletions (or by someone else) moves back to the last page there is. */
export function useKeepPageInRange({ page, pageSize, setPage }: Paging, count: number | undefined) {
  const totalPages = count === undefined ? null : totalPagesOf(count, pageSize);
  useEffect(() => {
    if (totalPages !== null && page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);
}
